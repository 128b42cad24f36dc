// A chart of values per day (uPlot): bars for the main series, lines for the others, the y axis from
// zero, days without data as gaps. Days are `YYYY-MM-DD` and drawn as such (UTC), whatever the
// computer's time zone. The figure's caption says the figures in words for screen readers.
import { useEffect, useRef } from 'react';
import { useResolvedTheme } from './theme-choice.ts';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import './daily-chart.css';

export interface DailySeriesLine {
  label: string;
  /** One value per day; null: not known (drawn as a gap). */
  values: readonly (number | null)[];
  /** bars: the main series; line: another measure; previous: the period before, dashed. */
  style: 'bars' | 'line' | 'previous';
}

export interface DailyChartProps {
  days: readonly string[];
  series: readonly DailySeriesLine[];
  /** What the figure shows, in words (its caption for screen readers). */
  summary: string;
  height?: number;
}

const cssVar = (name: string, fallback: string) => getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
/** Whether this window draws on a 2D canvas (component tests in happy-dom do not). */
let canDraw: boolean | null = null;
const canvasWorks = () => (canDraw ??= document.createElement('canvas').getContext('2d') !== null);
const dayLabel = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });

export function DailyChart({ days, series, summary, height = 200 }: DailyChartProps) {
  const host = useRef<HTMLDivElement>(null);
  // The canvas takes its colours when drawn: redraw when the theme switches.
  const dark = useResolvedTheme() === 'dark';
  useEffect(() => {
    const element = host.current;
    // A window without a 2D canvas (component tests) draws nothing; the caption says the figures.
    if (!element || days.length === 0 || !canvasWorks()) return undefined;
    const accent = cssVar('--accent', '#2f5bd3');
    const muted = cssVar('--muted', '#5b616d');
    const grid = cssVar('--border', '#d8dbe1');
    const success = cssVar('--success', '#17703f');
    const axis = { stroke: muted, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } };
    const styleOf = (line: DailySeriesLine): uPlot.Series => {
      if (line.style === 'bars')
        return {
          label: line.label,
          stroke: accent,
          fill: `${accent}99`,
          width: 0,
          paths: uPlot.paths.bars?.({ size: [0.75, 24], align: 0 }),
          points: { show: false },
        };
      if (line.style === 'line') return { label: line.label, stroke: success, width: 2, points: { show: days.length <= 31 } };
      return { label: line.label, stroke: muted, width: 1.5, dash: [6, 4], points: { show: false } };
    };
    const plot = new uPlot(
      {
        width: Math.max(240, element.clientWidth || 560),
        height,
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'UTC'),
        cursor: { drag: { x: false, y: false } },
        legend: { show: true, live: true },
        scales: {
          x: { time: true, range: (_u, min, max) => [min - 43_200, max + 43_200] },
          // Counts start at zero; an empty period still shows a zero line, not a made-up scale.
          y: { range: (_u, _min, max) => [0, Math.max(4, Math.ceil(max * 1.1))] },
        },
        axes: [
          { ...axis, values: (_u, splits) => splits.map((s) => dayLabel.format(new Date(s * 1000))) },
          { ...axis, size: 48, values: (_u, splits) => splits.map((s) => (Number.isInteger(s) ? s.toLocaleString('en') : '')) },
        ],
        series: [{ label: 'Day', value: (_u, v) => (v === null ? '–' : dayLabel.format(new Date(v * 1000))) }, ...series.map(styleOf)],
      },
      [days.map((day) => Date.parse(`${day}T00:00:00Z`) / 1000), ...series.map((line) => [...line.values])] as uPlot.AlignedData,
      element,
    );
    const resize = typeof ResizeObserver === 'function' ? new ResizeObserver(() => plot.setSize({ width: Math.max(240, element.clientWidth), height })) : null;
    resize?.observe(element);
    return () => {
      resize?.disconnect();
      plot.destroy();
    };
  }, [days, series, height, dark]);
  return (
    <figure className="daily-chart">
      <div ref={host} className="daily-chart-canvas" aria-hidden="true" />
      <figcaption className="visually-hidden">{summary}</figcaption>
    </figure>
  );
}
