// The back office's one check on a real database, role by role: a customer, a staff member, an admin and
// an owner, each signed in with a real session, open every desk route and post to every desk form; each is
// let through or answered 403 as the permission table says, and a refused post runs nothing — a staff
// member takes a return all the way to "received" but their refund leaves the order as it was.
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { mailsTo, placeTestOrder, returnFormFor } from '../../../tests/support/orders';
import { getDb } from '../../db/client';
import { member, pointsLedger } from '../../db/schema';
import { can, DESK_ROUTES, postAction, type StaffRole } from '../../lib/permissions';
import { getAuth } from '../auth/auth.server';
import { callAuth } from '../auth/request.server';
import { addStaffMember } from '../auth/staff.server';
import { refuse, type FormOutcome, type PostedForm } from '../../server/http/form.server';
import { deskOrderDetail, orderDeskRequest } from '../orders/order-desk.server';
import { requestReturn } from '../orders/returns.server';
import { grantPointsRequest } from '../rewards/rewards.server';
import { deskAccess, deskForm, type DeskStaff } from './staff-access.server';
import { staffDeskRequest } from './staff-members.server';

const ORIGIN = 'http://store.test';
const PASSWORD = 'tulsi-leaf-42';
type Who = StaffRole | 'customer';
const EVERYONE: Who[] = ['customer', 'staff', 'admin', 'owner'];
const cookies: Partial<Record<Who | 'signed out', string>> = { 'signed out': '' };
const ids: Partial<Record<Who, string>> = {};

/** A signed-in account with the role (a customer has none): its session cookie, as the browser sends it. */
async function signedIn(who: Who, address: string) {
  const email = `${who}.desk-access@vedara.in`;
  const auth = await getAuth();
  const { user } = await auth.api.signUpEmail({ body: { name: `The ${who}`, email, password: PASSWORD } });
  if (who !== 'customer') await addStaffMember(await getDb(), user.id, who);
  const incoming = { request: new Request(`${ORIGIN}/sign-in`, { method: 'POST' }), clientAddress: address };
  const result = await callAuth(incoming, '/sign-in/email', { email, password: PASSWORD });
  expect(result.status, `${who} signs in`).toBe(200);
  ids[who] = user.id;
  cookies[who] = result.setCookies.map((c) => c.split(';')[0]).join('; ');
}

/** What a page hands the check: the request (a GET, or a form post) and Astro's bits of its context. */
function pageContext(who: Who | 'signed out', routePattern: string, fields?: Record<string, string>) {
  const path = routePattern.replace(/\[[^\]]+\]/g, 'VA-TEST1234');
  const request = fields
    ? new Request(`${ORIGIN}${path}`, {
        method: 'POST',
        body: new URLSearchParams(fields),
        headers: { cookie: cookies[who]!, origin: ORIGIN },
      })
    : new Request(`${ORIGIN}${path}`, { headers: { cookie: cookies[who]! } });
  const response: { status?: number } = {};
  const redirect = (to: string, status = 302) => new Response(null, { status, headers: { location: to } });
  return { request, url: new URL(request.url), routePattern, response, redirect };
}

/** Posts the fields as `who` through deskForm with `handle` (the page's feature function); the status the page answers. */
async function post(
  who: Who,
  routePattern: string,
  fields: Record<string, string>,
  handle: (form: PostedForm, staff: DeskStaff) => Promise<FormOutcome> | FormOutcome,
) {
  const context = pageContext(who, routePattern, fields);
  const desk = await deskForm(context, handle);
  return desk.response?.status ?? context.response.status ?? 200;
}

beforeAll(async () => {
  for (const [index, who] of EVERYONE.entries()) await signedIn(who, `192.0.2.${20 + index}`);
}, 60_000);

describe('every desk route, role by role', () => {
  const routes = Object.entries(DESK_ROUTES);

  it('signed out, every route sends the visitor to sign in and back', async () => {
    for (const [pattern] of routes) {
      const access = await deskAccess(pageContext('signed out', pattern));
      expect(access.response?.status, pattern).toBe(302);
      expect(access.response?.headers.get('location'), pattern).toMatch(/^\/sign-in\?redirect=/);
    }
  });

  it.each(EVERYONE)('opening each route as %s: let in exactly where the table allows, else 403', async (who) => {
    const role = who === 'customer' ? null : who;
    for (const [pattern, route] of routes) {
      const access = await deskAccess(pageContext(who, pattern));
      expect(access.response?.status ?? 200, `${who} GET ${pattern}`).toBe(can(role, route.see) ? 200 : 403);
      if (access.staff) expect(access.staff.role).toBe(role);
    }
  });

  it.each(EVERYONE)(
    'posting to each desk form as %s: the handler runs only where the table allows, else 403',
    async (who) => {
      const role = who === 'customer' ? null : who;
      const formRoutes = routes.filter(([, route]) => route.post);
      expect(formRoutes.length).toBeGreaterThanOrEqual(12);
      for (const [pattern, route] of formRoutes) {
        // The order page's action depends on the move; every other form's on its page.
        const posts: Record<string, string>[] =
          pattern === '/admin/orders/[number]' ? [{ move: 'ship' }, { move: 'refund' }] : [{ intent: 'save' }];
        for (const fields of posts) {
          let ran = false;
          const status = await post(who, pattern, fields, () => {
            ran = true;
            return refuse('conflict', 'Handled.');
          });
          const allowed =
            can(role, route.see) &&
            can(
              role,
              postAction(route, (name) => fields[name] ?? ''),
            );
          expect({ status, ran }, `${who} POST ${pattern} ${JSON.stringify(fields)}`).toEqual(
            allowed ? { status: 409, ran: true } : { status: 403, ran: false },
          );
        }
      }
    },
  );
});

