// The report as CSV for a spreadsheet: the daily figures, a blank line, the top products (written by
// src/lib/csv.ts, which also defuses anything a spreadsheet would run as a formula).
import { toCsv } from '../../../lib/csv';
import type { SalesReport } from './reports.server';

type Cell = string | number | null;

export function reportCsv(report: SalesReport): string {
  const daily = toCsv(
    [
      'Day (IST)',
      'Orders',
      'Revenue (INR)',
      'Average order value (INR)',
      'Orders no longer pending',
      'Confirmed or later',
      'COD confirmation rate (%)',
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
      ]),
      [
        'Total',
        report.totals.orders,
        report.totals.revenue,
        report.totals.averageOrderValue,
        report.totals.decided,
        report.totals.confirmed,
        report.totals.confirmationRate,
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
