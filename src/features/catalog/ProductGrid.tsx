// The listing grid (spec §9: 2/3/4/5 columns by width), shared by /shop-all and /shop-by-wellness:
// server-rendered as static HTML for the first view, rendered by the islands after a re-fetch.
import type { ProductSummary } from './catalog.types';
import ProductCard, { productCardProps } from './ProductCard';

/** The cards most phones and desktops show without scrolling load eagerly; the rest lazily. */
const EAGER_CARDS = 4;

export default function ProductGrid({ products }: { products: ProductSummary[] }) {
  return (
    <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5">
      {products.map((product, index) => (
        <li key={product.id}>
          <ProductCard {...productCardProps(product)} eager={index < EAGER_CARDS} />
        </li>
      ))}
    </ul>
  );
}
