import type { APIRoute } from 'astro';
import { requestConsultation } from '../../../features/quiz/consultation.server';

export const POST: APIRoute = async ({ request }) => {
  const result = await requestConsultation(await request.json().catch(() => null));
  return Response.json(result, { status: result.ok ? 201 : Object.keys(result.errors).length ? 400 : 500 });
};
