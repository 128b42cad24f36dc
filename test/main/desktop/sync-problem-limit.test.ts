// `notify.syncProblem` through main's router (as the window calls it): each call used to show a
// native notification and write a log line, without bound. Now the same problem shows at most once
// in 10 minutes and at most 5 problems a minute; the rest are counted in one log line.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { headlessDesktopCalls } from '../../../src-main/desktop/headless-calls.ts';
import { SAME_PROBLEM_MS, SYNC_PROBLEMS_PER_MINUTE } from '../../../src-main/desktop/sync-problem-limit.ts';
import { createAppLog } from '../../../src-main/logging/app-log.ts';
import type { MainServices } from '../../../src-main/main-services.ts';
import { systemClock } from '../../../src-main/service/budget.ts';
import { systemTimers } from '../../../src-main/service/transport.ts';
import type { SyncProblem } from '../../../src-preload/contract/index.ts';
import { testMainServices } from '../../support/main-services.ts';
import { withTempDir } from '../../support/temp-dir.ts';
import { captureLogger } from '../logging/capture.ts';

describe('sync problem notifications', () => {
  let temp: { dir: string; cleanup: () => Promise<void> };
  let services: MainServices;
  let now: number;
  let shown: SyncProblem[];
  let logger: ReturnType<typeof captureLogger>;

  beforeEach(async () => {
    temp = await withTempDir();
    now = 1_700_000_000_000;
    shown = [];
    logger = captureLogger();
    const created = await testMainServices(temp.dir, {
      log: createAppLog({ logger }),
      clock: { ...systemClock, ...systemTimers, now: () => now },
      desktopCalls: {
        ...headlessDesktopCalls({ store: { currentId: null, setCurrent: async () => undefined }, workspaces: { list: async () => [] } }),
        'notify.syncProblem': async (problem) => {
          shown.push(problem);
          return null;
        },
      },
    });
    services = created;
  });
  afterEach(async () => {
    await temp.cleanup();
  });

  const report = async (problem: SyncProblem): Promise<void> => {
    const result = await services.router.handle('notify.syncProblem', problem, true);
    expect(result).toEqual({ ok: true, value: null });
  };
  const problemLines = () => logger.lines.filter((entry) => entry.line.startsWith('sync problem')).map((entry) => entry.line);
  const failed = (n: number): SyncProblem => ({ kind: 'failed', workspaceId: 'w-1', title: `Link ${n} could not be created`, body: 'Alias taken.' });

  it('shows the same problem once in 10 minutes, and logs it once', async () => {
    for (let i = 0; i < 20; i++) await report(failed(1));
    expect(shown).toEqual([failed(1)]);
    expect(problemLines()).toHaveLength(1);

    now += SAME_PROBLEM_MS - 1;
    await report(failed(1));
    expect(shown).toHaveLength(1);
    now += 1;
    await report(failed(1));
    expect(shown).toEqual([failed(1), failed(1)]);
    // Another workspace's, or another kind, is another problem.
    await report({ ...failed(1), workspaceId: 'w-2' });
    await report({ ...failed(1), kind: 'conflict' });
    expect(shown).toHaveLength(4);
  });

  it(`shows at most ${SYNC_PROBLEMS_PER_MINUTE} problems a minute, and counts the rest in one line`, async () => {
    for (let i = 0; i < 200; i++) await report(failed(i));
    expect(shown).toEqual([0, 1, 2, 3, 4].map(failed));
    expect(problemLines()).toHaveLength(SYNC_PROBLEMS_PER_MINUTE);

    now += 60_000;
    await report(failed(500));
    expect(shown.at(-1)).toEqual(failed(500));
    expect(problemLines().slice(SYNC_PROBLEMS_PER_MINUTE)).toEqual([
      'sync problems: 195 more not shown (each at most once in 10 minutes, at most 5 a minute; Pending changes lists them all)',
      'sync problem (failed) in workspace w-1: Link 500 could not be created',
    ]);
    // One held back in a minute shown as a problem later, once the minute it was held in is over.
    now += 60_000;
    await report(failed(5));
    expect(shown.at(-1)).toEqual(failed(5));
  });
});
