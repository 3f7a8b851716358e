// The staff access log on a real database: opening an order or a grievance on the desk (the functions
// those pages load them with) adds a row naming the record, found on that record's page (a guest's too)
// and, when the person has an account, on their customer page; rows go after 13 months, not before.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { placeTestOrder } from '../../../tests/support/orders';
import { getDb } from '../../db/client';
import { customerDataAccess } from '../../db/schema';
import { getAuth } from '../auth/auth.server';
import { addStaffMember } from '../auth/staff.server';
import { fileGrievanceRequest, openDeskGrievance } from '../grievances/grievances.server';
import { openDeskOrder } from '../orders/order-desk.server';
import { PostedForm } from '../../server/http/form.server';
import {
  customerDataAccessLog,
  logStaffAccess,
  purgeDataAccessLog,
  recordDataAccessLog,
} from './data-access-log.server';

async function member(email: string, role: 'staff' | 'owner') {
  const { user } = await (await getAuth()).api.signUpEmail({
    body: { name: `Desk ${role}`, email, password: 'tulsi-leaf-42' },
  });
  await addStaffMember(await getDb(), user.id, role);
  return { user: { id: user.id }, role };
}

async function fileGuestGrievance(email: string, orderNumber = '') {
  const form = new FormData();
  for (const [k, v] of Object.entries({
    name: 'Guest Shopper',
    email,
    phone: '9810012345',
    orderNumber,
    category: 'order',
    message: 'The parcel came with a broken seal.',
  }))
    form.set(k, v);
  const outcome = await fileGrievanceRequest(new PostedForm(form), { clientIp: '10.7.0.1' }, null);
  if (!outcome.ok || !outcome.redirect) throw new Error(JSON.stringify(outcome));
  return /\/grievances\/(GRV-\d{4}-\d{6})/.exec(outcome.redirect)![1];
}

describe('staff access log', () => {
  it('opening a guest’s order and grievance on the desk logs the opening, shown on that order’s and ticket’s page', async () => {
    const staff = await member('log-staff@vedara.in', 'staff');
    const number = await placeTestOrder('guest-logged@example.in');
    const ticket = await fileGuestGrievance('guest-logged@example.in', number);
    expect(await recordDataAccessLog({ kind: 'order', ref: number })).toEqual([]);

    const order = await openDeskOrder(staff, number);
    expect(order!.accessLog).toEqual([
      expect.objectContaining({ what: 'order page', role: 'staff', staffName: 'Desk staff', recordRef: number }),
    ]);
    await openDeskOrder(staff, number);
    expect(await recordDataAccessLog({ kind: 'order', ref: number })).toHaveLength(2);

    const grievance = await openDeskGrievance(staff, ticket);
    expect(grievance!.accessLog).toEqual([
      expect.objectContaining({ what: 'grievance', recordKind: 'grievance', recordRef: ticket }),
    ]);
    // A guest has no account: the rows name the records only, no email or other personal data.
    const rows = await (await getDb())
      .select()
      .from(customerDataAccess)
      .where(eq(customerDataAccess.staffUserId, staff.user.id));
    expect(rows.map((r) => [r.recordKind, r.recordRef, r.customerUserId])).toEqual([
      ['order', number, null],
      ['order', number, null],
      ['grievance', ticket, null],
    ]);
    expect(JSON.stringify(rows)).not.toContain('guest-logged@example.in');
    // An unknown order or ticket opens nothing and logs nothing.
    expect(await openDeskOrder(staff, 'VA-NOSUCH1')).toBeNull();
    expect(await openDeskGrievance(staff, 'GRV-2026-999999')).toBeNull();
    expect(
      await (await getDb()).select().from(customerDataAccess).where(eq(customerDataAccess.staffUserId, staff.user.id)),
    ).toHaveLength(3);
  });

  it('an opening of an account holder’s record (even a guest order under their email) shows on their customer page', async () => {
    const staff = await member('log-owner@vedara.in', 'owner');
    const auth = await getAuth();
    const { user: customer } = await auth.api.signUpEmail({
      body: { name: 'Rekha Menon', email: 'rekha.logged@example.in', password: 'tulsi-leaf-42' },
    });
    const signedIn = await placeTestOrder(customer.email, { id: customer.id, email: customer.email });
    const asGuest = await placeTestOrder('Rekha.Logged@example.in');
    await openDeskOrder(staff, signedIn);
    await openDeskOrder(staff, asGuest);
    // An invoice PDF names only the order: its account is found from the order.
    await logStaffAccess(staff, 'invoice PDF', [{ record: { kind: 'order', ref: signedIn } }]);
    const log = await customerDataAccessLog(customer.id);
    expect(log.map((e) => [e.what, e.recordRef])).toEqual([
      ['invoice PDF', signedIn],
      ['order page', asGuest],
      ['order page', signedIn],
    ]);
  });

  it('the nightly purge drops rows older than 13 months and keeps the rest', async () => {
    const staff = await member('log-purge@vedara.in', 'staff');
    const db = await getDb();
    const now = new Date('2027-12-15T00:00:00Z');
    const at = (iso: string, ref: string) => ({
      staffUserId: staff.user.id,
      staffRole: 'staff',
      recordKind: 'order' as const,
      recordRef: ref,
      what: 'order page',
      createdAt: new Date(iso),
    });
    await db
      .insert(customerDataAccess)
      .values([
        at('2026-11-14T23:00:00Z', 'VA-OLDEST'),
        at('2026-11-15T01:00:00Z', 'VA-THIRTEEN-MONTHS'),
        at('2027-01-10T00:00:00Z', 'VA-ELEVEN-MONTHS'),
      ]);
    const mine = async () =>
      (await db.select().from(customerDataAccess).where(eq(customerDataAccess.staffUserId, staff.user.id)))
        .map((r) => r.recordRef)
        .sort();
    expect(await purgeDataAccessLog(new Date('2027-11-14T00:00:00Z'))).toBe(0);
    expect(await mine()).toEqual(['VA-ELEVEN-MONTHS', 'VA-OLDEST', 'VA-THIRTEEN-MONTHS']);
    expect(await purgeDataAccessLog(now)).toBe(1);
    expect(await mine()).toEqual(['VA-ELEVEN-MONTHS', 'VA-THIRTEEN-MONTHS']);
  });
});
