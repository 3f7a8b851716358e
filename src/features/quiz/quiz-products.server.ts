// Products the wellness quiz recommends for a result category, read live from the catalogue.
import { listBySlugs } from '../catalog/catalog.server';
import type { ProductSummary } from '../catalog/catalog.types';
import { quizOutcome } from '../../lib/wellness-quiz';

export const quizRecommendations = (category: string | null): Promise<ProductSummary[]> =>
  listBySlugs(quizOutcome(category).productSlugs);
