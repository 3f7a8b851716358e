import type { APIRoute } from 'astro';
import { bookedSlots } from '../../../features/appointments/appointments.server';

export const GET: APIRoute = async ({ url }) => {
  const date = url.searchParams.get('date') ?? '';
  return Response.json({ date, booked: await bookedSlots(date) }, { headers: { 'cache-control': 'no-store' } });
};
