// GET /api/products/{id}/faqs → { items: [{ question, answer }] } in id order (spec §7).
import type { APIRoute } from 'astro';
import { getFaqs } from '../../../../features/catalog/catalog.server';
import { productExists } from '../../../../features/catalog/product.server';

export const GET: APIRoute = async ({ params, cache }) => {
  if (!/^\d{1,9}$/.test(params.id ?? '')) return Response.json({ error: 'Invalid product id' }, { status: 400 });
  const id = Number(params.id);
  if (!(await productExists(id))) return Response.json({ error: 'Product not found' }, { status: 404 });
  const faqs = await getFaqs(id);
  cache.set({ maxAge: 3600, swr: 60, tags: ['catalog', `product:${id}`] });
  return Response.json({ items: faqs.map(({ question, answer }) => ({ question, answer })) });
};
