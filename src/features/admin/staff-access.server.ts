// The back office's one permission check: session → staff role → may the role do the route's action
// (src/lib/permissions.ts)? Signed out → sign in (and back); no staff role, or a role the table does not
// allow → 403. Every desk page, form post, export and PDF goes through deskAccess or deskForm.
import { getDb } from '../../db/client';
import { can, DESK_ROUTES, forbiddenMessage, postAction, type DeskAction, type StaffRole } from '../../lib/permissions';
import { requireUser, type SessionUser } from '../auth/session.server';
import { staffRole } from '../auth/staff.server';
import {
  handleForm,
  refuse,
  type FormOutcome,
  type FormPageContext,
  type PostedForm,
} from '../../server/http/form.server';

export interface DeskStaff {
  user: SessionUser;
  role: StaffRole;
  /** The table's answer for this member (what the page shows; the server has decided already). */
  may: (action: DeskAction) => boolean;
}

type DeskContext = Parameters<typeof requireUser>[0] & { routePattern: string };

const forbidden = (message: string) =>
  new Response(message, { status: 403, headers: { 'content-type': 'text/plain; charset=utf-8' } });

/** The check: the signed-in member may do `action` (by default, open the route being answered). */
export async function deskAccess(
  context: DeskContext,
  action = DESK_ROUTES[context.routePattern]?.see,
): Promise<{ staff: DeskStaff; response?: undefined } | { response: Response; staff?: undefined }> {
  const session = await requireUser(context);
  if (session.redirect) return { response: session.redirect };
  const role = await staffRole(await getDb(), session.user.id);
  if (!role) return { response: forbidden('This page is for Vedara Ayurveda staff.') };
  if (!action) return { response: forbidden('This page is not in the back office’s permission table.') };
  if (!can(role, action)) return { response: forbidden(forbiddenMessage(action)) };
  return { staff: { user: session.user, role, may: (wanted) => can(role, wanted) } };
}

/**
 * A desk page with a form: the check for opening the page, then its post — answered 403 (the handler not
 * run, the page not rendered) when the member may not do the action the post asks for (DESK_ROUTES: by
 * route, or by a posted field).
 */
export async function deskForm<R extends FormOutcome>(
  context: DeskContext & FormPageContext,
  handle: (form: PostedForm, staff: DeskStaff) => Promise<R> | R,
): Promise<
  | { response: Response; staff?: undefined; outcome?: undefined }
  | { response?: undefined; staff: DeskStaff; outcome: R | undefined }
> {
  const access = await deskAccess(context);
  if (access.response) return { response: access.response };
  const { staff } = access;
  const route = DESK_ROUTES[context.routePattern];
  let denied: Response | undefined;
  const posted = await handleForm(context, (form) => {
    const action = postAction(route, (name) => form.text(name));
    if (staff.may(action)) return handle(form, staff);
    denied = forbidden(forbiddenMessage(action));
    return refuse('forbidden', forbiddenMessage(action));
  });
  if (denied) return { response: denied };
  if (posted.response) return { response: posted.response };
  // The only refusal not from `handle` is the permission's, answered above.
  return { staff, outcome: posted.outcome as R | undefined };
}
