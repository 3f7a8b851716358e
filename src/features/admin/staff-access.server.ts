// The staff pages' gate: signed out → sign in (and back); signed in without a staff role → 403.
// Desk pages go through deskForm: the gate, who may change things, and the page's form post, in one place.
import { getDb } from '../../db/client';
import { requireUser, type SessionUser } from '../auth/session.server';
import { staffRole, type StaffRole } from '../auth/staff.server';
import { handleForm, refuse, type FormOutcome, type FormPageContext, type PostedForm } from '../http/form.server';

export async function requireStaff(context: Parameters<typeof requireUser>[0]):
  Promise<{ user: SessionUser; role: StaffRole; response?: undefined } | { response: Response; user?: undefined; role?: undefined }> {
  const session = await requireUser(context);
  if (session.redirect) return { response: session.redirect };
  const role = await staffRole(await getDb(), session.user.id);
  if (!role) return { response: new Response('This page is for Vedara Ayurveda staff.', { status: 403, headers: { 'content-type': 'text/plain; charset=utf-8' } }) };
  return { user: session.user, role };
}

/** Owners and admins change the catalogue, discount codes, staff and points; staff look. */
export const canManageDesk = (role: StaffRole) => role === 'owner' || role === 'admin';

export interface DeskStaff { user: SessionUser; role: StaffRole; canManage: boolean }

/**
 * A desk page: the staff gate, then its form post. With `managersOnly` (the message to show), a post by
 * staff who may only look is refused (403) before the handler runs.
 */
export async function deskForm<R extends FormOutcome>(
  context: Parameters<typeof requireUser>[0] & FormPageContext,
  handle: (form: PostedForm, staff: DeskStaff) => Promise<R> | R,
  { managersOnly }: { managersOnly?: string } = {},
): Promise<{ response: Response; staff?: undefined; outcome?: undefined } | { response?: undefined; staff: DeskStaff; outcome: R | ReturnType<typeof refuse> | undefined }> {
  const gate = await requireStaff(context);
  if (gate.response) return { response: gate.response };
  const staff: DeskStaff = { user: gate.user, role: gate.role, canManage: canManageDesk(gate.role) };
  const posted = await handleForm(context, (form) => (managersOnly && !staff.canManage ? refuse('forbidden', managersOnly) : handle(form, staff)));
  if (posted.response) return { response: posted.response };
  return { staff, outcome: posted.outcome };
}
