import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatPounds } from '../../../lib/money.js';

export interface DaySales {
  date: string;
  orders: number;
  total_ex_vat: number;
  total_inc_vat: number;
}

const shortDate = (date: string) => new Date(`${date}T12:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });

/**
 * The last days' sales as bars (uPlot: a 20 kB canvas chart that draws 30 bars in a millisecond), sized to its
 * box. The chart is a picture for sighted staff; the same figures are a table right under it for everyone else.
 */
export function SalesChart({ days }: { days: readonly DaySales[] }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const xs = days.map((day) => Date.parse(`${day.date}T12:00:00Z`) / 1000);
    const ys = days.map((day) => day.total_inc_vat / 100);
    const chart = new uPlot(
      {
        width: element.clientWidth,
        height: 240,
        legend: { show: false },
        cursor: { drag: { x: false, y: false } },
        scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(10, max * 1.1)] } },
        axes: [
          { values: (_u, splits) => splits.map((s) => shortDate(new Date(s * 1000).toISOString().slice(0, 10))) },
          { values: (_u, splits) => splits.map((s) => `£${s.toLocaleString('en-GB')}`), size: 70 },
        ],
        series: [
          {},
          {
            label: 'Sales inc VAT',
            stroke: '#073763',
            fill: 'rgba(11, 83, 148, 0.75)',
            paths: uPlot.paths.bars!({ size: [0.7, 40] }),
            points: { show: false },
          },
        ],
      },
      [xs, ys],
      element,
    );
    const resize = new ResizeObserver(() => chart.setSize({ width: element.clientWidth, height: 240 }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [days]);

  const total = days.reduce((sum, day) => sum + day.total_inc_vat, 0);
  const orders = days.reduce((sum, day) => sum + day.orders, 0);
  return (
    <figure className="admin-chart" data-admin-sales-chart="">
      <div ref={box} className="admin-chart__canvas" role="img" aria-label={`Sales over the last ${days.length} days: ${formatPounds(total)} inc VAT from ${orders} orders. The figures by day are in the table below.`} />
      <details className="admin-chart__table">
        <summary>Sales by day as a table</summary>
        <table className="table">
          <caption className="visually-hidden">Sales by day, UK time</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col" className="admin-table__numeric">
                Orders
              </th>
              <th scope="col" className="admin-table__numeric">
                Ex VAT
              </th>
              <th scope="col" className="admin-table__numeric">
                Inc VAT
              </th>
            </tr>
          </thead>
          <tbody>
            {[...days].reverse().map((day) => (
              <tr key={day.date} data-admin-sales-day={day.date}>
                <th scope="row">{shortDate(day.date)}</th>
                <td className="admin-table__numeric">{day.orders}</td>
                <td className="admin-table__numeric">{formatPounds(day.total_ex_vat)}</td>
                <td className="admin-table__numeric">{formatPounds(day.total_inc_vat)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
