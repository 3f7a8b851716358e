// The home page's 'Most Loved Picks' as cards, rendered on the server for the grid's script to put in
// place (./FavoritesGrid.astro): the same ProductCard as everywhere, and no React in the browser.
import type { ProductSummary } from '../catalog/catalog.types';
import ProductCard, { productCardProps } from '../catalog/ProductCard';

export default function FavoriteCards({ items }: { items: ProductSummary[] }) {
  return items.map((p) => <ProductCard key={p.id} {...productCardProps(p)} />);
}
