// The account cart on a real database: merge on sign-in adds quantities; junk from the browser is dropped.
import { describe, expect, it } from 'vitest';
import { getAuth } from '../auth/auth.server';
import { loadSavedCart, mergeIntoSavedCart, replaceSavedCart } from './saved-cart.server';

const line = (productId: number, quantity: number) => ({ id: String(productId), productId, name: `Product ${productId}`, price: 499, image: '/p.svg', quantity });

describe('saved carts (real database)', () => {
  it('merges each device’s cart into the account cart and keeps it for the next device', async () => {
    const auth = await getAuth();
    const { user } = await auth.api.signUpEmail({ body: { name: 'Cart Owner', email: 'cart-owner@example.in', password: 'tulsi-leaf-42' } });
    expect(await loadSavedCart(user.id)).toEqual([]);
    await mergeIntoSavedCart(user.id, [line(1, 2)]);                 // phone
    const merged = await mergeIntoSavedCart(user.id, [line(1, 1), line(4, 1)]); // laptop
    expect(merged.map((i) => [i.productId, i.quantity])).toEqual([[1, 3], [4, 1]]);
    await replaceSavedCart(user.id, [line(4, 5), { bogus: true } as never]);
    expect((await loadSavedCart(user.id)).map((i) => [i.productId, i.quantity])).toEqual([[4, 5]]);
  });
});
