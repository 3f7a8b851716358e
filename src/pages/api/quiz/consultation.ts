import type { APIRoute } from 'astro';
import { requesterOf } from '../../../features/abuse/intake-limits.server';
import { requestConsultation } from '../../../features/quiz/consultation.server';

export const POST: APIRoute = async (context) => {
  const result = await requestConsultation(await context.request.json().catch(() => null), requesterOf(context));
  if (result.ok) return Response.json({ ok: true, category: result.category }, { status: 201 });
  return Response.json(result, { status: result.limited ? 429 : Object.keys(result.errors).length ? 400 : 500 });
};
