// Files stored before a business step that then does not happen are removed again: a return whose
// later photo is refused or whose transaction loses, a gallery upload whose row cannot be written.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { placeTestOrder, returnForm, returnFormFor } from '../../../tests/support/orders';
import { dataDir, getDb } from '../../db/client';
import { orders, returns } from '../../db/schema';
import { getAuth } from '../auth/auth.server';
import { moveOrder } from './order-desk.server';
import { requestReturn } from './returns.server';

// The real moves, with a switch to make the next return request lose its transaction.
const lose = vi.hoisted(() => ({ next: null as null | 'refused' | 'throws' }));
vi.mock('./apply-move.server', async (importOriginal) => {
  const real = await importOriginal<typeof import('./apply-move.server')>();
  return {
    ...real,
    applyMove: async (...args: Parameters<typeof real.applyMove>) => {
      const how = lose.next;
      lose.next = null;
      if (how === 'refused') return { ok: false, message: real.MOVE_MESSAGES.note };
      if (how === 'throws') throw new Error('could not serialize access due to concurrent update');
      return real.applyMove(...args);
    },
  };
});
// And a catalogue whose media URL fails once inside the gallery's transaction.
const failMediaUrl = vi.hoisted(() => ({ once: false }));
vi.mock('../catalog/catalog.server', async (importOriginal) => {
  const real = await importOriginal<typeof import('../catalog/catalog.server')>();
  return {
    ...real,
    mediaUrl: (...args: Parameters<typeof real.mediaUrl>) => {
      if (failMediaUrl.once) {
        failMediaUrl.once = false;
        throw new Error('connection lost');
      }
      return real.mediaUrl(...args);
    },
  };
});

const files = async (folder: string) => readdir(path.join(dataDir(), 'uploads', folder)).catch(() => [] as string[]);
const orderFiles = async (number: string) => (await files('returns')).filter((f) => f.startsWith(`${number}-`));

async function deliveredOrder(email: string) {
  const auth = await getAuth();
  const { user } = await auth.api.signUpEmail({ body: { name: 'Return Buyer', email, password: 'tulsi-leaf-42' } });
  const customer = { id: user.id, email: user.email };
  const number = await placeTestOrder(email, customer);
  for (const step of [
    { move: 'confirm' },
    { move: 'ship', courier: 'Delhivery', trackingNumber: 'R1' },
    { move: 'deliver' },
  ]) {
    expect(await moveOrder({ id: null, name: 'Staff' }, number, step)).toEqual({ ok: true });
  }
  const [order] = await (await getDb()).select().from(orders).where(eq(orders.orderNumber, number));
  return { number, viewer: { customer }, order };
}

describe('uploads of a step that does not happen', () => {
  it('a return refused at its second photo, or whose transaction loses, leaves no file; the one recorded keeps its files', async () => {
    const { number, viewer, order } = await deliveredOrder('orphans@example.in');
    const photo = returnForm().getAll('photos')[0] as File;
    const notAPhoto = new File([new TextEncoder().encode('not an image at all')], 'box.png', { type: 'image/png' });
    expect(
      await requestReturn(number, viewer, await returnFormFor(number, { photos: [photo, notAPhoto] })),
    ).toMatchObject({ ok: false, errors: { photos: 'Photo 2: That file is not a JPEG, PNG or WebP image.' } });
    expect(await orderFiles(number)).toEqual([]);

    lose.next = 'refused';
    expect(await requestReturn(number, viewer, await returnFormFor(number))).toMatchObject({ ok: false });
    expect(await orderFiles(number)).toEqual([]);

    lose.next = 'throws';
    await expect(requestReturn(number, viewer, await returnFormFor(number))).rejects.toThrow(/concurrent update/);
    expect(await orderFiles(number)).toEqual([]);
    expect(await (await getDb()).select().from(returns).where(eq(returns.orderId, order.id))).toEqual([]);

    expect(await requestReturn(number, viewer, await returnFormFor(number))).toMatchObject({ ok: true });
    const [record] = await (await getDb()).select().from(returns).where(eq(returns.orderId, order.id));
    const kept = [record.video, ...record.photos].map((url) => url!.split('/').pop());
    expect((await orderFiles(number)).sort()).toEqual(kept.sort());
  });

  it('a gallery upload whose database row fails leaves no file in the product folder', async () => {
    const { addProductMedia } = await import('../catalog-desk/media.server');
    const video = new File(
      [new Uint8Array([0, 0, 0, 0x20, ...'ftypisom'.split('').map((c) => c.charCodeAt(0)), ...new Array(40).fill(0)])],
      'clip.mp4',
      { type: 'video/mp4' },
    );
    failMediaUrl.once = true;
    await expect(addProductMedia(3, video, 'A clip')).rejects.toThrow(/connection lost/);
    expect(await files('product_images/3')).toEqual([]);
    expect(await addProductMedia(3, video, 'A clip')).toMatchObject({ ok: true });
    expect(await files('product_images/3')).toHaveLength(1);
  });
});
