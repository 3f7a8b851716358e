import type { APIRoute } from 'astro';
import { quizRecommendations } from '../../../features/quiz/quiz-products.server';

export const GET: APIRoute = async ({ url }) => {
  const category = url.searchParams.get('category')?.slice(0, 40) ?? null;
  return Response.json({ items: await quizRecommendations(category) }, { headers: { 'cache-control': 'no-store' } });
};
