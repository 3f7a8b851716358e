import { describe, expect, it } from 'vitest';
import {
  canCancel,
  canRequestReturn,
  deliveredAt,
  MOVES,
  type MoveName,
  moveFits,
  staffMoves,
  statusAfter,
} from './lifecycle';
import type { ReturnStatus } from './returns-policy';

const canStaffMove = (from: string, to: string) => staffMoves(from).some((move) => MOVES[move].to === to);
const does = (effect: 'restock' | 'reversePoints', move: MoveName) =>
  effect in MOVES[move] && (MOVES[move] as Record<string, unknown>)[effect] === true;

describe('the lifecycle table', () => {
  it('moves COD orders forward one step at a time and never out of a final state', () => {
    expect(canStaffMove('pending', 'confirmed')).toBe(true);
    expect(canStaffMove('pending', 'shipped')).toBe(false);
    expect(canStaffMove('confirmed', 'shipped')).toBe(true);
    expect(canStaffMove('shipped', 'cancelled')).toBe(false);
    expect(canStaffMove('delivered', 'refunded')).toBe(false);
    expect(canStaffMove('cancelled', 'confirmed')).toBe(false);
    expect(canStaffMove('unknown', 'confirmed')).toBe(false);
    expect(staffMoves('refunded')).toEqual([]);
    expect(staffMoves('returned')).toEqual([]); // a refund needs the received return
    expect(MOVES.ship).toMatchObject({ to: 'shipped', needs: 'shipment' });
  });

  it('offers the return moves that fit the open return: decide first, then receive, then refund or replace', () => {
    const refund = (status: ReturnStatus) => ({ status, resolution: 'refund' as const });
    const replacement = (status: ReturnStatus) => ({ status, resolution: 'replacement' as const });
    expect(staffMoves('return_requested', refund('requested'))).toEqual(['accept_return', 'decline_return']);
    expect(staffMoves('return_requested', replacement('requested'))).toEqual(['accept_return', 'decline_return']);
    expect(staffMoves('return_requested', refund('accepted'))).toEqual(['receive_return']);
    expect(staffMoves('returned', refund('received'))).toEqual(['refund']);
    // A replacement is sent, or (none in stock) switched to a refund; it is never refunded as it stands.
    expect(staffMoves('returned', replacement('received'))).toEqual(['send_replacement', 'switch_to_refund']);
    expect(moveFits('receive_return', 'return_requested', refund('requested'))).toBe(false);
    expect(moveFits('refund', 'returned', refund('accepted'))).toBe(false);
    expect(moveFits('refund', 'returned', replacement('received'))).toBe(false);
    expect(moveFits('send_replacement', 'returned', refund('received'))).toBe(false);
    expect(MOVES.send_replacement).toMatchObject({ to: 'delivered', needs: 'shipment', returnTo: 'replaced' });
    expect(statusAfter('send_replacement', 0, 49_900)).toBe('delivered');
    expect(statusAfter('send_replacement', 27_450, 49_900)).toBe('partially_refunded');
    expect(MOVES.decline_return).toMatchObject({ to: 'delivered', needs: 'note', returnTo: 'declined' });
    expect(MOVES.refund).toMatchObject({ needs: 'refund', returnFrom: 'received', returnTo: 'refunded' });
  });

  it('the customer pays online instead or confirms a cash-on-delivery order, cancels and asks for returns; the staff do the rest', () => {
    const byCustomer = (Object.keys(MOVES) as MoveName[]).filter((m) => MOVES[m].by === 'customer');
    expect(byCustomer).toEqual(['switch_to_online', 'confirm_by_customer', 'cancel_by_customer', 'request_return']);
  });

  it('takes points back on cancel and with a refund, and restocks only cancelled (unopened) orders', () => {
    expect(does('reversePoints', 'cancel_by_customer')).toBe(true);
    expect(does('reversePoints', 'cancel_by_staff')).toBe(true);
    expect(does('reversePoints', 'refund')).toBe(true);
    expect(does('reversePoints', 'receive_return')).toBe(false);
    expect(does('reversePoints', 'deliver')).toBe(false);
    expect(does('reversePoints', 'accept_return')).toBe(false);
    expect(does('restock', 'cancel_by_staff')).toBe(true);
    expect(does('restock', 'receive_return')).toBe(false);
    // A replacement moves no money and no points; its packs leave stock by the move itself.
    expect(does('reversePoints', 'send_replacement')).toBe(false);
    expect(does('restock', 'send_replacement')).toBe(false);
    expect('issuesCreditNote' in MOVES.send_replacement).toBe(false);
  });
});

describe('partly refunded orders', () => {
  it('read partially refunded while only some of the money came back, refunded once all of it did', () => {
    expect(statusAfter('refund', 27_450, 49_900)).toBe('partially_refunded');
    expect(statusAfter('refund', 49_900, 49_900)).toBe('refunded');
    // A declined second return leaves the order as the first refund left it.
    expect(statusAfter('decline_return', 27_450, 49_900)).toBe('partially_refunded');
    expect(statusAfter('decline_return', 0, 49_900)).toBe('delivered');
    expect(statusAfter('receive_return', 27_450, 49_900)).toBe('returned');
  });

  it('may ask to return the rest of a partly refunded order', () => {
    const delivered = new Date('2026-11-23T06:00:00Z');
    expect(canRequestReturn({ status: 'partially_refunded' }, delivered, new Date('2026-11-25T06:00:00Z'))).toBe(true);
    expect(canRequestReturn({ status: 'refunded' }, delivered, new Date('2026-11-25T06:00:00Z'))).toBe(false);
  });
});

describe('the clock rules', () => {
  const placed = new Date('2026-11-23T06:00:00Z');
  const hours = (h: number) => new Date(placed.getTime() + h * 3_600_000);

  it('allows cancelling within 12 hours of placing, before shipping', () => {
    expect(canCancel({ status: 'pending', createdAt: placed }, hours(11.9))).toBe(true);
    expect(canCancel({ status: 'confirmed', createdAt: placed }, hours(1))).toBe(true);
    expect(canCancel({ status: 'pending', createdAt: placed }, hours(12))).toBe(false);
    for (const status of ['shipped', 'out_for_delivery', 'delivered', 'cancelled', 'returned']) {
      expect(canCancel({ status, createdAt: placed }, hours(1)), status).toBe(false);
    }
  });

  it('allows a return request only within 7 days of delivery', () => {
    const delivered = new Date('2026-11-10T10:00:00Z');
    const order = { status: 'delivered' };
    expect(canRequestReturn(order, delivered, new Date('2026-11-17T09:59:00Z'))).toBe(true);
    expect(canRequestReturn(order, delivered, new Date('2026-11-17T10:01:00Z'))).toBe(false);
    expect(canRequestReturn({ status: 'shipped' }, delivered, new Date('2026-11-11T10:00:00Z'))).toBe(false);
    expect(canRequestReturn(order, null, new Date())).toBe(false);
  });

  it('counts the window from the first delivery: a declined return does not reopen it', () => {
    const history = [
      { move: 'place', createdAt: hours(0) },
      { move: 'deliver', createdAt: hours(48) },
      { move: 'request_return', createdAt: hours(60) },
      { move: 'decline_return', createdAt: hours(70) },
    ];
    expect(deliveredAt(history)).toEqual(hours(48));
  });
});
