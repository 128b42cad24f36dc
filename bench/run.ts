// npm run bench [-- --quick] [-- --only a,b] [-- --out DIR]: measures Linkdock on this machine and
// writes BENCHMARKS.md and bench/results.json (quick mode writes to bench/.tmp unless --out).
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { analyticsPaintFigure } from './figures/analytics-paint.ts';
import { bulkFigure } from './figures/bulk.ts';
import { economyFigure } from './figures/economy.ts';
import { outboxFigure } from './figures/outbox.ts';
import { reliabilityFigure } from './figures/reliability.ts';
import { rendererFigure } from './figures/renderer-scale.ts';
import { sandboxFigure } from './figures/sandbox.ts';
import { statisticsEconomyFigure } from './figures/statistics-economy.ts';
import { syncFigure } from './figures/sync-throughput.ts';
import type { Figure, FigureResult } from './lib/types.ts';
import { renderMarkdown } from './report.ts';

const FIGURES: Figure[] = [
  syncFigure,
  economyFigure,
  rendererFigure,
  outboxFigure,
  bulkFigure,
  sandboxFigure,
  reliabilityFigure,
  statisticsEconomyFigure,
  analyticsPaintFigure,
];

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    only: { type: 'string' },
    out: { type: 'string' },
  },
});
const quick = values.quick;
const only = values.only?.split(',').map((s) => s.trim());
const outDir = path.resolve(values.out ?? (quick ? 'bench/.tmp' : '.'));
const baseContext = { quick, links: quick ? 2_000 : 100_000 };

const started = new Date();
const results: (FigureResult | { id: string; title: string; error: string })[] = [];
async function measure(figure: Figure, tag: boolean): Promise<void> {
  const prefix = tag ? `  [${figure.id}] ` : '  ';
  console.log(`bench: ${figure.title}`);
  const t0 = performance.now();
  try {
    results.push({ ...(await figure.run({ ...baseContext, log: (m: string) => console.log(`${prefix}${m}`) })), measuredAt: new Date().toISOString() });
  } catch (error) {
    // A figure that cannot be measured is reported as such, never left out silently.
    results.push({ id: figure.id, title: figure.title, error: error instanceof Error ? error.message : String(error) });
  }
  console.log(`${prefix}${figure.id} done in ${Math.round((performance.now() - t0) / 1000)} s`);
}
// Timed figures one at a time, on an otherwise idle machine; then the figures that only count,
// side by side (the whole command stays within its 20 minutes: economy mostly waits on windows).
const chosen = FIGURES.filter((f) => !only || only.includes(f.id));
for (const figure of chosen.filter((f) => !f.countsOnly)) await measure(figure, false);
const counting = chosen.filter((f) => f.countsOnly);
await Promise.all(counting.map((figure) => measure(figure, counting.length > 1)));

// A run of some figures (--only) keeps the other figures of the last report, so one figure can be
// measured again without running them all; each figure says when it was measured.
const previous = only ? await readPrevious(path.join(outDir, 'bench', 'results.json')) : [];
const merged = [...previous.filter((figure) => !results.some((r) => r.id === figure.id) && FIGURES.some((f) => f.id === figure.id)), ...results].sort(
  (a, b) => FIGURES.findIndex((f) => f.id === a.id) - FIGURES.findIndex((f) => f.id === b.id),
);

const report = {
  date: started.toISOString(),
  mode: quick ? 'quick' : 'full',
  machine: {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    platform: `${os.platform()} ${os.release()}`,
    node: process.version,
  },
  durationSeconds: Math.round((Date.now() - started.getTime()) / 1000),
  figures: merged,
};
await mkdir(path.join(outDir, 'bench'), { recursive: true });
await writeFile(path.join(outDir, 'bench', 'results.json'), `${JSON.stringify(report, null, 2)}\n`);
await writeFile(path.join(outDir, 'BENCHMARKS.md'), renderMarkdown(report));
console.log(`bench: wrote ${path.join(outDir, 'BENCHMARKS.md')} and bench/results.json`);
const failed = results.filter((r) => 'error' in r);
for (const f of failed) console.error(`bench: ${f.id} could not be measured: ${'error' in f ? f.error : ''}`);
process.exitCode = failed.length > 0 ? 1 : 0;

async function readPrevious(file: string): Promise<(FigureResult | { id: string; title: string; error: string })[]> {
  try {
    return (JSON.parse(await readFile(file, 'utf8')) as { figures: (FigureResult | { id: string; title: string; error: string })[] }).figures;
  } catch {
    return [];
  }
}
