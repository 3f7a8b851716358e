// The kit rules, pure: availability is the least over components of packs ÷ packs per kit, and taking
// stock by packsByProduct never sells more kits than were available nor takes a component below zero.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { kitAvailable, kitContentsText, packsByProduct } from './kits';

describe('kitAvailable', () => {
  it('is the least, over components, of packs on sale ÷ packs in one kit, rounded down', () => {
    expect(
      kitAvailable([
        { stock: 7, quantity: 2 },
        { stock: 10, quantity: 1 },
      ]),
    ).toBe(3);
    expect(
      kitAvailable([
        { stock: 1, quantity: 2 },
        { stock: 10, quantity: 1 },
      ]),
    ).toBe(0);
    expect(kitAvailable([])).toBe(0);
  });
});

describe('packsByProduct', () => {
  it('a kit line gives up its components’ packs (months × quantity × packs per kit), ordinary lines their own, in product order', () => {
    const parts = [
      { productId: 9, name: 'Melatonin', quantity: 1 },
      { productId: 2, name: 'Ashwagandha', quantity: 2 },
    ];
    const needs = packsByProduct([
      { productId: 15, name: 'Kit', months: 3, quantity: 2, parts },
      { productId: 9, name: 'Melatonin', months: 1, quantity: 1 },
    ]);
    expect(needs.map((n) => [n.productId, n.name, n.packs])).toEqual([
      [2, 'Ashwagandha', 12],
      [9, 'Melatonin', 7],
    ]);
    expect(needs[1].lines.map((l) => [l.line.name, l.packs])).toEqual([
      ['Kit', 6],
      ['Melatonin', 1],
    ]);
  });

  it('never oversells: kits bought one after another by the one rule succeed exactly while one is available', () => {
    const component = fc.record({ stock: fc.integer({ min: 0, max: 40 }), quantity: fc.integer({ min: 1, max: 10 }) });
    fc.assert(
      fc.property(
        fc.array(component, { minLength: 1, maxLength: 6 }),
        fc.array(fc.record({ quantity: fc.integer({ min: 1, max: 4 }), months: fc.integer({ min: 1, max: 4 }) }), {
          maxLength: 20,
        }),
        (components, purchases) => {
          const stock = new Map(components.map((c, i) => [i + 1, c.stock]));
          const parts = components.map((c, i) => ({ productId: i + 1, name: `P${i + 1}`, quantity: c.quantity }));
          let sold = 0;
          const startAvailable = kitAvailable(components);
          for (const purchase of purchases) {
            const available = kitAvailable(
              parts.map((p) => ({ stock: stock.get(p.productId)!, quantity: p.quantity })),
            );
            const needs = packsByProduct([{ productId: 99, name: 'Kit', ...purchase, parts }]);
            // The checkout's conditional decrement: all or nothing.
            const fits = needs.every((n) => stock.get(n.productId)! >= n.packs);
            expect(fits).toBe(available >= purchase.months * purchase.quantity);
            if (fits) {
              for (const n of needs) stock.set(n.productId, stock.get(n.productId)! - n.packs);
              sold += purchase.months * purchase.quantity;
            }
          }
          expect([...stock.values()].every((left) => left >= 0)).toBe(true);
          expect(sold).toBeLessThanOrEqual(startAvailable);
        },
      ),
    );
  });
});

it('kitContentsText names each product with its packs', () => {
  expect(
    kitContentsText([
      { name: 'Ashwagandha', quantity: 1 },
      { name: 'Melatonin', quantity: 2 },
    ]),
  ).toBe('Ashwagandha × 1, Melatonin × 2');
});
