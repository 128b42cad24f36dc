// A seed replays the same run: the same actions, the same faults at the same requests, the same
// interleavings of the user's edits with the engine's calls, the same outcome. The trace (every
// action, call, request, fault, death and reload, with its virtual time) is what is compared.
import { describe, expect, it } from 'vitest';
import { runChaos } from './chaos-run.ts';

describe('chaos runs are deterministic', () => {
  it('the same seed twice gives the same trace; another seed another one', { timeout: 60_000 }, async () => {
    const first = await runChaos({ seed: 4, ops: 120, faults: 0.25 });
    const again = await runChaos({ seed: 4, ops: 120, faults: 0.25 });
    expect(first.trace.length).toBeGreaterThan(300);
    expect(again.trace).toEqual(first.trace);
    expect(again.kinds).toEqual(first.kinds);
    const other = await runChaos({ seed: 5, ops: 120, faults: 0.25 });
    expect(other.trace).not.toEqual(first.trace);
  });
});
