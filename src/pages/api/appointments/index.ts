import type { APIRoute } from 'astro';
import { requesterOf } from '../../../features/abuse/intake-limits.server';
import { bookAppointment, bookingStatus } from '../../../features/appointments/appointments.server';

export const POST: APIRoute = async (context) => {
  const body = await context.request.json().catch(() => null);
  const result = await bookAppointment(body, requesterOf(context));
  // The booking's id stays on the server (a bot caught by the honeypot gets the same answer).
  return Response.json(result.ok ? { ok: true } : result, { status: bookingStatus(result) });
};
