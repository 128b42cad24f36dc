// Every workspace syncs, not only the one on screen (issue: "Only the open workspace syncs"): over
// the real stack (sandbox, main's services, the renderer's engine in fake-indexeddb), an edit queued
// in a workspace off screen and a link shortened into it from the clipboard reach the service
// without the user switching to it.
import { afterEach, describe, expect, it } from 'vitest';
import { openWorkspaceSync, type WorkspaceSync } from '../../src-renderer/sync/index.ts';
import { createLocalLockManager } from '../../src-renderer/sync/locks.ts';
import { createWorkspaceSyncs } from '../../src-renderer/sync/workspace-syncs.ts';
import { fastClock, newIndexedDb, serverTruth, startSyncStack, type SyncStack } from '../support/sync-harness.ts';

let stack: SyncStack | null = null;
afterEach(async () => {
  await stack?.close();
  stack = null;
});

async function eventually<T>(read: () => Promise<T>, accept: (value: T) => boolean, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (accept(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('background sync of every workspace', () => {
  it('pushes an edit and a clipboard shorten queued in a workspace that is not on screen', { timeout: 60_000 }, async () => {
    stack = await startSyncStack();
    const { api } = stack;
    const onScreen = stack.workspaceId;
    const other = (await api.call('workspaces.add', { name: 'Other', baseUrl: stack.sandbox.url, apiKey: stack.key })).id;
    const idb = newIndexedDb();
    const locks = createLocalLockManager();
    const clock = fastClock(100);
    const syncs = createWorkspaceSyncs<WorkspaceSync>({
      open: (workspaceId) => openWorkspaceSync({ workspaceId, api, dexie: idb, storage: null, locks, clock, autoStart: false }),
      clock,
      backgroundStartMs: 1000,
    });
    try {
      syncs.retain([onScreen, other], onScreen);
      await syncs.start(onScreen);
      const background = await syncs.use(other);
      await background.links.create({ location_url: 'https://example.com/queued-off-screen', url: 'off-screen-edit', domain_id: 0 });

      // Main hands a clipboard shorten for the other workspace to the page, as the desktop shell does.
      stack.hub.emit('links.shortenRequested', {
        requestId: 'background-shorten-1',
        workspaceId: other,
        location_url: 'https://example.com/shortened-off-screen',
        url: 'off-screen-shorten',
        shortUrl: `${stack.sandbox.url}off-screen-shorten`,
        requestedAt: Date.now(),
      });

      const aliases = await eventually(
        async () => (await serverTruth(stack!.direct)).links.map((link) => link.url),
        (found) => found.includes('off-screen-edit') && found.includes('off-screen-shorten'),
      );
      expect(aliases).toEqual(expect.arrayContaining(['off-screen-edit', 'off-screen-shorten']));
      await eventually(
        async () => background.store.getState().pendingCount,
        (pending) => pending === 0,
      );
      expect(background.store.getState().pendingCount).toBe(0);
    } finally {
      syncs.closeAll();
    }
  });
});
