import { describe, expect, it } from 'vitest';
import { STANDING_TICKER_LINES, TICKER, tickerLines } from './offer-lines';

describe('offers ticker lines', () => {
  it('keeps the spec’s wording where it is true and invents no urgency', () => {
    const all = tickerLines({ bogoOnSale: true, prepaid: { kind: 'flat', value: 50, cap: null }, cod: true });
    expect(all).toEqual([
      'BUY 1 GET 1 FREE OFFERS',
      'UPTO 30% DISCOUNT ON FIRST ORDER',
      'FREE SHIPPING ALL OVER INDIA ON ORDERS OF ₹499 AND ABOVE',
      '₹50 OFF WHEN YOU PAY ONLINE',
      'CASH ON DELIVERY AVAILABLE',
    ]);
    expect(all.join(' ')).not.toMatch(/FLASH|HURRY|TODAY ONLY|LIMITED/);
  });

  it('names only the offers that are live', () => {
    expect(tickerLines({ bogoOnSale: false, prepaid: null, cod: false })).toEqual([...STANDING_TICKER_LINES]);
    expect(STANDING_TICKER_LINES).toEqual([TICKER.firstOrder, TICKER.freeShipping]);
  });
});
