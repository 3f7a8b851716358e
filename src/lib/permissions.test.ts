// The permission table, role by role and action by action, as the owner would state it; every order move
// of the lifecycle is placed (a refund or a new move needs orders.refund); every desk route is listed.
import { readdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { MOVE_NAMES, MOVES } from '../features/orders/lifecycle';
import {
  can,
  DESK_ACTIONS,
  DESK_ROUTES,
  forbiddenMessage,
  mayOpen,
  orderMoveAction,
  postAction,
  STAFF_ROLES,
  type DeskAction,
  type StaffRole,
} from './permissions';

const ACTIONS = Object.keys(DESK_ACTIONS) as DeskAction[];

/** What each role may do, written out: a change to the table must change this too. */
const EXPECTED: Record<StaffRole, DeskAction[]> = {
  owner: ACTIONS,
  admin: ACTIONS.filter((action) => action !== 'staff.manage'),
  staff: ['orders.view', 'orders.move', 'catalogue.view', 'reviews.moderate', 'appointments.manage'],
};

describe('the permission table', () => {
  it.each(STAFF_ROLES.flatMap((role) => ACTIONS.map((action) => [role, action] as const)))(
    '%s · %s',
    (role, action) => {
      expect(can(role, action)).toBe(EXPECTED[role].includes(action));
    },
  );

  it('staff cannot refund, grant points, change the catalogue or see customer data; only an owner manages staff', () => {
    for (const action of [
      'orders.refund',
      'points.grant',
      'catalogue.edit',
      'customers.view',
      'mail.view',
      'staff.manage',
      'health.view',
      'grievances.answer',
    ] as const) {
      expect(can('staff', action), action).toBe(false);
    }
    expect(STAFF_ROLES.filter((role) => can(role, 'orders.refund'))).toEqual(['owner', 'admin']);
    expect(STAFF_ROLES.filter((role) => can(role, 'staff.manage'))).toEqual(['owner']);
  });

  it('someone without a staff role may do nothing', () => {
    for (const action of ACTIONS) expect(can(null, action), action).toBe(false);
    expect(mayOpen(null, '/admin/orders')).toBe(false);
  });

  it('says who may, in the words the desk shows', () => {
    expect(forbiddenMessage('orders.refund')).toBe('Only an owner or an admin can refund an order.');
    expect(forbiddenMessage('points.grant')).toBe('Only an owner or an admin can grant points.');
    expect(forbiddenMessage('staff.manage')).toBe('Only an owner can add, change or remove staff.');
  });
});

describe('order moves', () => {
  const staffMoveNames = MOVE_NAMES.filter((name) => MOVES[name].by === 'staff');

  it('a move that pays money back, or turns a replacement into a refund, needs orders.refund; every other staff move is an everyday one', () => {
    for (const name of staffMoveNames) {
      const paysBack = ('needs' in MOVES[name] && MOVES[name].needs === 'refund') || name === 'switch_to_refund';
      expect(orderMoveAction(name), name).toBe(paysBack ? 'orders.refund' : 'orders.move');
    }
    expect(staffMoveNames.filter((name) => orderMoveAction(name) === 'orders.refund')).toEqual([
      'refund',
      'switch_to_refund',
    ]);
    // Sending a replacement moves no money: every member may, as they ship orders.
    expect(orderMoveAction('send_replacement')).toBe('orders.move');
  });

  it('a move the table does not know (added later, or forged) is for owners and admins', () => {
    expect(orderMoveAction('refund_lines')).toBe('orders.refund');
    expect(orderMoveAction('')).toBe('orders.refund');
  });

  it('the order page asks for the move’s action; other desks for theirs', () => {
    const order = DESK_ROUTES['/admin/orders/[number]'];
    expect(postAction(order, (field) => (field === 'move' ? 'refund' : ''))).toBe('orders.refund');
    expect(postAction(order, (field) => (field === 'move' ? 'ship' : ''))).toBe('orders.move');
    expect(postAction(order, (field) => (field === 'move' ? 'send_replacement' : ''))).toBe('orders.move');
    expect(postAction(order, (field) => (field === 'move' ? 'switch_to_refund' : ''))).toBe('orders.refund');
    expect(postAction(DESK_ROUTES['/admin/rewards'], () => '')).toBe('points.grant');
    expect(postAction(DESK_ROUTES['/admin/customers'], () => '')).toBe('customers.view');
  });
});

describe('desk routes', () => {
  it('every route under src/pages/admin (and the return photos) is in the table, and the table names no other', async () => {
    const files = (await readdir('src/pages/admin', { recursive: true })).filter((file) => /\.(astro|ts)$/.test(file));
    const patterns = files.map((file) => `/admin/${file.replace(/\.(astro|ts)$/, '')}`.replace(/\/index$/, ''));
    expect([...patterns, '/media/returns/[file]'].sort()).toEqual(Object.keys(DESK_ROUTES).sort());
  });

  it('staff open orders, products, reviews and appointments, not customers, reports, exports, grants, staff or mail', () => {
    const open = Object.keys(DESK_ROUTES).filter((route) => mayOpen('staff', route));
    expect(open.sort()).toEqual([
      '/admin',
      '/admin/appointments',
      '/admin/categories',
      '/admin/couriers',
      '/admin/delivery',
      '/admin/discounts',
      '/admin/orders',
      '/admin/orders/[number]',
      '/admin/orders/[number]/[document].pdf',
      '/admin/payments',
      '/admin/products',
      '/admin/products/[id]',
      '/admin/reviews',
      '/admin/stock',
      '/admin/wellness',
      '/media/returns/[file]',
    ]);
    expect(Object.keys(DESK_ROUTES).filter((route) => !mayOpen('admin', route))).toEqual(['/admin/staff']);
    expect(Object.keys(DESK_ROUTES).every((route) => mayOpen('owner', route))).toBe(true);
  });
});
