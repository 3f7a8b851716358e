// A small grid of product cards (1–3 items): the Sacred Science picks and the quiz recommendations.
import type { ProductSummary } from '../catalog/catalog.types';
import ProductCard, { productCardProps } from '../catalog/ProductCard';

export default function ProductPicks({ products }: { products: ProductSummary[] }) {
  return (
    <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {products.map((p) => (
        <li key={p.id}>
          <ProductCard {...productCardProps(p)} />
        </li>
      ))}
    </ul>
  );
}