describe('what a refused member leaves unchanged', () => {
  const orderPage = '/admin/orders/[number]';
  /** The order page's handler, as the page wires it. */
  const orderDesk =
    (number: string) =>
    (form: PostedForm, { user }: DeskStaff) =>
      orderDeskRequest({ id: user.id, name: user.name || user.email }, number, form);
  const statusOf = async (number: string) => (await deskOrderDetail(number))!.order.status;

  it('staff take a return to received; their refund is 403 and changes nothing; an admin refunds', async () => {
    const auth = await getAuth();
    const { user } = await auth.api.signUpEmail({
      body: { name: 'Return Buyer', email: 'refund-buyer@example.in', password: PASSWORD },
    });
    const customer = { id: user.id, email: user.email };
    const number = await placeTestOrder(customer.email, customer);
    const deliver: Record<string, string>[] = [
      { move: 'confirm' },
      { move: 'ship', courier: 'Delhivery', trackingNumber: 'DL1' },
      { move: 'deliver' },
    ];
    for (const fields of deliver) {
      expect(await post('staff', orderPage, fields, orderDesk(number)), fields.move).toBe(200);
    }
    expect(
      await requestReturn(number, { customer }, await returnFormFor(number, { reason: 'defective' })),
    ).toMatchObject({ ok: true });
    for (const move of ['accept_return', 'receive_return'])
      expect(await post('staff', orderPage, { move }, orderDesk(number)), move).toBe(200);
    expect(await statusOf(number)).toBe('returned');

    const refund = { move: 'refund', payoutReference: 'UPI-REF-1' };
    expect(await post('staff', orderPage, refund, orderDesk(number))).toBe(403);
    const after = (await deskOrderDetail(number))!;
    expect(after.order.status).toBe('returned');
    expect(after.returns[0]).toMatchObject({ status: 'received', refundPaise: null });
    expect(after.creditNotes).toEqual([]);
    expect((await mailsTo(customer.email)).filter((m) => m.kind === 'order_refunded')).toHaveLength(0);

    expect(await post('admin', orderPage, refund, orderDesk(number))).toBe(200);
    expect(await statusOf(number)).toBe('refunded');
  });

  it('staff granting points is 403 and the ledger is untouched; an admin grants', async () => {
    const db = await getDb();
    const grants = async () =>
      db
        .select()
        .from(pointsLedger)
        .where(and(eq(pointsLedger.userId, ids.customer!), eq(pointsLedger.reason, 'staff_grant')));
    const fields = { email: 'customer.desk-access@vedara.in', points: '500', reason: 'Followed us on Instagram' };
    const grant = (form: PostedForm, staff: DeskStaff) => grantPointsRequest(staff.user.id, form);
    expect(await post('staff', '/admin/rewards', fields, grant)).toBe(403);
    expect(await grants()).toEqual([]);
    expect(await post('admin', '/admin/rewards', fields, grant)).toBe(200);
    expect(await grants()).toHaveLength(1);
  });

  it('an admin cannot make themselves owner (403, role unchanged); an owner can change roles', async () => {
    const db = await getDb();
    const roleOf = async (id: string) =>
      (await db.select({ role: member.role }).from(member).where(eq(member.userId, id)))[0]?.role;
    expect(
      await post(
        'admin',
        '/admin/staff',
        { intent: 'set', email: 'admin.desk-access@vedara.in', role: 'owner' },
        staffDeskRequest,
      ),
    ).toBe(403);
    expect(await post('staff', '/admin/staff', { intent: 'remove', userId: ids.owner! }, staffDeskRequest)).toBe(403);
    expect(await roleOf(ids.admin!)).toBe('admin');
    expect(await roleOf(ids.owner!)).toBe('owner');
    expect(
      await post(
        'owner',
        '/admin/staff',
        { intent: 'set', email: 'customer.desk-access@vedara.in', role: 'staff' },
        staffDeskRequest,
      ),
    ).toBe(200);
    expect(await roleOf(ids.customer!)).toBe('staff');
  });
});
