// The report as CSV (RFC 4180, CRLF) for a spreadsheet: the daily figures, a blank line, the top
// products. Text that a spreadsheet would run as a formula (=, +, -, @ first) is quoted with a
// leading apostrophe so a product name can never become a formula.
import type { SalesReport } from './reports.server';

type Cell = string | number | null;

export function csvCell(value: Cell): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n']/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const csvLines = (rows: Cell[][]) => rows.map((row) => row.map(csvCell).join(',')).join('\r\n');

export function reportCsv(report: SalesReport): string {
  const daily: Cell[][] = [
    ['Day (IST)', 'Orders', 'Revenue (INR)', 'Average order value (INR)', 'Orders no longer pending', 'Confirmed or later', 'COD confirmation rate (%)'],
    ...report.daily.map((d) => [d.day, d.orders, d.revenue, d.averageOrderValue, d.decided, d.confirmed, d.confirmationRate]),
    ['Total', report.totals.orders, report.totals.revenue, report.totals.averageOrderValue, report.totals.decided, report.totals.confirmed, report.totals.confirmationRate],
  ];
  const top: Cell[][] = [
    ['Top product', 'Packs sold', 'Revenue (INR)'],
    ...report.topProducts.map((p) => [p.name, p.units, p.revenue]),
  ];
  return `${csvLines(daily)}\r\n\r\n${csvLines(top)}\r\n`;
}

export const reportCsvFileName = (report: SalesReport) => `vedara-report-${report.firstDay}-to-${report.lastDay}.csv`;
