// Wishlists on a real database: saving and removing, one row per customer and product, a guest's browser
// list merged on sign-in, archived and unknown products refused.
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { getDb } from '../../db/client';
import * as t from '../../db/schema';
import { getAuth } from '../auth/auth.server';
import { PostedForm } from '../../server/http/form.server';
import { WISHLIST_MESSAGES } from './wishlist';
import { listByIds } from '../catalog/catalog.server';
import { mergeWishlist, setSaved, wishlistFormRequest, wishlistIds } from './wishlist.server';

let accounts = 0;
async function customer() {
  const { user } = await (await getAuth()).api.signUpEmail({
    body: { name: 'Wish Ful', email: `wish-${++accounts}@example.in`, password: 'tulsi-leaf-42' },
  });
  return user.id;
}

it('toggles a product, keeps one row per customer and product, and lists the cards newest first', async () => {
  const me = await customer();
  expect(await setSaved(me, 3)).toMatchObject({ ok: true, saved: true, name: 'Curcumin with Black Pepper', ids: [3] });
  expect(await setSaved(me, '7', true)).toMatchObject({ ok: true, saved: true, ids: [7, 3] });
  expect(await setSaved(me, 7, true)).toMatchObject({ ok: true, saved: true, ids: [7, 3] }); // saving twice changes nothing
  expect((await listByIds(await wishlistIds(me))).map((p) => p.id)).toEqual([7, 3]);
  expect(await setSaved(me, 3)).toMatchObject({ ok: true, saved: false, ids: [7] });
  expect(await setSaved(me, 3, false)).toMatchObject({ ok: true, saved: false, ids: [7] });

  await expect((await getDb()).insert(t.wishlistItems).values({ userId: me, productId: 7 })).rejects.toThrow();
  expect(await setSaved(me, 99999)).toEqual({ ok: false, code: 'not_found', message: WISHLIST_MESSAGES.noProduct });
  expect(await setSaved(me, 'abc')).toEqual({ ok: false, code: 'unprocessable', message: WISHLIST_MESSAGES.bad });
  expect(await wishlistIds(me)).toEqual([7]);
  // Another customer's list is their own.
  expect(await wishlistIds(await customer())).toEqual([]);
});

it('merges a guest’s browser list on sign-in: new products added, known ones kept once, unknown and archived ones left out', async () => {
  const me = await customer();
  await setSaved(me, 2, true);
  const db = await getDb();
  await db.update(t.products).set({ archivedAt: new Date() }).where(eq(t.products.id, 14));
  try {
    expect(await setSaved(me, 14, true)).toMatchObject({ ok: false, code: 'not_found' });
    const ids = await mergeWishlist(me, [2, 5, 5, 14, 99999, 'x', 9]);
    expect([...ids].sort((a, b) => a - b)).toEqual([2, 5, 9]);
    expect(await mergeWishlist(me, 'nonsense')).toEqual(ids);
  } finally {
    await db.update(t.products).set({ archivedAt: null }).where(eq(t.products.id, 14));
  }
});

it('the heart’s form post goes back where it was pressed; a guest signs in first; a refusal is answered on the page', async () => {
  const form = (productId: string) => {
    const data = new FormData();
    data.set('productId', productId);
    return new PostedForm(data);
  };
  expect(await wishlistFormRequest(null, form('3'), '/product/3?x=1')).toEqual({
    ok: true,
    redirect: '/sign-in?redirect=%2Fproduct%2F3%3Fx%3D1',
  });
  const me = { id: await customer() };
  expect(await wishlistFormRequest(me, form('3'), '/product/3')).toEqual({ ok: true, redirect: '/product/3' });
  expect(await wishlistIds(me.id)).toEqual([3]);
  expect(await wishlistFormRequest(me, form('3'), '/wishlist')).toEqual({ ok: true, redirect: '/wishlist?removed' });
  expect(await wishlistFormRequest(me, form('3'), '/wishlist')).toEqual({ ok: true, redirect: '/wishlist?saved' });
  expect(await wishlistFormRequest(me, form('99999'), '/wishlist')).toEqual({
    ok: false,
    code: 'not_found',
    message: WISHLIST_MESSAGES.noProduct,
  });
  expect(await wishlistIds(me.id)).toEqual([3]);
});
