// The price breakup (subtotal, the one offer, shipping, points, the online-payment offer, total). Static markup: the drawer,
// /cart, /checkout and the order pages show it from the one quote (or the order row made from it).
import { formatRupees } from '../../lib/money';
import { rupeesForPoints } from '../../lib/rewards';
import type { PriceBreakup as Breakup } from '../pricing/quote';

export default function PriceBreakup({ breakup, totalLabel = 'Total' }: { breakup: Breakup; totalLabel?: string }) {
  const row = 'flex justify-between gap-4';
  return (
    <div className="text-sm">
      <dl className="space-y-2">
        <div className={row}>
          <dt>Subtotal</dt>
          <dd>{formatRupees(breakup.subtotal)}</dd>
        </div>
        {breakup.discount > 0 && (
          <div className={`${row} font-medium text-leaf-700`}>
            <dt>{breakup.discountLabel ?? 'Discount'}</dt>
            <dd>−{formatRupees(breakup.discount)}</dd>
          </div>
        )}
        <div className={row}>
          <dt>Shipping</dt>
          <dd>{breakup.shipping ? formatRupees(breakup.shipping) : 'Free'}</dd>
        </div>
        {breakup.pointsRedeemed > 0 && (
          <div className={`${row} font-medium text-leaf-700`}>
            <dt>Reward points ({breakup.pointsRedeemed.toLocaleString('en-IN')})</dt>
            <dd>−{formatRupees(rupeesForPoints(breakup.pointsRedeemed))}</dd>
          </div>
        )}
        {(breakup.prepaidDiscount ?? 0) > 0 && (
          <div className={`${row} font-medium text-leaf-700`}>
            <dt>Online payment offer</dt>
            <dd>−{formatRupees(breakup.prepaidDiscount ?? 0)}</dd>
          </div>
        )}
        <div className={`${row} border-t border-brand-100 pt-2 text-lg font-bold text-ink`}>
          <dt>{totalLabel}</dt>
          <dd data-total>{formatRupees(breakup.total)}</dd>
        </div>
      </dl>
      <p className="mt-1 text-gray-700">Inclusive of all taxes.</p>
    </div>
  );
}
