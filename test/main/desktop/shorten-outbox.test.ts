// Shorten from clipboard end to end: main's half (desktop shell, queue, clipboard) wired to the
// renderer's real sync engine (outbox in a fake-indexeddb mirror) over the contract, against the
// embedded sandbox. Online, with the sandbox stopped, and with an alias that is already taken.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { request } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eventChannel, type CallResult, type LinkdockBridge } from '../../../src-preload/contract/index.ts';
import { startSandbox } from '../../../src-main/sandbox/index.ts';
import { createContractApi } from '../../../src-renderer/contract/contract-client.ts';
import { openWorkspaceSync, type WorkspaceSync } from '../../../src-renderer/sync/index.ts';
import { createLocalLockManager } from '../../../src-renderer/sync/locks.ts';
import { withTempDir } from '../../support/temp-dir.ts';
import { eventually } from './fakes.ts';
import { makeRunningDesktop, type Desktop } from './harness.ts';

/** The preload's bridge for the desktop's one window: calls go to main's router, main's events come back. */
function windowBridge(desktop: Desktop): LinkdockBridge {
  const listeners = new Map<string, Set<(payload: never) => void>>();
  const contents = desktop.windows[0]!.webContents;
  const send = contents.send;
  contents.send = (channel: string, payload: unknown) => {
    send(channel, payload);
    for (const listener of listeners.get(channel) ?? []) listener(structuredClone(payload) as never);
  };
  return {
    async invoke(name, input) {
      return structuredClone(await desktop.router.handle(name, structuredClone(input), true)) as CallResult;
    },
    subscribe(event, listener) {
      const channel = eventChannel(event);
      const set = listeners.get(channel) ?? new Set();
      listeners.set(channel, set);
      set.add(listener as (payload: never) => void);
      return () => set.delete(listener as (payload: never) => void);
    },
  };
}

async function openRenderer(desktop: Desktop, idb: { indexedDB: IDBFactory; IDBKeyRange: typeof IDBKeyRange }): Promise<WorkspaceSync> {
  const api = createContractApi(windowBridge(desktop));
  const workspaceId = desktop.shell.sandbox!.workspaceId;
  const sync = await openWorkspaceSync({
    workspaceId,
    api,
    dexie: idb,
    storage: null,
    locks: createLocalLockManager(),
    // As the app's workspace session does: problems become native notifications in main.
    onProblem: (problem) => void api.call('notify.syncProblem', { ...problem, workspaceId }).catch(() => undefined),
  });
  // The page has loaded and subscribed: main re-sends what its queue still holds.
  desktop.windows[0]!.contentEvents.fire('did-finish-load');
  return sync;
}

async function redirectOf(url: string): Promise<string | undefined> {
  const response = await request(url, { method: 'GET' });
  await response.body.dump();
  return response.headers['location'] as string | undefined;
}

let temp: { dir: string; cleanup: () => Promise<void> };
let desktop: Desktop;
let sync: WorkspaceSync | null = null;
const open: { close(): Promise<void> }[] = [];

beforeEach(async () => {
  temp = await withTempDir();
});
afterEach(async () => {
  sync?.close();
  sync = null;
  await desktop?.shell.stop();
  for (const item of open.splice(0)) await item.close();
  await temp.cleanup();
});

describe('shorten from clipboard through the real outbox', () => {
  it('online: the short URL is on the clipboard at once and works once the outbox synced', async () => {
    desktop = await makeRunningDesktop({ dir: temp.dir });
    sync = await openRenderer(desktop, { indexedDB: new IDBFactory(), IDBKeyRange });
    desktop.clipboard.text = 'https://www.example.com/launch?from=tray';
    const outcome = await desktop.shell.shortenFromClipboard();
    expect(outcome.ok).toBe(true);
    const shortUrl = desktop.clipboard.text;
    expect(shortUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/[a-zA-Z0-9]{7}$/);

    await eventually(async () => expect(await desktop.call('links.shortenPending', {})).toEqual([]));
    await sync.syncNow();
    expect(await redirectOf(shortUrl)).toBe('https://www.example.com/launch?from=tray');
    expect(sync.store.getState().pendingCount).toBe(0);
  });

  it('with the sandbox stopped: copied at once, queued in the outbox, synced once the service is back', async () => {
    desktop = await makeRunningDesktop({ dir: temp.dir });
    const sandbox = desktop.shell.sandbox!;
    const key = await desktop.services.vault.getKey(sandbox.workspaceId);
    const port = sandbox.running.port;
    sync = await openRenderer(desktop, { indexedDB: new IDBFactory(), IDBKeyRange });
    await sync.syncNow();
    await sandbox.running.close();

    desktop.clipboard.text = 'https://offline.example.com/page';
    expect((await desktop.shell.shortenFromClipboard()).ok).toBe(true);
    const shortUrl = desktop.clipboard.text;
    expect(shortUrl.startsWith(`http://127.0.0.1:${port}/`)).toBe(true);
    // The outbox took it (main's queue is empty) although nothing could be sent.
    await eventually(async () => expect(await desktop.call('links.shortenPending', {})).toEqual([]));
    await sync.syncNow();
    expect(sync.store.getState().pendingCount).toBe(1);

    // The service comes back on the same port with the same data.
    const restarted = await startSandbox({ port, keys: [key!], dataFile: `${temp.dir}/sandbox.sqlite` });
    open.push(restarted);
    await sync.syncNow();
    await eventually(() => expect(sync!.store.getState().pendingCount).toBe(0));
    expect(await redirectOf(shortUrl)).toBe('https://offline.example.com/page');
  });

  it('an alias that is already taken becomes a visible failure and a notification', async () => {
    desktop = await makeRunningDesktop({ dir: temp.dir, newAlias: () => 'taken77' });
    const sandbox = desktop.shell.sandbox!;
    const key = await desktop.services.vault.getKey(sandbox.workspaceId);
    const body = new FormData();
    body.append('location_url', 'https://someone.else.example/');
    body.append('url', 'taken77');
    const created = await fetch(`${sandbox.running.url}api/links`, { method: 'POST', headers: { authorization: `Bearer ${key}` }, body });
    expect(created.status).toBe(201);

    sync = await openRenderer(desktop, { indexedDB: new IDBFactory(), IDBKeyRange });
    desktop.clipboard.text = 'https://mine.example.com/';
    expect((await desktop.shell.shortenFromClipboard()).ok).toBe(true);
    await eventually(async () => expect(await desktop.call('links.shortenPending', {})).toEqual([]));
    await sync.syncNow();

    await eventually(() => expect(sync!.store.getState().failures).toHaveLength(1));
    const [failure] = sync.store.getState().failures;
    expect(JSON.stringify(failure)).toMatch(/taken77|alias/i);
    await eventually(() =>
      expect(desktop.notices).toContainEqual(
        expect.objectContaining({ title: 'The service refused creating a link', body: expect.stringContaining('taken77') }),
      ),
    );
    // The other link keeps its destination: nothing was overwritten.
    expect(await redirectOf(`${sandbox.running.url}taken77`)).toBe('https://someone.else.example/');
  });
});
