// The status refresh reads the outbox and writes the counts it read: runs never overlap (a read
// begun before an edit must not land after one begun after it), and a call always gets a run that
// starts after the call, so the status it awaits includes what the caller changed.
import { describe, expect, it } from 'vitest';
import { oneAtATime } from '../../../src-renderer/sync/one-at-a-time.ts';

/** A run that reads `source` when it starts and writes it when the test lets it finish. */
function controlledRuns(source: { value: number }, target: { value: number }) {
  const pending: (() => void)[] = [];
  let running = 0;
  let overlapped = false;
  let runs = 0;
  const run = async () => {
    runs++;
    running++;
    if (running > 1) overlapped = true;
    const read = source.value;
    await new Promise<void>((resolve) => pending.push(resolve));
    target.value = read;
    running--;
  };
  const finishOne = async () => {
    pending.shift()?.();
    for (let i = 0; i < 5; i++) await Promise.resolve();
  };
  return { run, finishOne, stats: () => ({ runs, overlapped, waiting: pending.length }) };
}

/** A refresh over controlled runs, its first run started (reading `value`). */
async function firstRunStarted(value: number) {
  const source = { value };
  const target = { value: 0 };
  const { run, finishOne, stats } = controlledRuns(source, target);
  const refresh = oneAtATime(run);
  const first = refresh();
  await Promise.resolve();
  return { source, target, refresh, first, finishOne, stats };
}

describe('one status refresh at a time', () => {
  it('lands the latest state last: a run begun before a change never overwrites one begun after it', async () => {
    const { source, target, refresh, first, finishOne, stats } = await firstRunStarted(3);
    source.value = 5;
    const second = refresh();
    await finishOne();
    await first;
    expect(target.value).toBe(3);
    await finishOne();
    await second;
    expect(target.value).toBe(5);
    expect(stats()).toEqual({ runs: 2, overlapped: false, waiting: 0 });
  });

  it('calls made while a run is under way share the one run after it', async () => {
    const { source, target, refresh, first, finishOne, stats } = await firstRunStarted(1);
    const later = [refresh(), refresh(), refresh()];
    expect(later[1]).toBe(later[0]);
    expect(later[2]).toBe(later[0]);
    source.value = 7;
    await finishOne();
    await first;
    await finishOne();
    await Promise.all(later);
    expect(target.value).toBe(7);
    expect(stats().runs).toBe(2);
  });

  it('goes on after a run that failed, whose callers alone get its error', async () => {
    let calls = 0;
    const refresh = oneAtATime(async () => {
      calls++;
      if (calls === 1) throw new Error('database closing');
    });
    await expect(refresh()).rejects.toThrow('database closing');
    await expect(refresh()).resolves.toBeUndefined();
    expect(calls).toBe(2);
  });
});
