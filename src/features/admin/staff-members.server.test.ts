// The staff organization's members on a real database: roles change, unknown accounts and roles are
// refused, and the last owner stays. Who may change them (an owner): src/lib/permissions.ts.
import { describe, expect, it } from 'vitest';
import { getDb } from '../../db/client';
import { getAuth } from '../auth/auth.server';
import { addStaffMember, staffRole } from '../auth/staff.server';
import { listStaff, removeStaff, setStaffRole, STAFF_MESSAGES } from './staff-members.server';

async function account(email: string) {
  const auth = await getAuth();
  return (await auth.api.signUpEmail({ body: { name: email.split('@')[0], email, password: 'tulsi-leaf-42' } })).user
    .id;
}

describe('staff members (real database)', () => {
  it('an owner adds, promotes and removes members; the last owner stays', async () => {
    const db = await getDb();
    const owner = await account('only-owner@vedara.in');
    await addStaffMember(db, owner, 'owner');
    const packer = await account('packer@vedara.in');

    expect(await setStaffRole('nobody@vedara.in', 'staff')).toEqual({
      ok: false,
      code: 'invalid',
      message: STAFF_MESSAGES.noAccount,
    });
    expect(await setStaffRole('packer@vedara.in', 'boss')).toEqual({
      ok: false,
      code: 'invalid',
      message: STAFF_MESSAGES.role,
    });
    expect(await setStaffRole('Packer@Vedara.in', 'admin')).toEqual({ ok: true });
    expect(await staffRole(db, packer)).toBe('admin');
    expect(await setStaffRole('only-owner@vedara.in', 'admin')).toEqual({
      ok: false,
      code: 'conflict',
      message: STAFF_MESSAGES.lastOwner,
    });
    expect(await removeStaff(owner)).toEqual({ ok: false, code: 'conflict', message: STAFF_MESSAGES.lastOwner });
    expect(await staffRole(db, owner)).toBe('owner');

    expect(await removeStaff(packer)).toEqual({ ok: true });
    expect(await staffRole(db, packer)).toBeNull();
    expect((await listStaff()).map((m) => m.email)).toEqual(['only-owner@vedara.in']);
  });
});
