// The chaos suite's long mode: `npm run test:chaos [-- --seeds 200 --ops 500 --faults 0.2 --crash-runs 100 --burners auto --repeat 3]`.
// Defaults: 200 seeds × 500 ops = 100,000 ops at 20% faults (the issue's "10,000 ops over 200
// seeds", ten times over), about 10 s a seed on a 2-core machine. One line per run (`ops=… faults=… kinds=… lost=0 duplicates=0
// converged=yes`), then the crash points (`--crash-runs 100` runs per point; 0 skips them). Exits
// non-zero when any run failed, and prints the command that replays a failed run.
// `--burners N|auto` spins N threads (auto: one per core) for the whole run, so it passes with the
// machine's cores busy; `--repeat K` runs the seed range K times and needs every round clean. The
// header line says seeds, ops, faults, burners and repeat; the summary sums the fault kinds.
// A run is deterministic (virtual time, faults by position): `--seed N` replays seed N alone, and
// `--trace` prints what happened in it, in order (actions, calls, requests and their faults).
// `--browser` runs the seeds with the engine in Chromium over its real IndexedDB instead
// (test/chaos/browser/browser-chaos.ts; defaults 10 seeds × 60 ops, no crash points): real timers,
// so the seed fixes the operations and the fault positions but not the timing.
import { parseArgs } from 'node:util';
import { startBurners, parseBurners } from '../test/chaos/burners.ts';
import { formatResult, replayCommand, runChaos } from '../test/chaos/chaos-run.ts';
import { COUNTED_KINDS, type CountedKind } from '../test/chaos/chaos-stack.ts';
import { CRASH_POINTS, runCrashPoint } from '../test/chaos/crash-points.ts';
import { buildChaosPage } from '../test/chaos/browser/build-entry.ts';
import { BROWSER_COUNTED, browserReplayCommand, formatBrowserResult, runBrowserChaos } from '../test/chaos/browser/browser-chaos.ts';
import { hasChromium } from '../test/support/browser.ts';

const { values } = parseArgs({
  options: {
    seeds: { type: 'string' },
    seed: { type: 'string' },
    ops: { type: 'string' },
    faults: { type: 'string', default: '0.2' },
    'first-seed': { type: 'string', default: '1' },
    'crash-runs': { type: 'string' },
    trace: { type: 'boolean', default: false },
    verbose: { type: 'boolean', default: false },
    burners: { type: 'string' },
    repeat: { type: 'string', default: '1' },
    browser: { type: 'boolean', default: false },
    'links-before': { type: 'string', default: '0' },
  },
});
if (values.browser) process.exit(await runBrowserSeeds());
const seeds = values.seed === undefined ? Number(values.seeds ?? 200) : 1;
const ops = Number(values.ops ?? 500);
const faults = Number(values.faults);
const firstSeed = Number(values.seed ?? values['first-seed']);
// Replaying one seed skips the crash points unless asked for.
const crashRuns = Number(values['crash-runs'] ?? (values.seed === undefined ? 100 : 0));
const burnerCount = parseBurners(values.burners);
const repeat = Number(values.repeat);
const linksBefore = Number(values['links-before']);
if (
  ![seeds, ops, faults, firstSeed, crashRuns, repeat, linksBefore].every(Number.isFinite) ||
  linksBefore < 0 ||
  seeds < 0 ||
  ops < 1 ||
  faults < 0 ||
  faults > 1 ||
  crashRuns < 0 ||
  burnerCount === null ||
  !Number.isInteger(repeat) ||
  repeat < 1
) {
  console.error(
    'usage: chaos [--seeds N | --seed N] [--ops N] [--faults 0..1] [--first-seed N] [--crash-runs N] [--burners N|auto] [--repeat K] [--links-before N] [--trace] [--verbose]',
  );
  process.exit(2);
}

const burners = await startBurners(burnerCount);
console.log(
  `chaos: seeds=${firstSeed}..${firstSeed + seeds - 1} ops=${ops} faults=${faults} crash-runs=${crashRuns} burners=${burners.count} repeat=${repeat}`,
);

