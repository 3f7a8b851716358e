// The staff pages' gate: signed out → sign in (and back); signed in without a staff role → 403.
import { getDb } from '../../db/client';
import { requireUser, type SessionUser } from '../auth/session.server';
import { staffRole, type StaffRole } from '../auth/staff.server';

export async function requireStaff(context: Parameters<typeof requireUser>[0]):
  Promise<{ user: SessionUser; role: StaffRole; response?: undefined } | { response: Response; user?: undefined; role?: undefined }> {
  const session = await requireUser(context);
  if (session.redirect) return { response: session.redirect };
  const role = await staffRole(await getDb(), session.user.id);
  if (!role) return { response: new Response('This page is for Vedara Ayurveda staff.', { status: 403, headers: { 'content-type': 'text/plain; charset=utf-8' } }) };
  return { user: session.user, role };
}
