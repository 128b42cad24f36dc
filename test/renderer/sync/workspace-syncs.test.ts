// The registry that keeps every workspace syncing: one open sync per workspace, the one on screen
// started by its session, the others a little later one after another, removed ones closed,
// online/offline told to all, and a workspace that failed to open tried again.
import { describe, expect, it } from 'vitest';
import { createWorkspaceSyncs, type ConnectionEvents, type SyncHandle } from '../../../src-renderer/sync/workspace-syncs.ts';
import type { Clock } from '../../../src-renderer/sync/types.ts';

class FakeSync implements SyncHandle {
  starts = 0;
  closed = 0;
  online = 0;
  offline = 0;
  readonly id: string;
  constructor(id: string) {
    this.id = id;
  }
  engine = { start: async () => void this.starts++ };
  notifyOnline = () => void this.online++;
  notifyOffline = () => void this.offline++;
  close = () => void this.closed++;
}

/** Timers that run only when the test moves time. */
function manualClock() {
  let now = 0;
  const timers = new Map<number, { at: number; fn: () => void }>();
  let next = 1;
  const clock: Clock & { advance(ms: number): Promise<void> } = {
    now: () => now,
    sleep: async () => undefined,
    setTimeout: (fn, ms) => {
      timers.set(next, { at: now + ms, fn });
      return next++;
    },
    clearTimeout: (handle) => void timers.delete(handle as number),
    async advance(ms) {
      now += ms;
      for (const [id, timer] of [...timers].sort((a, b) => a[1].at - b[1].at)) {
        if (timer.at > now) continue;
        timers.delete(id);
        timer.fn();
      }
      for (let i = 0; i < 5; i++) await Promise.resolve();
    },
  };
  return clock;
}

function events() {
  const listeners = new Map<string, Set<() => void>>();
  const target: ConnectionEvents & { fire(type: string): void } = {
    addEventListener: (type, listener) => void (listeners.get(type) ?? listeners.set(type, new Set()).get(type)!).add(listener),
    removeEventListener: (type, listener) => void listeners.get(type)?.delete(listener),
    fire: (type) => listeners.get(type)?.forEach((listener) => listener()),
  };
  return target;
}

function setup(options: { failFirst?: string } = {}) {
  const clock = manualClock();
  const target = events();
  const opened: FakeSync[] = [];
  const errors: string[] = [];
  let failed = false;
  const syncs = createWorkspaceSyncs<FakeSync>({
    open: async (id) => {
      if (id === options.failFirst && !failed) {
        failed = true;
        throw new Error('disk full');
      }
      const sync = new FakeSync(id);
      opened.push(sync);
      return sync;
    },
    events: target,
    clock,
    backgroundStartMs: 1000,
    onError: (id, error) => errors.push(`${id}: ${(error as Error).message}`),
  });
  const flush = () => clock.advance(0);
  return { syncs, clock, target, opened, errors, flush, of: (id: string) => opened.filter((s) => s.id === id) };
}

describe('workspace syncs', () => {
  it('opens every workspace; the one on screen waits for its session, the others start in turn', async () => {
    const { syncs, clock, of, flush } = setup();
    syncs.retain(['a', 'b', 'c'], 'a');
    await flush();
    expect(syncs.list().map((w) => w.workspaceId)).toEqual(['a', 'b', 'c']);
    expect([of('a')[0]!.starts, of('b')[0]!.starts, of('c')[0]!.starts]).toEqual([0, 0, 0]);

    await clock.advance(1000);
    expect([of('b')[0]!.starts, of('c')[0]!.starts]).toEqual([1, 0]);
    await clock.advance(1000);
    expect([of('b')[0]!.starts, of('c')[0]!.starts]).toEqual([1, 1]);
    expect(of('a')[0]!.starts).toBe(0);

    // The session starts the one on screen; starting again changes nothing.
    await syncs.start('a');
    await syncs.start('a');
    expect(of('a')[0]!.starts).toBe(1);
  });

  it('gives the session the same sync the background opened, and switching screens closes nothing', async () => {
    const { syncs, clock, of, flush } = setup();
    syncs.retain(['a', 'b'], 'a');
    await flush();
    await clock.advance(1000);
    expect(await syncs.use('b')).toBe(of('b')[0]);
    syncs.retain(['a', 'b'], 'b');
    await syncs.start('b');
    expect(of('b')).toHaveLength(1);
    expect(of('b')[0]!.starts).toBe(1);
    expect(of('a')[0]!.closed).toBe(0);
    // 'a' left the screen unstarted: it now starts in the background like the others.
    await clock.advance(1000);
    expect(of('a')[0]!.starts).toBe(1);
  });

  it('a workspace on screen before its background start is started once, by its session', async () => {
    const { syncs, clock, of, flush } = setup();
    syncs.retain(['a', 'b'], 'a');
    await flush();
    syncs.retain(['a', 'b'], 'b');
    await syncs.start('b');
    await clock.advance(5000);
    expect(of('b')[0]!.starts).toBe(1);
  });

  it('closes a removed workspace and forgets it; online and offline reach every open one', async () => {
    const { syncs, target, of, flush } = setup();
    syncs.retain(['a', 'b'], 'a');
    await flush();
    target.fire('offline');
    target.fire('online');
    expect([of('a')[0]!.offline, of('b')[0]!.online]).toEqual([1, 1]);

    syncs.retain(['a'], 'a');
    expect(of('b')[0]!.closed).toBe(1);
    expect(syncs.list().map((w) => w.workspaceId)).toEqual(['a']);
    target.fire('online');
    expect(of('b')[0]!.online).toBe(1);

    syncs.closeAll();
    expect(of('a')[0]!.closed).toBe(1);
    expect(syncs.list()).toEqual([]);
  });

  it('tells of a workspace that did not open and tries it again on the next retain', async () => {
    const { syncs, errors, of, flush } = setup({ failFirst: 'b' });
    syncs.retain(['a', 'b'], 'a');
    await flush();
    expect(errors).toEqual(['b: disk full']);
    expect(of('b')).toHaveLength(0);
    syncs.retain(['a', 'b'], 'a');
    await flush();
    expect(of('b')).toHaveLength(1);
  });

  it('closes a sync that finished opening after its workspace was removed', async () => {
    const { syncs, of, flush } = setup();
    syncs.retain(['a'], null);
    syncs.retain([], null);
    await flush();
    expect(of('a')[0]!.closed).toBe(1);
    expect(syncs.list()).toEqual([]);
  });
});