let failed = 0;
let faultTotal = 0;
const kindTotals = Object.fromEntries(COUNTED_KINDS.map((kind) => [kind, 0])) as Record<CountedKind, number>;
for (let round = 1; round <= repeat && seeds > 0; round++) {
  let roundFailed = 0;
  const started = performance.now();
  for (let seed = firstSeed; seed < firstSeed + seeds; seed++) {
    const result = await runChaos({ seed, ops, faults, ...(linksBefore > 0 ? { linksBefore } : {}) });
    if (values.trace) for (const line of result.trace) console.log(line);
    console.log(formatResult(result));
    for (const kind of COUNTED_KINDS) kindTotals[kind] += result.kinds[kind];
    faultTotal += result.faults;
    const bad = result.lost > 0 || result.duplicates > 0 || !result.converged || result.problems.length > 0;
    if (bad) roundFailed++;
    if (bad || values.verbose) {
      for (const problem of result.problems.slice(0, 20)) console.log(`  ${problem}`);
      if (result.visible > 0) console.log(`  visible: ${JSON.stringify(result.visibleKinds)}`);
    }
    if (bad) console.log(`  replay: ${replayCommand({ seed, ops, faults })}${linksBefore > 0 ? ` --links-before ${linksBefore}` : ''}`);
  }
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `chaos${repeat > 1 ? ` round ${round}/${repeat}` : ''}: ${seeds} runs × ${ops} ops at ${Math.round(faults * 100)}% faults, burners=${burners.count}: ` +
      `${roundFailed} failed, ${Math.round(seconds)} s (${(seconds / seeds).toFixed(1)} s a seed)`,
  );
  failed += roundFailed;
}
if (seeds > 0) {
  const total = COUNTED_KINDS.reduce((sum, kind) => sum + kindTotals[kind], 0);
  console.log(`chaos totals: faults=${faultTotal} kinds=${total} ${COUNTED_KINDS.map((kind) => `${kind}:${kindTotals[kind]}`).join(',')}`);
  if (repeat > 1) console.log(`chaos: ${repeat} rounds: ${failed === 0 ? 'all clean' : `${failed} failed runs`}`);
}

if (crashRuns > 0) {
  const crashStarted = performance.now();
  let crashFailed = 0;
  for (const point of CRASH_POINTS) {
    const r = await runCrashPoint(point, crashRuns);
    const ok = r.problems.length === 0 && r.crashed === r.runs;
    if (!ok) crashFailed++;
    console.log(`crash ${point} runs=${r.runs} crashed=${r.crashed} duplicates=${r.duplicates} unended=${r.unended} wrong=${r.wrong}`);
    for (const problem of r.problems.slice(0, 5)) console.log(`  ${problem}`);
  }
  console.log(`crash points: ${CRASH_POINTS.length} × ${crashRuns} runs: ${crashFailed} failed, ${Math.round((performance.now() - crashStarted) / 1000)} s`);
  failed += crashFailed;
}
await burners.stop();
console.log(`burners stopped: ${burners.count}`);
process.exit(failed > 0 ? 1 : 0);

/** `--browser`: the seeds in Chromium, one line each, a summary; the exit code. */
async function runBrowserSeeds(): Promise<number> {
  if (!hasChromium) {
    console.error('chaos --browser: no Chromium (see the line above); set CHROMIUM_PATH or apt-get install chromium');
    return 2;
  }
  const count = values.seed === undefined ? Number(values.seeds ?? 10) : 1;
  const browserOps = Number(values.ops ?? 60);
  const first = Number(values.seed ?? values['first-seed']);
  const rate = Number(values.faults);
  if (![count, browserOps, first, rate].every(Number.isFinite) || count < 1 || browserOps < 1 || rate < 0 || rate > 1) {
    console.error('usage: chaos --browser [--seeds N | --seed N] [--ops N] [--faults 0..1] [--first-seed N] [--trace] [--verbose]');
    return 2;
  }
  console.log(`chaos --browser: seeds=${first}..${first + count - 1} ops=${browserOps} faults=${rate} (Chromium, real IndexedDB, real timers)`);
  const page = await buildChaosPage();
  const totals = Object.fromEntries(BROWSER_COUNTED.map((kind) => [kind, 0])) as Record<(typeof BROWSER_COUNTED)[number], number>;
  let bad = 0;
  const started = performance.now();
  try {
    for (let seed = first; seed < first + count; seed++) {
      const result = await runBrowserChaos({ seed, ops: browserOps, faults: rate, pageDir: page.dir });
      if (values.trace) for (const line of result.trace) console.log(line);
      console.log(formatBrowserResult(result));
      for (const kind of BROWSER_COUNTED) totals[kind] += result.kinds[kind];
      const failed = result.lost > 0 || result.duplicates > 0 || !result.converged || result.problems.length > 0;
      if (failed) bad++;
      if (failed || values.verbose) {
        for (const problem of result.problems.slice(0, 20)) console.log(`  ${problem}`);
        if (result.visible > 0) console.log(`  visible: ${JSON.stringify(result.visibleKinds)}`);
      }
      if (failed) console.log(`  replay: ${browserReplayCommand({ seed, ops: browserOps, faults: rate })}`);
    }
  } finally {
    await page.cleanup();
  }
  const seconds = (performance.now() - started) / 1000;
  console.log(`chaos --browser: ${count} runs × ${browserOps} ops at ${Math.round(rate * 100)}% faults: ${bad} failed, ${Math.round(seconds)} s`);
  console.log(`chaos --browser totals: ${BROWSER_COUNTED.map((kind) => `${kind}:${totals[kind]}`).join(',')}`);
  return bad > 0 ? 1 : 0;
}
