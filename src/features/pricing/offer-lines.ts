// The offers ticker's lines (spec §2 Layout), derived from the offers the quote applies (quote.ts) and
// the live ones the desk sets, so the strip never advertises what the checkout would not give
// (docs/decisions/0097-truthful-offers-ticker.md). The spec's wording is kept where it is
// true: 'FLASH SALE' is gone (no time-limited price exists), and free shipping names its ₹499 floor.
// Pure; pricing.server.ts reads the live part.
import { formatRupees } from '../../lib/money';
import { type PrepaidOffer, prepaidOfferLabel } from '../../lib/payments';
import { FIRST_ORDER_PERCENT, FREE_SHIPPING_FROM } from './quote';

export interface LiveOffers {
  /** At least one product still sold (not archived) is marked buy 1 get 1 free. */
  bogoOnSale: boolean;
  /** The desk's online-payment offer, when there is one. */
  prepaid: PrepaidOffer | null;
  /** Cash on delivery can be chosen at all (the desk's COD limit is not zero). */
  cod: boolean;
}

export const TICKER = {
  bogo: 'BUY 1 GET 1 FREE OFFERS',
  firstOrder: `UPTO ${FIRST_ORDER_PERCENT}% DISCOUNT ON FIRST ORDER`,
  freeShipping: `FREE SHIPPING ALL OVER INDIA ON ORDERS OF ${formatRupees(FREE_SHIPPING_FROM)} AND ABOVE`,
  prepaid: (offer: PrepaidOffer) => `${prepaidOfferLabel(offer).toUpperCase()} WHEN YOU PAY ONLINE`,
  cod: 'CASH ON DELIVERY AVAILABLE',
} as const;

/** The lines true whatever the database holds: the code's own offers (a pre-rendered page's fallback). */
export const STANDING_TICKER_LINES: readonly string[] = [TICKER.firstOrder, TICKER.freeShipping];

/** Every line, in the spec's order, for the offers live now. */
export function tickerLines(live: LiveOffers): string[] {
  return [
    ...(live.bogoOnSale ? [TICKER.bogo] : []),
    TICKER.firstOrder,
    TICKER.freeShipping,
    ...(live.prepaid ? [TICKER.prepaid(live.prepaid)] : []),
    ...(live.cod ? [TICKER.cod] : []),
  ];
}
