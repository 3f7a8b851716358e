import type { APIRoute } from 'astro';
import { bookAppointment } from '../../../features/appointments/appointments.server';

export const POST: APIRoute = async ({ request }) => {
  const body = await request.json().catch(() => null);
  const result = await bookAppointment(body);
  const status = result.ok ? 201 : result.errors.time === 'This time slot is already booked.' ? 409 : Object.keys(result.errors).length ? 400 : 500;
  return Response.json(result, { status });
};
