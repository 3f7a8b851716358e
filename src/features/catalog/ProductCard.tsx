// Product card (spec §2): used in server-rendered grids and inside islands alike.
import { formatRupees } from '../../lib/money';
import { FIRST_SCREEN_PICTURE } from '../../server/http/after-load';
import { effectivePrice } from '../pricing/product-prices';
import WishlistHeart from '../wishlist/WishlistHeart';

export interface ProductCardProps {
  id: number;
  name: string;
  thumbnail_url: string | null;
  price: number;
  discountPrice: number | null;
  category?: string | null;
  /** Review average; nothing is shown without reviews. */
  rating?: number | null;
  reviewCount?: number;
  /** Marked buy 1 get 1 free. */
  bogo?: boolean;
  /** Eager-load the first row of a grid; everything else lazily. */
  eager?: boolean;
}

export const PLACEHOLDER_IMAGE = '/placeholder.png';

/** A product as the catalogue's reads give it: with its categories, or with the one the card names. */
type CardSource = {
  id: number;
  name: string;
  thumbnailUrl: string | null;
  price: number;
  discountPrice: number | null;
  rating: number | null;
  reviewCount: number;
  buyOneGetOne: boolean;
} & ({ categories: { value: string }[] } | { category: string | null });

/** The card's props for a product, its first category named on the card. */
export function productCardProps(product: CardSource): ProductCardProps {
  return {
    id: product.id,
    name: product.name,
    thumbnail_url: product.thumbnailUrl,
    price: product.price,
    discountPrice: product.discountPrice,
    category: 'categories' in product ? (product.categories[0]?.value ?? null) : product.category,
    rating: product.rating,
    reviewCount: product.reviewCount,
    bogo: product.buyOneGetOne,
  };
}

export default function ProductCard({
  id,
  name,
  thumbnail_url,
  price,
  discountPrice,
  category,
  rating = null,
  reviewCount = 0,
  bogo = false,
  eager = false,
}: ProductCardProps) {
  const pricing = effectivePrice(price, discountPrice);
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-brand-100 bg-white shadow-sm transition hover:shadow-md">
      <div className="relative aspect-square bg-brand-100" data-image-frame>
        <img
          src={thumbnail_url || PLACEHOLDER_IMAGE}
          alt=""
          width={400}
          height={400}
          loading={eager ? 'eager' : 'lazy'}
          // The first row's pictures are drawn with the page's first paint (not a frame later), so the page's
          // largest paint is not left waiting while the scripts that follow the load arrive.
          decoding={eager ? 'sync' : 'async'}
          {...(eager && FIRST_SCREEN_PICTURE)}
          data-fallback={PLACEHOLDER_IMAGE}
          // The head script marks it loaded (or swaps in the placeholder) before React hydrates.
          suppressHydrationWarning
          // Hidden until loaded only when that script runs; without JavaScript the image simply shows. The first
          // row (eager) shows at once: a fade after the load event would hold back the page's largest paint.
          className={
            eager
              ? 'h-full w-full object-cover'
              : 'h-full w-full object-cover transition-opacity duration-300 js:opacity-0 data-[loaded]:opacity-100'
          }
        />
        <div className="absolute left-2 top-2 flex flex-col items-start gap-1">
          {pricing.original != null && (
            <span className="rounded-full bg-brand-700 px-2 py-0.5 text-xs font-bold text-white">
              {pricing.savingsPercent}% OFF
            </span>
          )}
          {bogo && (
            <span className="rounded-full bg-leaf-800 px-2 py-0.5 text-xs font-bold text-white">Buy 1 Get 1 Free</span>
          )}
        </div>
        {/* Above the card's stretched link. */}
        <WishlistHeart productId={id} name={name} className="absolute right-2 top-2 z-10" />
      </div>
      <div className="flex flex-1 flex-col gap-1 p-3">
        {category && <p className="text-xs font-medium uppercase tracking-wide text-leaf-700">{category}</p>}
        <h3 className="text-sm font-semibold leading-snug text-ink sm:text-base">
          {/* The stretched link makes the whole card clickable with one accessible name. */}
          <a href={`/product/${id}`} className="after:absolute after:inset-0 focus-visible:outline-none">
            {name}
          </a>
        </h3>
        {rating != null && reviewCount > 0 && (
          <p className="text-xs text-ink">
            <span className="text-brand-700" aria-hidden="true">
              {'★'.repeat(Math.round(rating))}{' '}
            </span>
            <span className="sr-only">Rated </span>
            {rating.toFixed(1)}
            <span className="sr-only"> out of 5 from</span> ({reviewCount}
            <span className="sr-only"> {reviewCount === 1 ? 'review' : 'reviews'}</span>)
          </p>
        )}
        <div className="mt-auto flex flex-wrap items-baseline gap-x-2">
          <span className="text-lg font-bold text-ink">{formatRupees(pricing.current)}</span>
          {pricing.original != null && (
            <>
              <s className="text-sm text-gray-600">
                <span className="sr-only">MRP </span>
                {formatRupees(pricing.original)}
              </s>
              <span className="text-xs font-semibold text-leaf-700">
                Save {formatRupees(pricing.savings)} ({pricing.savingsPercent}%)
              </span>
            </>
          )}
        </div>
      </div>
    </article>
  );
}
