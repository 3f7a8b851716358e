import { describe, expect, it } from 'vitest';
import { canRequestReturn, MOVES, type MoveName, staffMoves } from './lifecycle';

const canStaffMove = (from: string, to: string) => staffMoves(from).some((move) => MOVES[move].to === to);
const does = (effect: 'restock' | 'reversePoints', move: MoveName) => effect in MOVES[move] && (MOVES[move] as Record<string, unknown>)[effect] === true;

describe('the orders desk', () => {
  it('moves COD orders forward one step at a time and never out of a final state', () => {
    expect(canStaffMove('pending', 'confirmed')).toBe(true);
    expect(canStaffMove('pending', 'shipped')).toBe(false);
    expect(canStaffMove('confirmed', 'shipped')).toBe(true);
    expect(canStaffMove('shipped', 'cancelled')).toBe(false);
    expect(canStaffMove('delivered', 'refunded')).toBe(false);
    expect(canStaffMove('cancelled', 'confirmed')).toBe(false);
    expect(canStaffMove('return_requested', 'returned')).toBe(true);
    expect(canStaffMove('returned', 'refunded')).toBe(true);
    expect(canStaffMove('unknown', 'confirmed')).toBe(false);
    expect(MOVES.ship).toMatchObject({ to: 'shipped', needs: 'shipment' });
  });

  it('allows a return request only within 7 days of delivery', () => {
    const delivered = new Date('2026-11-10T10:00:00Z');
    const order = { status: 'delivered' };
    expect(canRequestReturn(order, delivered, new Date('2026-11-17T09:59:00Z'))).toBe(true);
    expect(canRequestReturn(order, delivered, new Date('2026-11-17T10:01:00Z'))).toBe(false);
    expect(canRequestReturn({ status: 'shipped' }, delivered, new Date('2026-11-11T10:00:00Z'))).toBe(false);
    expect(canRequestReturn(order, null, new Date())).toBe(false);
  });

  it('takes points back on cancel and return, and restocks only cancelled (unopened) orders', () => {
    expect(does('reversePoints', 'cancel_by_customer')).toBe(true);
    expect(does('reversePoints', 'cancel_by_staff')).toBe(true);
    expect(does('reversePoints', 'receive_return')).toBe(true);
    expect(does('reversePoints', 'deliver')).toBe(false);
    expect(does('restock', 'cancel_by_staff')).toBe(true);
    expect(does('restock', 'receive_return')).toBe(false);
  });
});
