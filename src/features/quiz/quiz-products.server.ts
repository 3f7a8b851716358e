// Products the wellness quiz recommends for a result category, read live from the catalogue.
import { listBySlugs, type ProductSummary } from '../catalog/catalog.server';
import { quizOutcome } from '../../lib/wellness-quiz';

export const quizRecommendations = (category: string | null): Promise<ProductSummary[]> => listBySlugs(quizOutcome(category).productSlugs);
