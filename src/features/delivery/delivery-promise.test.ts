// One delivery promise everywhere (docs/decisions/0096-one-delivery-promise.md): the figures live in
// delivery-estimate.ts, and the shipping policy, the refunds policy and the product page's note say
// the same. A failure names the sentence that drifted from the rule.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SHELF_LIFE_RULE } from '../../lib/shelf-life';
import {
  DELIVERY_DAYS,
  DELIVERY_PROMISE,
  DISPATCH_BUSINESS_DAYS,
  PIN_MESSAGES,
  TRANSIT_DAYS,
  UNSERVED_PIN_MESSAGE,
} from './delivery-estimate';

const root = join(import.meta.dirname, '../../..');
const read = (file: string) => readFileSync(join(root, file), 'utf8');

describe('the delivery promise', () => {
  it('is 2 business days to dispatch, then 5, 7 or 8 days by zone: the policy’s 5 to 8', () => {
    expect(DISPATCH_BUSINESS_DAYS).toBe(2);
    expect(TRANSIT_DAYS).toEqual({ metro: 5, rest: 7, remote: 8 });
    expect(DELIVERY_DAYS).toEqual({ from: 5, to: 8 });
    expect(DELIVERY_PROMISE).toBe('Dispatched within 2 business days, delivered 5–8 days later');
  });

  it('says exactly "We can\'t take orders to this PIN yet" for a PIN the store cannot serve', () => {
    expect(UNSERVED_PIN_MESSAGE).toBe("We can't take orders to this PIN yet");
    expect(PIN_MESSAGES.unknown).toBe(UNSERVED_PIN_MESSAGE);
  });

  it('lets the shelf-life line count at least to the latest promised day', () => {
    expect(SHELF_LIFE_RULE.deliveryAllowanceDays).toBeGreaterThanOrEqual(DELIVERY_DAYS.to);
  });

  it('is what the shipping policy states', () => {
    const policy = read('content/policies/shipping.md');
    expect(policy).toContain(`within **${DISPATCH_BUSINESS_DAYS} business days** of confirmation`);
    expect(policy).toContain(`within **${DELIVERY_DAYS.from} to ${DELIVERY_DAYS.to} days**`);
    expect(policy).toContain(`**${TRANSIT_DAYS.metro} days** to the metros`);
    expect(policy).toContain(`**${TRANSIT_DAYS.remote} days** to the North-East`);
    expect(policy).toContain(`**${TRANSIT_DAYS.rest} days** everywhere else`);
    expect(policy).toContain(`"${UNSERVED_PIN_MESSAGE}"`);
    // No other delivery window anywhere in it.
    const windows = [...policy.matchAll(/\*\*(\d+)(?: to (\d+))? (?:business )?days\*\*/g)].map((m) => m[0]);
    expect(windows.sort()).toEqual(
      ['**2 business days**', '**5 days**', '**5 to 8 days**', '**7 days**', '**8 days**'].sort(),
    );
  });

  it('is what the product page and the checkout say, with no other figure in the source', () => {
    const productPage = read('src/features/catalog/ProductPage.astro');
    expect(productPage).toContain('DELIVERY_PROMISE');
    expect(productPage).not.toMatch(/\d+[–-]\d+ (business )?days/);
    expect(read('src/pages/checkout.astro')).toContain('{DISPATCH_BUSINESS_DAYS} business days');
  });
});

describe('the refunds policy', () => {
  it('sends a return to the return form on the order page, a route that exists', () => {
    const policy = read('content/policies/refunds.md');
    expect(policy).toContain('**Return this order** form');
    expect(policy).toContain('[My orders](/orders)');
    expect(existsSync(join(root, 'src/pages/orders/index.astro'))).toBe(true);
    expect(read('src/features/orders/OrderView.astro')).toContain('Return this order');
  });
});
