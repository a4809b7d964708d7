import { useEffect, useId, useRef, useState } from 'react';

export type ChartSeries = {
  label: string;
  /** One value per day, in the order of `days`. */
  values: number[];
  color: string;
};

type Props = {
  title: string;
  /** UTC days, `YYYY-MM-DD`, oldest first. */
  days: string[];
  series: ChartSeries[];
  /** How a value is written on the axis and in the table. */
  format?: (value: number) => string;
};

const plainNumber = (value: number) => String(value);
const chartHeight = 220;

/** "Nov 3" for a UTC day, the same wherever the operator is. */
export function shortDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date)).toLocaleDateString(undefined, {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/**
 * A chart of figures by day drawn by uPlot (loaded with the console only), and the same numbers as
 * a table: read by screen readers always, shown to everyone with "Show table" (the canvas says
 * nothing to assistive technology).
 */
export function DayChart({ title, days, series, format = plainNumber }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const [showTable, setShowTable] = useState(false);
  const tableId = useId();

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    let plot: { destroy(): void; setSize(size: { width: number; height: number }): void } | undefined;
    let observer: ResizeObserver | undefined;
    let gone = false;
    void (async () => {
      const [{ default: UPlot }] = await Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]);
      if (gone) return;
      const xs = days.map((day) => Date.parse(`${day}T00:00:00Z`) / 1000);
      plot = new UPlot(
        {
          width: Math.max(element.clientWidth, 240),
          height: chartHeight,
          legend: { show: false },
          cursor: { show: true, points: { show: false } },
          tzDate: (ts) => UPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
          scales: { x: { time: true }, y: { range: (_u, min, max) => [Math.min(0, min), Math.max(1, max)] } },
          axes: [
            { stroke: '#4b5563', grid: { show: false } },
            { stroke: '#4b5563', values: (_u, splits) => splits.map(format), size: 64, grid: { stroke: '#e5e7eb' } },
          ],
          series: [
            {},
            ...series.map((one) => ({
              label: one.label,
              stroke: one.color,
              width: 2,
              // A dot on every day, so a single busy day still shows.
              points: { show: true, size: 5, fill: one.color },
            })),
          ],
        },
        [xs, ...series.map((one) => one.values)],
        element,
      );
      if (typeof ResizeObserver !== 'undefined') {
        observer = new ResizeObserver(() =>
          plot?.setSize({ width: Math.max(element.clientWidth, 240), height: chartHeight }),
        );
        observer.observe(element);
      }
    })();
    return () => {
      gone = true;
      observer?.disconnect();
      plot?.destroy();
    };
  }, [days, series, format]);

  return (
    <figure className="day-chart">
      <figcaption className="day-chart__head">
        <span className="day-chart__title">{title}</span>
        <span className="day-chart__legend" aria-hidden="true">
          {series.map((one) => (
            <span key={one.label} className="day-chart__key">
              <span className="day-chart__swatch" style={{ background: one.color }} />
              {one.label}
            </span>
          ))}
        </span>
        <button
          type="button"
          className="day-chart__toggle"
          aria-expanded={showTable}
          aria-controls={tableId}
          onClick={() => setShowTable((shown) => !shown)}
        >
          {showTable ? 'Hide table' : 'Show table'}
        </button>
      </figcaption>
      <div ref={box} className="day-chart__plot" aria-hidden="true" />
      <div id={tableId} className={showTable ? 'admin-table-scroll' : 'visually-hidden'}>
        <table className="data-table admin-table">
          <caption className="visually-hidden">{title}, by day</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              {series.map((one) => (
                <th key={one.label} scope="col" className="admin-num">
                  {one.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {days.map((day, i) => (
              <tr key={day}>
                <th scope="row">{shortDay(day)}</th>
                {series.map((one) => (
                  <td key={one.label} className="admin-num">
                    {format(one.values[i] ?? 0)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
