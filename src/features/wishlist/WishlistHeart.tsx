// The wishlist heart on cards and the product page: plain markup, no React state, so it costs nothing
// where there is no island. A real form: without JavaScript a signed-in customer's tap posts to
// /wishlist and comes back (a guest is sent to sign in). ./hearts.ts (a few lines, loaded by the layout)
// sets aria-pressed from the browser's list and saves without leaving the page.
import { heartLabel } from './wishlist';

interface Props {
  productId: number;
  name: string;
  className?: string;
}

export default function WishlistHeart({ productId, name, className = '' }: Props) {
  return (
    <form method="post" action="/wishlist" data-wishlist-form className={className}>
      <input type="hidden" name="productId" value={productId} />
      <button
        type="submit"
        data-wishlist-toggle={productId}
        aria-pressed="false"
        data-enhance
        aria-label={heartLabel(name)}
        // ./hearts.ts may set aria-pressed before an island hydrates.
        suppressHydrationWarning
        className="group/heart inline-flex h-10 w-10 items-center justify-center rounded-full bg-white/95 text-brand-700 shadow-sm ring-1 ring-brand-200 hover:bg-brand-50"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          width="22"
          height="22"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinejoin="round"
          className="group-aria-pressed/heart:fill-current"
        >
          <path d="M12 20.5s-7.5-4.6-7.5-10.2A4.3 4.3 0 0 1 12 7.6a4.3 4.3 0 0 1 7.5 2.7c0 5.6-7.5 10.2-7.5 10.2Z" />
        </svg>
      </button>
    </form>
  );
}
