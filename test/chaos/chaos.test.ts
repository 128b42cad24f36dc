// The chaos suite at CI size: 5 seeds × 150 ops at 20% faults, every fault kind the suite knows
// (chaos-stack.ts COUNTED_KINDS: dropped, reset, held past the client's timeout, cut mid-body, web
// pages and 200-with-error bodies, 429 with a reset, main dying with a write in flight, the
// renderer reloading mid-transaction, a full disk, the clock jumping, a second writer changing and
// deleting the same rows on the service), with offline spells and restarts. `npm run test:chaos`
// runs the long mode (scripts/chaos.ts).
import { describe, expect, it } from 'vitest';
import { COUNTED_KINDS } from './chaos-stack.ts';
import { isEdit } from './chaos-actions.ts';
import { drawActions, formatResult, replayCommand, runChaos, type ChaosResult } from './chaos-run.ts';

describe('chaos: seeded random edits through a fault-injecting proxy', () => {
  it('draws the same actions for the same seed, with exactly the asked number of edits', () => {
    const a = drawActions(11, 150);
    expect(drawActions(11, 150)).toEqual(a);
    expect(drawActions(12, 150)).not.toEqual(a);
    expect(a.filter(isEdit)).toHaveLength(150);
    const types = new Set([11, 12, 13].flatMap((seed) => drawActions(seed, 150).map((x) => x.type)));
    expect(types).toEqual(new Set(['create', 'bulk-create', 'update', 'delete', 'undo', 'offline', 'restart', 'wait', 'sync', 'second-writer', 'clock']));
  });

  it('2 seeds × 100 ops over 1,500 links (main reads the links listing past page 1): nothing lost, mirror equals server', { timeout: 90_000 }, async () => {
    for (const seed of [1, 2]) {
      const result = await runChaos({ seed, ops: 100, faults: 0.2, linksBefore: 1500 });
      console.log(formatResult(result));
      const why = `${formatResult(result)}\nreplay: ${replayCommand(result)} --links-before 1500`;
      expect(result.problems, why).toEqual([]);
      expect(result, why).toMatchObject({ lost: 0, duplicates: 0, converged: true });
      expect(
        result.trace.some((line) => line.includes('listing.next')),
        'main read listing pages',
      ).toBe(true);
    }
  });

  it('5 seeds × 150 ops at 20% faults: nothing lost, nothing duplicated, mirror equals server', { timeout: 90_000 }, async () => {
    const results: ChaosResult[] = [];
    for (let seed = 1; seed <= 5; seed++) {
      const result = await runChaos({ seed, ops: 150, faults: 0.2 });
      console.log(formatResult(result));
      results.push(result);
    }
    for (const result of results) {
      // `problems` also lists every visible state the user's own edits do not explain (a link
      // queued on a domain or handler they deleted is explained; a refused write is not).
      const why = `${formatResult(result)}\nreplay: ${replayCommand(result)}`;
      expect(result.problems, why).toEqual([]);
      expect(result, why).toMatchObject({ ops: 150, lost: 0, duplicates: 0, converged: true });
    }
    // Every fault kind really happened, and the restarts: CI's log names the seeds and the kinds.
    const total = (kind: (typeof COUNTED_KINDS)[number]) => results.reduce((sum, r) => sum + r.kinds[kind], 0);
    console.log(
      `chaos smoke: seeds ${results.map((r) => r.seed).join(', ')}; fault kinds ${COUNTED_KINDS.map((kind) => `${kind} ×${total(kind)}`).join(', ')}`,
    );
    for (const kind of COUNTED_KINDS)
      expect(
        results.reduce((sum, r) => sum + r.kinds[kind], 0),
        kind,
      ).toBeGreaterThan(0);
    expect(results.reduce((sum, r) => sum + r.restarts, 0)).toBeGreaterThan(0);
  });
});
