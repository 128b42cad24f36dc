// Chaos seeds that found a bug, kept as tests of the run that found it. A seed replays exactly
// its run only while the engine makes the same requests in the same order, so each names the
// unit test that guards the bug for good; the seed guards it end to end.
import { describe, expect, it } from 'vitest';
import { formatResult, replayCommand, runChaos } from './chaos-run.ts';

describe('chaos seeds that found bugs', () => {
  it.each([
    // Issue #15's lost edit. Link 14's sensitive_content is toggled on; the push lists links for
    // its backlog of updates; the write is applied but its answer lost (drop-response), the next
    // attempt is refused with a 200-with-error body; the user toggles it back off (the failed op
    // is rewritten: value = base). The retry merged against the listing from before the applied
    // write, saw no change of the user's and dropped the field: the service kept true.
    // Guard: test/renderer/sync/push-listing-reuse.test.ts.
    [32, 'lost edit: links /s32/31.sensitive_content = true, user set false'],
    // The same race with an undo: a handler's e-mail set to u103, applied with its answer lost
    // (5xx after applying), then undone by the user to u68: the retry kept u103.
    [37, 'lost edit: handlers hs37-49.email = "u103@chaos.example", user set "u68@chaos.example"'],
  ] as const)('seed %i, 150 ops at faults 0.3 (it found: %s)', { timeout: 60_000 }, async (seed, _found) => {
    const result = await runChaos({ seed, ops: 150, faults: 0.3 });
    const why = `${formatResult(result)}\nreplay: ${replayCommand(result)}`;
    expect(result.problems, why).toEqual([]);
    expect(result, why).toMatchObject({ lost: 0, duplicates: 0, converged: true });
  });
});
