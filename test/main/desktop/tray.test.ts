import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TrayCache } from '../../../src-preload/contract/index.ts';
import type { MenuEntry } from '../../../src-main/desktop/menu-entry.ts';
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
    shortenWithOptions: () => calls.push('shorten window'),
    openApp: () => calls.push('open'),
    openPending: (id) => calls.push(`pending ${id}`),
    syncNow: (id) => calls.push(`sync ${id}`),
    switchWorkspace: (id) => calls.push(`switch ${id}`),
    quit: () => calls.push('quit'),
  };
  return { calls, actions };
}

describe('buildTrayMenu (pure)', () => {
  // One workspace unless a test says otherwise: its links are the menu's, with no workspace sections.
  const view = (change: Partial<Omit<TrayView, 'caches'>> & { cache?: TrayCache | null } = {}): TrayView => {
    const { cache: given, ...rest } = change;
    return {
      workspaces: [{ id: 'w1', name: 'Marketing' }],
      currentId: 'w1',
      caches: { w1: given === undefined ? cache('w1') : (given ?? undefined) },
      shortcut: 'CommandOrControl+Shift+L',
      ...rest,
    };
  };
  const labelsOf = (entries: MenuEntry[]) => entries.map((entry) => (entry.type === 'separator' ? '---' : entry.label));

  it('lays out status, shorten, pinned, 10 recent, workspaces, sync, open and quit', () => {
    const { actions } = recordingActions();
    const menu = buildTrayMenu(view({ cache: cache('w1', { recent: Array.from({ length: 14 }, (_, i) => link(i + 1)) as never }) }), actions);
    const labels = labelsOf(menu);
    expect(labels).toEqual([
      'Online · all changes synced',
      '---',
      'Shorten URL from Clipboard',
      'Shorten Clipboard…',
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
    expect(switcher.map((e) => [e.label, e.type, e.checked])).toEqual([['Marketing', 'radio', true]]);
  });

  it('shows every pinned link: the first 15 in the menu, the rest under "More Pinned"', () => {
    const { calls, actions } = recordingActions();
    const pinned = Array.from({ length: 50 }, (_, i) => link(200 + i, `Pin ${i + 1}`));
    const menu = buildTrayMenu(view({ cache: cache('w1', { pinned }) }), actions);
    const labels = labelsOf(menu);
    const start = labels.indexOf('Pinned');
    expect(labels.slice(start + 1, start + 17)).toEqual([...Array.from({ length: 15 }, (_, i) => `Pin ${i + 1}`), 'More Pinned (35)']);
    const more = menu.find((e) => e.label === 'More Pinned (35)');
    expect(more?.type).toBe('submenu');
    expect(more?.submenu?.map((e) => e.label)).toEqual(Array.from({ length: 35 }, (_, i) => `Pin ${i + 16}`));
    more?.submenu?.at(-1)?.click?.();
    expect(calls).toEqual(['copy https://links.example.com/a249']);
    // 15 or fewer: no "More Pinned".
    const few = buildTrayMenu(view({ cache: cache('w1', { pinned: pinned.slice(0, 15) }) }), actions);
    expect(few.some((e) => e.label?.startsWith('More Pinned'))).toBe(false);
  });

  it('with several workspaces: the current one first and named, each other one a section of its own with its status, pinned and recent links', () => {
    const { calls, actions } = recordingActions();
    const menu = buildTrayMenu(
      {
        workspaces: [
          { id: 'w1', name: 'Marketing' },
          { id: 'w2', name: 'Docs & Help' },
          { id: 'w3', name: 'New' },
        ],
        currentId: 'w2',
        caches: {
          w1: cache('w1', { recent: [link(1, 'Spring sale')], pinned: [link(2, 'Price list')], status: { online: false, pending: 2, problems: 1 } }),
          w2: cache('w2', { recent: [link(7, 'Docs link')], pinned: [] }),
        },
        shortcut: null,
      },
      actions,
    );
    expect(labelsOf(menu)).toEqual([
      'Docs && Help',
      'Online · all changes synced',
      '---',
      'Shorten URL from Clipboard',
      'Shorten Clipboard…',
      '---',
      'Recent',
      'Docs link',
      '---',
      'Marketing — Offline · 2 changes pending',
      'New — Not synced yet',
      '---',
      'Workspace',
      'Sync Now',
      'Open Linkdock',
      '---',
      'Quit Linkdock',
    ]);
    expect(menu[0]?.enabled).toBe(false);
    const marketing = menu.find((e) => e.label === 'Marketing — Offline · 2 changes pending')!;
    expect(labelsOf(marketing.submenu ?? [])).toEqual([
      'Offline · 2 changes pending',
      '1 change needs attention…',
      '---',
      'Pinned',
      'Price list',
      '---',
      'Recent',
      'Spring sale',
      '---',
      'Sync Now',
    ]);
    const inside = (label: string) => marketing.submenu?.find((e) => e.label === label);
    inside('Spring sale')?.click?.();
    inside('1 change needs attention…')?.click?.();
    inside('Sync Now')?.click?.();
    expect(calls).toEqual(['copy https://links.example.com/a1', 'pending w1', 'sync w1']);
    const fresh = menu.find((e) => e.label === 'New — Not synced yet')!;
    expect(labelsOf(fresh.submenu ?? [])).toEqual(['Not synced yet', '---', 'No links yet', '---', 'Sync Now']);
  });

  it('"Shorten Clipboard…" opens the Shorten window; both shorten items say what they do', () => {
    const { calls, actions } = recordingActions();
    const menu = buildTrayMenu(view(), actions);
    const withOptions = menu.find((e) => e.label === 'Shorten Clipboard…')!;
    withOptions.click?.();
    expect(calls).toEqual(['shorten window']);
    expect(withOptions.toolTip).toMatch(/domain and alias/);
    expect(menu.find((e) => e.label === 'Shorten URL from Clipboard')?.toolTip).toMatch(/says so when the clipboard holds none/);
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
    const menu = buildTrayMenu({ workspaces: [], currentId: null, caches: {}, shortcut: null }, actions);
    expect(menu.find((e) => e.label === 'Shorten URL from Clipboard')?.enabled).toBe(false);
    expect(menu.find((e) => e.label === 'Shorten Clipboard…')?.enabled).toBe(false);
    expect(menu.map((e) => e.label).filter(Boolean)).toEqual([
      'No workspace yet',
      'Shorten URL from Clipboard',
      'Shorten Clipboard…',
      'Open Linkdock',
      'Quit Linkdock',
    ]);
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
    // The menu's own Sync Now (each other workspace's section has one for that workspace).
    desktop
      .tray()
      .menu.find((e) => e.label === 'Sync Now')
      ?.click?.();
    expect(window.received('sync.requested')).toEqual([{ workspaceId: w1 }]);
    desktop
      .tray()
      .item(/^Docs — /)
      .submenu?.find((e) => e.label === 'Sync Now')
      ?.click?.();
    expect(window.received('sync.requested')).toEqual([{ workspaceId: w1 }, { workspaceId: w2 }]);
  });

  it('switching workspace stores the choice, tells the renderer and shows that workspace', async () => {
    await desktop.call('tray.updateCache', cache(w1));
    await desktop.call('tray.updateCache', cache(w2, { recent: [link(7, 'Docs link')], pinned: [], status: { online: false, pending: 2, problems: 0 } }));
    expect(desktop.tray().labels()).toContain('Link 1'); // the current one's links in the menu itself
    // The other workspace has its own section, from its own cache.
    expect(
      desktop
        .tray()
        .item('Docs — Offline · 2 changes pending')
        .submenu?.map((e) => e.label),
    ).toContain('Docs link');

    desktop.tray().item('Docs').click?.();
    await eventually(() => expect(desktop.services.store.currentId).toBe(w2));
    expect(desktop.windows[0]!.received('workspaces.currentChanged')).toEqual([{ workspaceId: w2 }]);
    expect(desktop.tray().labels()).toEqual(
      expect.arrayContaining(['Docs', 'Offline · 2 changes pending', 'Docs link', 'Marketing — Online · all changes synced']),
    );
    expect(desktop.tray().labels()).not.toContain('Link 1');
    expect(
      desktop
        .tray()
        .item('Workspace')
        .submenu?.find((e) => e.label === 'Docs')?.checked,
    ).toBe(true);
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
