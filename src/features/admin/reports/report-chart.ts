// The reports page's daily chart (browser only): revenue as a line, orders as points, drawn with
// uPlot from the figures the server put in the page. The table under it stays the accessible source;
// the chart is decoration for sighted users with JavaScript (role="img" with a summary label).
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { niceScale } from './chart-scale';

export interface ChartData {
  days: string[];
  revenue: number[];
  orders: number[];
}

const shortDay = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-IN', { day: 'numeric', month: 'short', timeZone: 'UTC' });

export function drawReportChart(container: HTMLElement) {
  const data = JSON.parse(container.dataset.chart ?? '{}') as ChartData;
  if (!data.days?.length) return;
  const xs = data.days.map((_, i) => i);
  const label = (i: number) => (Number.isInteger(i) && data.days[i] ? shortDay(data.days[i]) : '');
  const size = () => ({ width: Math.max(280, container.clientWidth), height: 260 });
  // Each scale runs from 0 to a round figure above its highest day, ticked at every step up to that top.
  const revenue = niceScale(Math.max(0, ...data.revenue));
  const orders = niceScale(Math.max(0, ...data.orders), 5, true);
  const ticks =
    ({ step, top }: { step: number; top: number }) =>
    () =>
      Array.from({ length: Math.round(top / step) + 1 }, (_, i) => i * step);
  const chart = new uPlot(
    {
      ...size(),
      legend: { show: false },
      cursor: { show: false },
      scales: {
        x: { time: false },
        y: { range: () => [0, revenue.top] },
        orders: { range: () => [0, orders.top] },
      },
      axes: [
        { values: (_u, ticks) => ticks.map(label), stroke: '#1f2933', grid: { stroke: '#e7d6b0' } },
        { label: 'Revenue (₹)', stroke: '#1f2933', grid: { stroke: '#e7d6b0' }, size: 70, splits: ticks(revenue) },
        {
          scale: 'orders',
          side: 1,
          label: 'Orders',
          stroke: '#1f2933',
          grid: { show: false },
          splits: ticks(orders),
        },
      ],
      series: [
        {},
        { label: 'Revenue', stroke: '#24542d', width: 2, fill: 'rgba(36, 84, 45, 0.12)' },
        {
          label: 'Orders',
          scale: 'orders',
          stroke: '#975a16',
          width: 0,
          points: { show: true, size: 8, fill: '#975a16' },
        },
      ],
    },
    [xs, data.revenue, data.orders],
    container,
  );
  new ResizeObserver(() => chart.setSize(size())).observe(container);
  container.dataset.drawn = 'true';
  // What the axes cover, for anyone checking the chart against the table under it.
  container.dataset.revenueTop = String(revenue.top);
  container.dataset.ordersTop = String(orders.top);
}
