// Products the wellness quiz recommends for a result category, read live from the catalogue.
import { getProductBySlug, type ProductSummary } from '../catalog/catalog.server';
import { quizOutcome } from '../../lib/wellness-quiz';

export async function quizRecommendations(category: string | null): Promise<ProductSummary[]> {
  const products = await Promise.all(quizOutcome(category).productSlugs.map(getProductBySlug));
  return products.filter((p) => p !== null).map((p) => ({
    id: p.id, slug: p.slug, name: p.name, thumbnailUrl: p.thumbnailUrl, price: p.price, discountPrice: p.discountPrice,
    tags: p.tags, category: p.category, categories: p.categories, rating: p.rating,
  }));
}
