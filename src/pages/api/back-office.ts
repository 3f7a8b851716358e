// GET /api/back-office: whether the signed-in account may open the back office (staff only), so the
// account menu can offer the link. The server decides; customers and visitors get false.
import type { APIRoute } from 'astro';
import { getDb } from '../../db/client';
import { getSessionUser } from '../../features/auth/session.server';
import { staffRole } from '../../features/auth/staff.server';

export const prerender = false;

export const GET: APIRoute = async ({ request }) => {
  const user = await getSessionUser(request.headers);
  const backOffice = user ? (await staffRole(await getDb(), user.id)) !== null : false;
  return Response.json({ backOffice }, { headers: { 'cache-control': 'private, no-store' } });
};
