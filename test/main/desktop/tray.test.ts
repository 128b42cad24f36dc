import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TrayCache } from '../../../src-preload/contract/index.ts';
import { buildTrayMenu, statusText, type TrayActions, type TrayView } from '../../../src-main/desktop/tray-menu.ts';
import { withTempDir } from '../../support/temp-dir.ts';
import { eventually } from './fakes.ts';
import { addWorkspace, makeRunningDesktop, type Desktop } from './harness.ts';

const link = (n: number, label = `Link ${n}`) => ({ id: `c-${n}`, label, shortUrl: `https://links.example.com/a${n}` });

function cache(workspaceId: string, change: Partial<TrayCache> = {}): TrayCache {
  return {
    workspaceId,
    recent: Array.from({ length: 10 }, (_, i) => link(i + 1)),
    pinned: [link(100, 'Pinned & shared')],
    status: { online: true, pending: 0, problems: 0 },
    ...change,
  };
}

function recordingActions() {
  const calls: string[] = [];
  const actions: TrayActions = {
    copyLink: (l) => calls.push(`copy ${l.shortUrl}`),
    shortenFromClipboard: () => calls.push('shorten'),
    openApp: () => calls.push('open'),
    openPending: (id) => calls.push(`pending ${id}`),
    syncNow: (id) => calls.push(`sync ${id}`),
    switchWorkspace: (id) => calls.push(`switch ${id}`),
    quit: () => calls.push('quit'),
  };
  return { calls, actions };
}

describe('buildTrayMenu (pure)', () => {
  const view = (change: Partial<TrayView> = {}): TrayView => ({
    workspaces: [
      { id: 'w1', name: 'Marketing' },
      { id: 'w2', name: 'Docs' },
    ],
    currentId: 'w1',
    cache: cache('w1'),
    shortcut: 'CommandOrControl+Shift+L',
    ...change,
  });

  it('lays out status, shorten, pinned, 10 recent, workspaces, sync, open and quit', () => {
    const { actions } = recordingActions();
    const menu = buildTrayMenu(view({ cache: cache('w1', { recent: Array.from({ length: 14 }, (_, i) => link(i + 1)) as never }) }), actions);
    const labels = menu.map((entry) => (entry.type === 'separator' ? '---' : entry.label));
    expect(labels).toEqual([
      'Online · all changes synced',
      '---',
      'Shorten URL from Clipboard',
      '---',
      'Pinned',
      'Pinned && shared', // "&" shown literally, not as a mnemonic
      '---',
      'Recent',
      ...Array.from({ length: 10 }, (_, i) => `Link ${i + 1}`),
      '---',
      'Workspace',
      'Sync Now',
      'Open Linkdock',
      '---',
      'Quit Linkdock',
    ]);
    expect(menu[0]?.enabled).toBe(false);
    expect(menu.find((e) => e.label === 'Shorten URL from Clipboard')?.accelerator).toBe('CommandOrControl+Shift+L');
    const switcher = menu.find((e) => e.label === 'Workspace')?.submenu ?? [];
    expect(switcher.map((e) => [e.label, e.type, e.checked])).toEqual([
      ['Marketing', 'radio', true],
      ['Docs', 'radio', false],
    ]);
  });

  it('says offline, pending and problems plainly', () => {
    const { calls, actions } = recordingActions();
    expect(statusText(view({ cache: cache('w1', { status: { online: false, pending: 3, problems: 0 } }) }))).toBe('Offline · 3 changes pending');
    expect(statusText(view({ cache: cache('w1', { status: { online: true, pending: 1, problems: 0 } }) }))).toBe('Online · 1 change pending');
    expect(statusText(view({ cache: cache('w1', { status: { online: false, pending: 0, problems: 0 } }) }))).toBe('Offline');
    expect(statusText(view({ cache: null }))).toBe('Not synced yet');
    expect(statusText(view({ currentId: null, workspaces: [] }))).toBe('No workspace yet');

    const menu = buildTrayMenu(view({ cache: cache('w1', { status: { online: true, pending: 0, problems: 2 } }) }), actions);
    const attention = menu.find((e) => e.label === '2 changes need attention…');
    attention?.click?.();
    expect(calls).toEqual(['pending w1']);
  });

  it('without a workspace offers only open and quit (shortening is disabled)', () => {
    const { actions } = recordingActions();
    const menu = buildTrayMenu({ workspaces: [], currentId: null, cache: null, shortcut: null }, actions);
    expect(menu.find((e) => e.label === 'Shorten URL from Clipboard')?.enabled).toBe(false);
    expect(menu.map((e) => e.label).filter(Boolean)).toEqual(['No workspace yet', 'Shorten URL from Clipboard', 'Open Linkdock', 'Quit Linkdock']);
  });
});

