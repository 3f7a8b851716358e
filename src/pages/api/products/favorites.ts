import type { APIRoute } from 'astro';
import { listFavorites } from '../../../features/catalog/catalog.server';

export const GET: APIRoute = async () => Response.json({ items: await listFavorites(4) });
