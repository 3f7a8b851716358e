import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { csvCell, reportCsv } from './report-csv';
import type { SalesReport } from './reports.server';

/** A minimal RFC 4180 reader, to check that what we write reads back as written. */
function parseCsvLine(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') { cell += '"'; i++; } else if (ch === '"') quoted = false; else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') { cells.push(cell); cell = ''; } else cell += ch;
  }
  cells.push(cell);
  return cells;
}

describe('report CSV', () => {
  it('any product name reads back as the same single cell, and never starts a formula', () => {
    fc.assert(fc.property(fc.string().filter((s) => !/[\r\n]/.test(s)), (name) => {
      const [read] = parseCsvLine(csvCell(name));
      expect(read).toBe(/^[=+\-@\t]/.test(name) ? `'${name}` : name);
      expect(/^[=+\-@]/.test(read)).toBe(false);
    }));
  });

  it('writes the daily figures with a total line, then the top products', () => {
    const figures = { orders: 2, revenue: 1500, averageOrderValue: 750, decided: 1, confirmed: 1, confirmationRate: 100 };
    const report: SalesReport = {
      range: 'today', firstDay: '2026-11-25', lastDay: '2026-11-25',
      totals: figures, daily: [{ day: '2026-11-25', ...figures }],
      topProducts: [{ productId: 1, name: 'Ashwagandha, "KSM-66"', units: 3, revenue: 1500 }], lowStock: [],
    };
    expect(reportCsv(report).split('\r\n')).toEqual([
      'Day (IST),Orders,Revenue (INR),Average order value (INR),Orders no longer pending,Confirmed or later,COD confirmation rate (%)',
      '2026-11-25,2,1500,750,1,1,100',
      'Total,2,1500,750,1,1,100',
      '',
      'Top product,Packs sold,Revenue (INR)',
      '"Ashwagandha, ""KSM-66""",3,1500',
      '',
    ]);
  });
});
