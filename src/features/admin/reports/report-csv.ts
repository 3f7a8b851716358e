// The report as CSV for a spreadsheet: the daily figures, a blank line, the top products (written by
// src/lib/csv.ts, which also defuses anything a spreadsheet would run as a formula).
import { toCsv } from '../../../lib/csv';
import type { SalesReport } from './reports.server';

type Cell = string | number | null;
type Figures = SalesReport['totals'];

const prepaid = (f: Figures): Cell[] => [
  f.prepaidOrders,
  f.prepaidValue,
  f.codValue,
  f.prepaidShare,
  f.prepaidValueShare,
];

export function reportCsv(report: SalesReport): string {
  const daily = toCsv(
    [
      'Day (IST)',
      'Orders',
      'Revenue (INR)',
      'Average order value (INR)',
      'COD orders counted',
      'COD orders confirmed',
      'COD confirmation rate (%)',
      'Orders paid online',
      'Paid online (INR)',
      'COD orders confirmed (INR)',
      'Prepaid share of orders (%)',
      'Prepaid share of value (%)',
    ],
    [
      ...report.daily.map((d) => [
        d.day,
        d.orders,
        d.revenue,
        d.averageOrderValue,
        d.decided,
        d.confirmed,
        d.confirmationRate,
        ...prepaid(d),
      ]),
      [
        'Total',
        report.totals.orders,
        report.totals.revenue,
        report.totals.averageOrderValue,
        report.totals.decided,
        report.totals.confirmed,
        report.totals.confirmationRate,
        ...prepaid(report.totals),
      ],
    ],
  );
  const top = toCsv(
    ['Top product', 'Packs sold', 'Revenue (INR)'],
    report.topProducts.map((p): Cell[] => [p.name, p.units, p.revenue]),
  );
  return `${daily}\r\n${top}`;
}

export const reportCsvFileName = (report: SalesReport) => `vedara-report-${report.firstDay}-to-${report.lastDay}.csv`;
