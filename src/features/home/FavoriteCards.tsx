// The home page's 'Most Loved Picks' as cards, rendered on the server for the grid's script to put in
// place (./FavoritesGrid.astro): the same ProductCard as everywhere, and no React in the browser.
import type { ProductSummary } from '../catalog/catalog.types';
import ProductCard from '../catalog/ProductCard';

export default function FavoriteCards({ items }: { items: ProductSummary[] }) {
  return items.map((p) => (
    <ProductCard
      key={p.id}
      id={p.id}
      name={p.name}
      thumbnail_url={p.thumbnailUrl}
      price={p.price}
      discountPrice={p.discountPrice}
      category={p.categories[0]?.value ?? null}
      rating={p.rating}
      reviewCount={p.reviewCount}
      bogo={p.buyOneGetOne}
    />
  ));
}
