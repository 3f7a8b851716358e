// The owner's sales report (/admin/reports and its CSV): every figure is computed here, in SQL, over
// Indian days (UTC+5:30, no daylight saving, so a fixed offset is exact and needs no time-zone data).
//
// Definitions (shown on the page as well):
// - Orders: every order placed in the period, whatever its status now.
// - Revenue: what the store kept of the period's orders: their totals paid or payable less what was
//   refunded, cancelled orders and orders still awaiting an online payment left out (COD orders count
//   from the moment they are placed, like a booking; a partly refunded order counts what it kept; a
//   replacement refunds nothing, so its order counts in full), rounded to the rupee. Top products count
//   what was sold, so a replacement's packs (free of charge) are not among them; low stock counts them
//   gone.
// - Average order value: revenue ÷ the orders counted in revenue (those that kept something), rounded to the rupee.
// - COD confirmation rate (decision 0090-desk-for-money): of the period's cash-on-delivery orders,
//   the share the staff confirmed (reached "confirmed" or went further; one cancelled after being
//   confirmed still counts as confirmed). A COD order still pending that was placed less than
//   CONFIRM_GRACE_HOURS ago has not had its chance yet and is left out; one pending for longer, or
//   cancelled before anyone confirmed it, counts as not confirmed. Orders paid online are confirmed by
//   their payment and take no part.
// - Prepaid share: of the period's orders that went ahead (paid online, or confirmed by the staff for
//   COD, whatever happened after), the share paid online, by count and by value (order totals as
//   placed). Orders awaiting payment, released unpaid, or cancelled before confirmation are left out.
// - Top products: packs (months × quantity) and line totals (before order-level discounts) of the
//   orders counted in revenue.
// - Low stock: products with LOW_STOCK packs or fewer in stock right now.
import { sql, type SQL } from 'drizzle-orm';
import { getDb } from '../../../db/client';
import { keptPaiseOf } from '../../orders/refunds.server';
import { LOW_STOCK } from '../../pricing/quote';

export const REPORT_RANGES = {
  today: { days: 1, label: 'Today' },
  '7d': { days: 7, label: 'Last 7 days' },
  '30d': { days: 30, label: 'Last 30 days' },
} as const;
export type ReportRange = keyof typeof REPORT_RANGES;

export const parseRange = (value: string | null | undefined): ReportRange =>
  value && Object.hasOwn(REPORT_RANGES, value) ? (value as ReportRange) : '7d';

/** Statuses that can only follow a confirmation. */
const AFTER_CONFIRMED = sql`('confirmed', 'shipped', 'out_for_delivery', 'delivered', 'return_requested', 'returned', 'partially_refunded', 'refunded')`;
const IST = sql`interval '330 minutes'`;
/** A COD order pending for less than this is too new to count against the confirmation rate. */
export const CONFIRM_GRACE_HOURS = 24;

export interface DailyFigures {
  /** The Indian calendar day, YYYY-MM-DD. */
  day: string;
  orders: number;
  revenue: number;
  averageOrderValue: number | null;
  /** COD orders that count towards the confirmation rate (the denominator): all but those pending under a day. */
  decided: number;
  /** Of those, the ones the staff confirmed. */
  confirmed: number;
  /** Percentage with one decimal, null when no COD order counts yet. */
  confirmationRate: number | null;
  /** Orders that went ahead paid online, and their totals in rupees. */
  prepaidOrders: number;
  prepaidValue: number;
  /** COD orders that went ahead (confirmed by the staff), and their totals in rupees. */
  codOrders: number;
  codValue: number;
  /** Percentages with one decimal of the orders that went ahead, null when none did. */
  prepaidShare: number | null;
  prepaidValueShare: number | null;
}
export interface TopProduct {
  productId: number;
  name: string;
  units: number;
  revenue: number;
}
export interface LowStockProduct {
  productId: number;
  name: string;
  slug: string;
  quantity: number;
}
export interface SalesReport {
  range: ReportRange;
  firstDay: string;
  lastDay: string;
  totals: Omit<DailyFigures, 'day'>;
  daily: DailyFigures[];
  topProducts: TopProduct[];
  lowStock: LowStockProduct[];
}

const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

/** The period's orders with their Indian day and what they count towards. */
function periodOrders(now: Date, days: number): SQL {
  return sql`
    bounds as (
      select ((${now.toISOString()}::timestamptz at time zone 'UTC') + ${IST})::date - ${days - 1}::int as first_day,
             ((${now.toISOString()}::timestamptz at time zone 'UTC') + ${IST})::date as last_day
    ),
    period_orders as (
      select o.id, o.status, o.total, o.payment_method, ${keptPaiseOf(sql`o`)} as kept_paise,
        ((o.created_at at time zone 'UTC') + ${IST})::date as ist_day,
        (o.status <> 'awaiting_payment' and ${keptPaiseOf(sql`o`)} > 0) as in_revenue,
        (o.status in ${AFTER_CONFIRMED}
          or exists (select 1 from order_status_history h where h.order_id = o.id and h.status = 'confirmed')) as reached_confirmed,
        (o.payment_method = 'cod' and not (o.status = 'pending'
          and o.created_at > ${now.toISOString()}::timestamptz - make_interval(hours => ${CONFIRM_GRACE_HOURS}))) as cod_judged
      from orders o, bounds b
      where o.created_at >= ((b.first_day::timestamp - ${IST}) at time zone 'UTC')
        and o.created_at < (((b.last_day + 1)::timestamp - ${IST}) at time zone 'UTC')
    )`;
}

