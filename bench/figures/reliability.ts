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
        '242 s (12.1 s a seed at 300 ops). ' +
        // Measured by hand: a round takes 30–70 minutes under the burners, too long for the bench.
        "The issue's full run, `npm run test:chaos -- --seeds 200 --ops 500 --burners auto --crash-runs 0`, 2 CPU-burner threads on this 2-core machine, measured by hand: " +
        'round 1 (2026-11-26, commit 1cd6a6e): 200 × 500 ops, 0 failed, 1,827 s (9.1 s a seed); round 2 (2026-11-26, commit 3cd2a55, the machine busier still: other builds and tests ran beside it): 0 failed, 4,023 s (20.1 s a seed), ' +
        'every seed with the same trace hash as in round 1 (the run is deterministic, so the load changed the time, not what happened); both rounds: lost=0, duplicates=0, converged=yes in every run; ' +
        'kinds summed over a round: reset 3,292, timeout 3,201, cut 3,210, html 3,196, error200 3,258, 429 3,168, main-restart 1,506, reload 938, second-writer 6,525, clock 1,173, quota 1,027, ' +
        'drop-request 3,253, drop-response 3,253, 5xx-before 3,219, 5xx-after 3,218, latency 3,276 (faults=37,050). ' +
        'Round 3, on the link pages (2026-11-26, commit add5c9a, a different code path, so other traces): 199 of 200 runs clean, 2,771 s (13.9 s a seed), faults=37,145; ' +
        'seed 63 lost an edit (an explicit set to the value the mirror showed, dropped by the merge), fixed in 4990ec1, replayed clean and kept in test/chaos/regressions.test.ts. ' +
        'Three rounds in a row on one commit (2026-11-27, commit 5bbba29, the link pages; `--repeat 3`): 600 of 600 runs clean (lost=0, duplicates=0, converged=yes in every run), ' +
        'round 1: 2,356 s (11.8 s a seed), round 2: 2,210 s (11.1 s), round 3: 2,071 s (10.4 s); every seed with the same trace hash in all three rounds; ' +
        'faults 111,342 over the three (about 37,100 a round): reset 9,888, timeout 9,630, cut 9,558, html 9,570, error200 9,771, 429 9,525, main-restart 4,623, reload 3,114, second-writer 19,644, ' +
        'clock 3,519, quota 3,372, drop-request 9,687, drop-response 9,759, 5xx-before 9,678, 5xx-after 9,741, latency 9,912. ' +
        'The commits after it that change how pages are stored (one JSON text a page, rows read alone) ran 8 seeds × 300 ops with every crash point, at 1be4bc0 (15 × 100 runs) and again at 24e3f34 (15 × 40 runs): 0 failed, the same trace hashes both times. ' +
        // Measured by hand: the browser runs need Chromium and take real time, so the bench does not run them.
        'In Chromium over real IndexedDB (`npm run test:chaos -- --browser --seeds 10 --ops 60 --faults 0.3`, measured by hand 2026-11-26): the engine in a page of `preview:web` with an on-disk profile, the sandbox behind the fault proxy (every kind but main-restart), real timers, so the seed fixes the operations and fault positions but not the timing. 10 seeds × 60 ops, 0 failed: lost=0 duplicates=0 converged=yes in every run; 240 proxy faults (drop-request 17, drop-response 16, 5xx-before 21, 5xx-after 29, 429 21, latency 24, reset 21, timeout 25, cut 19, html 21, error200 26), 18 page reloads while the engine pushed, 9 window restarts (page closed and opened over the same profile), 22 second-writer changes, 4 clock jumps; 268 s (about 27 s a seed). The suite runs 3 of these seeds (`test/chaos/browser-chaos.test.ts`, about 80 s). ' +
        'Again on the link pages (2026-11-26, commit c5c2519): 10 seeds × 60 ops, 0 failed, lost=0 duplicates=0 converged=yes in every run, 237 proxy faults, 18 page reloads, 9 window restarts, 20 second-writer changes, 4 clock jumps; 272 s. ' +
        'With pages stored as text (2026-11-27, commit f21bdfe): 10 seeds × 60 ops, 0 failed, lost=0 duplicates=0 converged=yes in every run, 248 proxy faults, 18 page reloads, 9 window restarts, 22 second-writer changes, 4 clock jumps; 264 s.',
    };
  },
};
