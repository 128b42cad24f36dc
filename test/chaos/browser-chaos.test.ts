// The chaos run with the engine in Chromium over its real IndexedDB (browser/browser-chaos.ts):
// 3 seeds × 60 ops at 30% faults through the proxy (every kind but main's death), page reloads
// while the engine pushes and window restarts over the same on-disk profile, clock jumps, a second
// writer. Real timers in the page, so not bit-for-bit deterministic like the Node runs: the seed
// fixes the operations and the fault positions, not the timing. `npm run test:chaos -- --browser`
// runs more seeds. Skips (with its reason, printed by support/browser.ts) without Chromium.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium } from '../support/browser.ts';
import { browserReplayCommand, formatBrowserResult, runBrowserChaos, type BrowserChaosResult } from './browser/browser-chaos.ts';
import { buildChaosPage } from './browser/build-entry.ts';

const SEEDS = [1, 2, 3];
const OPS = 60;
const FAULTS = 0.3;

describe.skipIf(!hasChromium)('chaos in Chromium: the engine over real IndexedDB, behind the fault proxy', () => {
  let page: Awaited<ReturnType<typeof buildChaosPage>> | null = null;
  beforeAll(async () => {
    page = await buildChaosPage();
  }, 60_000);
  afterAll(async () => {
    await page?.cleanup();
  });

  it(
    `${SEEDS.length} seeds × ${OPS} ops at ${FAULTS * 100}% faults: nothing lost, nothing duplicated, mirror equals server`,
    { timeout: 240_000 },
    async () => {
      const results: BrowserChaosResult[] = [];
      for (const seed of SEEDS) {
        const result = await runBrowserChaos({ seed, ops: OPS, faults: FAULTS, pageDir: page!.dir });
        console.log(formatBrowserResult(result));
        results.push(result);
      }
      for (const result of results) {
        const why = `${formatBrowserResult(result)}\n${result.problems.slice(0, 20).join('\n')}\nreplay: ${browserReplayCommand(result)}`;
        expect(result.problems, why).toEqual([]);
        expect(result, why).toMatchObject({ ops: OPS, lost: 0, duplicates: 0, converged: true });
      }
      // The faults really happened, and the window restarts the seeds drew (page closed and opened over the same profile).
      expect(results.reduce((sum, r) => sum + r.faults, 0)).toBeGreaterThan(10);
      expect(results.reduce((sum, r) => sum + r.restarts, 0)).toBeGreaterThan(0);
    },
  );
});