describe('tray in the desktop shell (fake Electron objects)', () => {
  let temp: { dir: string; cleanup: () => Promise<void> };
  let desktop: Desktop;
  let w1: string;
  let w2: string;

  beforeEach(async () => {
    temp = await withTempDir();
    desktop = await makeRunningDesktop({
      dir: temp.dir,
      seed: async (services) => {
        w1 = (await addWorkspace(services, 'Marketing', 'https://links.example.com/')).id;
        w2 = (await addWorkspace(services, 'Docs', 'https://docs.example.org/s/')).id;
      },
    });
  });
  afterEach(async () => {
    await desktop.shell.stop();
    await temp.cleanup();
  });

  it('has a menu at startup, before any window loaded, from the persisted cache', async () => {
    await desktop.call('tray.updateCache', cache(w1));
    await desktop.shell.stop();

    // A new run: the tray is built before the window exists.
    const again = await makeRunningDesktop({ dir: temp.dir });
    try {
      const tray = again.trays[0]!;
      expect(tray.labels()).toContain('Link 10');
      expect(tray.toolTip).toBe('Linkdock — Marketing: Online · all changes synced');
      expect(again.services.store.currentId).toBe(w1);
    } finally {
      await again.shell.stop();
    }
  });

  it('each link item copies its short URL in main and confirms with a notification', async () => {
    await desktop.call('tray.updateCache', cache(w1));
    desktop.tray().item('Link 3').click?.();
    await eventually(() => expect(desktop.clipboard.text).toBe('https://links.example.com/a3'));
    await eventually(() => expect(desktop.notices.at(-1)).toMatchObject({ title: 'Short URL copied', body: 'https://links.example.com/a3\nLink 3' }));

    desktop.tray().item('Pinned && shared').click?.();
    await eventually(() => expect(desktop.clipboard.text).toBe('https://links.example.com/a100'));

    desktop.clipboard.refuse = new Error('clipboard locked');
    desktop.tray().item('Link 4').click?.();
    await eventually(() => expect(desktop.notices.at(-1)).toMatchObject({ title: 'Short URL not copied' }));
    expect(desktop.clipboard.text).toBe('https://links.example.com/a100');
  });

  it('"Sync now" asks the renderer to sync the current workspace', async () => {
    const window = desktop.windows[0]!;
    desktop.tray().item('Sync Now').click?.();
    expect(window.received('sync.requested')).toEqual([{ workspaceId: w1 }]);
  });

  it('switching workspace stores the choice, tells the renderer and shows that workspace', async () => {
    await desktop.call('tray.updateCache', cache(w1));
    await desktop.call('tray.updateCache', cache(w2, { recent: [link(7, 'Docs link')], pinned: [], status: { online: false, pending: 2, problems: 0 } }));
    expect(desktop.tray().labels()).toContain('Link 1'); // still the current one's links

    desktop.tray().item('Docs').click?.();
    await eventually(() => expect(desktop.services.store.currentId).toBe(w2));
    expect(desktop.windows[0]!.received('workspaces.currentChanged')).toEqual([{ workspaceId: w2 }]);
    expect(desktop.tray().labels()).toEqual(expect.arrayContaining(['Offline · 2 changes pending', 'Docs link']));
    expect(desktop.tray().labels()).not.toContain('Link 1');
    expect(desktop.tray().item('Docs').checked).toBe(true);
    expect(await desktop.call('workspaces.getCurrent', {})).toEqual({ workspaceId: w2 });
  });

  it('"Open Linkdock" brings back a hidden window; "Quit" quits', async () => {
    const window = desktop.windows[0]!;
    expect(window.userClose()).toBe(false); // hidden to the tray (Linux default)
    expect(window.visible).toBe(false);
    desktop.tray().item('Open Linkdock').click?.();
    expect(window.visible).toBe(true);
    expect(desktop.windows).toHaveLength(1);

    desktop.tray().item('Quit Linkdock').click?.();
    expect(desktop.app.quitCalls).toBeGreaterThan(0);
    await eventually(() => expect(desktop.tray().destroyed).toBe(true));
  });

  it('"Shorten URL from Clipboard" in the tray shortens what is on the clipboard', async () => {
    desktop.clipboard.text = 'https://www.example.com/a/very/long/page?x=1';
    desktop.tray().item('Shorten URL from Clipboard').click?.();
    await eventually(() => expect(desktop.clipboard.text).toMatch(/^https:\/\/links\.example\.com\/[a-zA-Z0-9]{7}$/));
    expect(desktop.notices.at(-1)?.title).toBe('Short URL copied');
  });

  it('refuses a cache for an unknown workspace or with a non-http short URL, and keeps the old one', async () => {
    await desktop.call('tray.updateCache', cache(w1));
    await expect(desktop.call('tray.updateCache', cache('nope'))).rejects.toMatchObject({ data: { kind: 'workspace-not-found' } });
    await expect(desktop.call('tray.updateCache', cache(w1, { recent: [{ id: 'x', label: 'bad', shortUrl: 'javascript:alert(1)' }] }))).rejects.toMatchObject({
      data: { kind: 'invalid-input' },
    });
    expect(desktop.tray().labels()).toContain('Link 10');
  });

  it('drops a removed workspace from the switcher and its cache', async () => {
    await desktop.call('tray.updateCache', cache(w2));
    await desktop.services.workspaces.remove(w2);
    expect(() => desktop.tray().item('Docs')).toThrow(/no tray item/);
    await eventually(() =>
      expect(
        desktop
          .tray()
          .item('Workspace')
          .submenu?.map((e) => e.label),
      ).toEqual(['Marketing']),
    );
  });
});
