// Figure 8: the chaos suite's long mode and the crash-point runs, as figures.
import { runChaos } from '../../test/chaos/chaos-run.ts';
import { COUNTED_KINDS, type CountedKind } from '../../test/chaos/chaos-stack.ts';
import { CRASH_POINTS, runCrashPoint } from '../../test/chaos/crash-points.ts';
import type { BenchContext, Figure, FigureResult } from '../lib/types.ts';

export const reliabilityFigure: Figure = {
  id: 'reliability',
  countsOnly: true,
  title: 'Reliability: chaos suite and crash points',
  async run(context: BenchContext): Promise<FigureResult> {
    const seeds = context.quick ? 2 : 200;
    const ops = context.quick ? 100 : 500;
    const crashRuns = context.quick ? 2 : 100;
    let lost = 0;
    let duplicates = 0;
    let notConverged = 0;
    let faults = 0;
    const kinds = Object.fromEntries(COUNTED_KINDS.map((kind) => [kind, 0])) as Record<CountedKind, number>;
    const started = performance.now();
    for (let seed = 1; seed <= seeds; seed += 1) {
      const result = await runChaos({ seed, ops, faults: 0.2 });
      lost += result.lost;
      duplicates += result.duplicates;
      faults += result.faults;
      for (const kind of COUNTED_KINDS) kinds[kind] += result.kinds[kind];
      if (!result.converged) notConverged += 1;
      if (result.lost || result.duplicates || !result.converged)
        context.log(`seed ${seed}: lost=${result.lost} duplicates=${result.duplicates} converged=${result.converged}`);
    }
    const chaosSeconds = (performance.now() - started) / 1000;
    let crashFailures = 0;
    let crashTotal = 0;
    let crashed = 0;
    for (const point of CRASH_POINTS) {
      const result = await runCrashPoint(point, crashRuns);
      crashTotal += result.runs;
      crashed += result.crashed;
      crashFailures += result.duplicates + result.unended + result.wrong;
    }
    return {
      id: 'reliability',
      title: this.title,
      method:
        `Chaos: ${seeds} seeds × ${ops} seeded random operations over links, domains and handlers (with references, offline spells and ` +
        'restarts) through a fault-injecting proxy at 20% faults (dropped requests, applied-then-dropped answers, 5xx before and after ' +
        `applying, 429 with reset, latency, resets); then healing and two sync cycles. Crash points: ${CRASH_POINTS.length} awaits of the send path × ${crashRuns} runs, the engine killed there and reopened.`,
      values: {
        seeds,
        'ops per seed': ops,
        'faults injected': faults,
        ...Object.fromEntries(COUNTED_KINDS.map((kind) => [`kind: ${kind}`, kinds[kind]])),
        lost,
        duplicates,
        'runs not converged': notConverged,
        'chaos seconds': Math.round(chaosSeconds),
        'crash-point runs': crashTotal,
        'runs that crashed at their point': crashed,
        'crash-point failures (duplicates, unended, wrong)': crashFailures,
      },
      goal: {
        text: 'lost=0, duplicates=0, every run converged, every crash-point run ends with at most one row per create',
        met: lost === 0 && duplicates === 0 && notConverged === 0 && crashFailures === 0,
      },
      notes:
        'Long mode is read as 10,000 operations in all over 200 seeds; this run makes 10× that (200 × 500). Read as 10,000 per seed (2,000,000 in all) ' +
        'it does not fit the 20-minute bound: one 10,000-op seed takes about 6–7 minutes here (it ran clean; `npm run test:chaos -- --seeds 1 --ops 10000`). ' +
        'Under load (`--burners 2` on this 2-core machine, `npm run test:chaos -- --seeds 20 --ops 300 --burners 2 --crash-runs 0`): 20 seeds clean, ' +
        "242 s (12.1 s a seed at 300 ops; a 500-op seed about 20 s), so the issue's 200 seeds × 500 ops three times (`--burners auto --repeat 3`) takes about 3 × 200 × 20 s ≈ 3.3 hours here; not run yet. " +
        // Measured by hand: the browser runs need Chromium and take real time, so the bench does not run them.
        'In Chromium over real IndexedDB (`npm run test:chaos -- --browser --seeds 10 --ops 60 --faults 0.3`, measured by hand 2026-11-26): the engine in a page of `preview:web` with an on-disk profile, the sandbox behind the fault proxy (every kind but main-restart), real timers, so the seed fixes the operations and fault positions but not the timing. 10 seeds × 60 ops, 0 failed: lost=0 duplicates=0 converged=yes in every run; 240 proxy faults (drop-request 17, drop-response 16, 5xx-before 21, 5xx-after 29, 429 21, latency 24, reset 21, timeout 25, cut 19, html 21, error200 26), 18 page reloads while the engine pushed, 9 window restarts (page closed and opened over the same profile), 22 second-writer changes, 4 clock jumps; 268 s (about 27 s a seed). The suite runs 3 of these seeds (`test/chaos/browser-chaos.test.ts`, about 80 s).',
    };
  },
};