export async function salesReport(range: ReportRange, now = new Date(), topLimit = 10): Promise<SalesReport> {
  const db = await getDb();
  const { days } = REPORT_RANGES[range];
  const figures = sql`
    count(p.id)::int as orders,
    round(coalesce(sum(p.kept_paise) filter (where p.in_revenue), 0) / 100.0)::int as revenue,
    round(sum(p.kept_paise) filter (where p.in_revenue)::numeric / 100 / nullif(count(p.id) filter (where p.in_revenue), 0))::int as average_order_value,
    count(p.id) filter (where p.cod_judged)::int as decided,
    count(p.id) filter (where p.cod_judged and p.reached_confirmed)::int as confirmed,
    round(100.0 * count(p.id) filter (where p.cod_judged and p.reached_confirmed)
      / nullif(count(p.id) filter (where p.cod_judged), 0), 1)::float8 as confirmation_rate,
    count(p.id) filter (where p.reached_confirmed and p.payment_method = 'online')::int as prepaid_orders,
    coalesce(sum(p.total) filter (where p.reached_confirmed and p.payment_method = 'online'), 0)::int as prepaid_value,
    count(p.id) filter (where p.reached_confirmed and p.payment_method = 'cod')::int as cod_orders,
    coalesce(sum(p.total) filter (where p.reached_confirmed and p.payment_method = 'cod'), 0)::int as cod_value,
    round(100.0 * count(p.id) filter (where p.reached_confirmed and p.payment_method = 'online')
      / nullif(count(p.id) filter (where p.reached_confirmed), 0), 1)::float8 as prepaid_share,
    round(100.0 * sum(p.total) filter (where p.reached_confirmed and p.payment_method = 'online')
      / nullif(sum(p.total) filter (where p.reached_confirmed), 0), 1)::float8 as prepaid_value_share`;
  type Row = {
    day: string | null;
    orders: number;
    revenue: number;
    average_order_value: number | null;
    decided: number;
    confirmed: number;
    confirmation_rate: number | null;
    prepaid_orders: number;
    prepaid_value: number;
    cod_orders: number;
    cod_value: number;
    prepaid_share: number | null;
    prepaid_value_share: number | null;
  };
  const [dailyResult, topResult, lowResult, boundsResult] = await Promise.all([
    // One row per day of the period (empty days included) and, from the rollup, the period's totals.
    db.execute(sql`with ${periodOrders(now, days)},
      days as (select generate_series(first_day, last_day, interval '1 day')::date as day from bounds)
      select to_char(d.day, 'YYYY-MM-DD') as day, ${figures}
      from days d left join period_orders p on p.ist_day = d.day
      group by rollup (d.day) order by d.day nulls last`),
    db.execute(sql`with ${periodOrders(now, days)}
      select l.product_id, pr.name, sum(l.months * l.quantity)::int as units, sum(l.line_total)::int as revenue
      from period_orders p join order_lines l on l.order_id = p.id join products pr on pr.id = l.product_id
      where p.in_revenue
      group by l.product_id, pr.name order by units desc, revenue desc, pr.name limit ${topLimit}`),
    db.execute(sql`select p.id as product_id, p.name, p.slug, s.quantity from product_stock s join products p on p.id = s.product_id
      where s.quantity <= ${LOW_STOCK} order by s.quantity, p.name`),
    db.execute(
      sql`with ${periodOrders(now, days)} select to_char(first_day, 'YYYY-MM-DD') as first_day, to_char(last_day, 'YYYY-MM-DD') as last_day from bounds`,
    ),
  ]);
  const toFigures = (r: Row): Omit<DailyFigures, 'day'> => ({
    orders: Number(r.orders),
    revenue: Number(r.revenue),
    averageOrderValue: r.average_order_value === null ? null : Number(r.average_order_value),
    decided: Number(r.decided),
    confirmed: Number(r.confirmed),
    confirmationRate: r.confirmation_rate === null ? null : Number(r.confirmation_rate),
    prepaidOrders: Number(r.prepaid_orders),
    prepaidValue: Number(r.prepaid_value),
    codOrders: Number(r.cod_orders),
    codValue: Number(r.cod_value),
    prepaidShare: r.prepaid_share === null ? null : Number(r.prepaid_share),
    prepaidValueShare: r.prepaid_value_share === null ? null : Number(r.prepaid_value_share),
  });
  const rows = rowsOf<Row>(dailyResult);
  const [bounds] = rowsOf<{ first_day: string; last_day: string }>(boundsResult);
  return {
    range,
    firstDay: bounds.first_day,
    lastDay: bounds.last_day,
    totals: toFigures(rows.find((r) => r.day === null)!),
    daily: rows.filter((r) => r.day !== null).map((r) => ({ day: r.day!, ...toFigures(r) })),
    topProducts: rowsOf<{ product_id: number; name: string; units: number; revenue: number }>(topResult).map((r) => ({
      productId: Number(r.product_id),
      name: r.name,
      units: Number(r.units),
      revenue: Number(r.revenue),
    })),
    lowStock: rowsOf<{ product_id: number; name: string; slug: string; quantity: number }>(lowResult).map((r) => ({
      productId: Number(r.product_id),
      name: r.name,
      slug: r.slug,
      quantity: Number(r.quantity),
    })),
  };
}
