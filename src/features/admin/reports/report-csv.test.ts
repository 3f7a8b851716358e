import { describe, expect, it } from 'vitest';
import { reportCsv } from './report-csv';
import type { SalesReport } from './reports.server';

describe('report CSV', () => {
  it('writes the daily figures with a total line, then the top products', () => {
    const figures = {
      orders: 2,
      revenue: 1500,
      averageOrderValue: 750,
      decided: 1,
      confirmed: 1,
      confirmationRate: 100,
      prepaidOrders: 1,
      prepaidValue: 1000,
      codOrders: 1,
      codValue: 500,
      prepaidShare: 50,
      prepaidValueShare: 66.7,
    };
    const report: SalesReport = {
      range: 'today',
      firstDay: '2026-11-25',
      lastDay: '2026-11-25',
      totals: figures,
      daily: [{ day: '2026-11-25', ...figures }],
      topProducts: [{ productId: 1, name: 'Ashwagandha, "KSM-66"', units: 3, revenue: 1500 }],
      lowStock: [],
    };
    expect(reportCsv(report).split('\r\n')).toEqual([
      'Day (IST),Orders,Revenue (INR),Average order value (INR),COD orders counted,COD orders confirmed,COD confirmation rate (%),Orders paid online,Paid online (INR),COD orders confirmed (INR),Prepaid share of orders (%),Prepaid share of value (%)',
      '2026-11-25,2,1500,750,1,1,100,1,1000,500,50,66.7',
      'Total,2,1500,750,1,1,100,1,1000,500,50,66.7',
      '',
      'Top product,Packs sold,Revenue (INR)',
      '"Ashwagandha, ""KSM-66""",3,1500',
      '',
    ]);
  });
});
