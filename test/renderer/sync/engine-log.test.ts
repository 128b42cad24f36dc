// What the sync engine decides reaches main's log (issue: "sync decisions" in the logs): cycles that
// did something, going offline and why, back online, a refused key; quiet cycles say nothing.
import { afterEach, describe, expect, it } from 'vitest';
import { openWorkspaceSync, type WorkspaceSync } from '../../../src-renderer/sync/index.ts';
import { createLocalLockManager } from '../../../src-renderer/sync/locks.ts';
import { FakeService } from './fake-service.ts';
import { freshDb, manualClock, sequentialIds } from './helpers.ts';

const open: WorkspaceSync[] = [];
afterEach(() => {
  for (const ws of open.splice(0)) ws.close();
});

async function setup(options: { viaMain?: boolean } = {}) {
  const service = new FakeService();
  const clock = manualClock();
  const lines: string[] = [];
  const ws = await openWorkspaceSync({
    workspaceId: 'ws',
    api: service.api,
    db: freshDb('ws'),
    clock,
    random: () => 0.5,
    newId: sequentialIds(),
    locks: createLocalLockManager(),
    editDelayMs: 300,
    storage: null,
    ...(options.viaMain ? {} : { log: (level: string, message: string) => void lines.push(`${level} ${message}`) }),
  });
  open.push(ws);
  return { service, clock, ws, lines };
}

describe('the engine’s log', () => {
  it('says what a cycle did, and nothing for a cycle that did nothing', async () => {
    const { ws, clock, lines } = await setup();
    await ws.engine.idle();
    expect(lines).toEqual([expect.stringMatching(/^info sync \(start\): 0 changes confirmed, pulled in \d+ ms$/)]);
    await ws.domains.create({ host: 'go.example.com' });
    await clock.advance(300);
    await ws.engine.idle();
    expect(lines.at(-1)).toMatch(/^info sync \(edit\): 1 change confirmed in \d+ ms$/);
    const count = lines.length;
    ws.engine.notifyEdit();
    await clock.advance(300);
    await ws.engine.idle();
    expect(lines).toHaveLength(count);
  });

  it('says when the service stops answering, why, and when it answers again', async () => {
    const { ws, service, lines } = await setup();
    await ws.engine.idle();
    service.offline = true;
    await ws.syncNow();
    expect(lines).toContainEqual(expect.stringMatching(/^warn offline: .*connection refused/));
    service.offline = false;
    await ws.syncNow();
    expect(lines.at(-2) ?? '').toBe('info online again');
  });

  it('sends its lines to main as app.log calls with the workspace, when no log is given', async () => {
    const { ws, service } = await setup({ viaMain: true });
    await ws.engine.idle();
    expect(service.callsOf('app.log')).toContainEqual(
      expect.objectContaining({ input: expect.objectContaining({ level: 'info', workspaceId: 'ws', message: expect.stringMatching(/^sync \(start\)/) }) }),
    );
  });
});
