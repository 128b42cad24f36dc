import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { ClickSample } from '../../sync/index.ts';
import { useResolvedTheme } from '../../ui/theme-choice.ts';

const cssVar = (name: string, fallback: string) => getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;

/** Clicks over time from the click history (a step line: counts change only between pulls). */
export function ClickChart({ samples }: { samples: readonly ClickSample[] }) {
  const host = useRef<HTMLDivElement>(null);
  // The canvas takes its colours when drawn: redraw when the theme switches.
  const dark = useResolvedTheme() === 'dark';
  useEffect(() => {
    const element = host.current;
    if (!element || samples.length === 0) return undefined;
    // The count holds until the next sample: carry the latest one to now.
    const last = samples.at(-1)!;
    const now = Date.now();
    const points = now > last.at ? [...samples, { at: now, clicks: last.clicks }] : samples;
    const fg = cssVar('--muted', '#5b616d');
    const grid = cssVar('--border', '#d8dbe1');
    const axis = { stroke: fg, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } };
    const plot = new uPlot(
      {
        width: Math.max(280, element.clientWidth || 560),
        height: 180,
        legend: { show: false },
        cursor: { drag: { x: false, y: false } },
        scales: {
          x: {
            time: true,
            range: (_u, min, max) => {
              const pad = Math.max(30, (max - min) * 0.04);
              return [min - pad, max + pad];
            },
          },
        },
        axes: [axis, { ...axis, size: 56 }],
        series: [
          {},
          {
            label: 'Clicks',
            stroke: cssVar('--accent', '#2f5bd3'),
            width: 2,
            fill: `${cssVar('--accent', '#2f5bd3')}22`,
            paths: uPlot.paths.stepped?.({ align: 1 }),
          },
        ],
      },
      [points.map((s) => s.at / 1000), points.map((s) => s.clicks)],
      element,
    );
    return () => plot.destroy();
  }, [samples, dark]);
  if (samples.length === 0) return <p className="muted">No click history yet: it is recorded at every sync.</p>;
  return (
    <div ref={host} className="click-chart" role="img" aria-label={`Clicks over time, ${samples.length} samples, latest ${samples.at(-1)?.clicks ?? 0}`} />
  );
}
