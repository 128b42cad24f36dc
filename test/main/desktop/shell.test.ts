import { readdir, readFile, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import path from 'node:path';
import { request } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startDesktopShell } from '../../../src-main/desktop/desktop-shell.ts';
import { startSandbox } from '../../../src-main/sandbox/index.ts';
import { withTempDir } from '../../support/temp-dir.ts';
import { eventually, FakeApp, FakeClipboard, FakeShortcuts, FakeTray, FakeWindow } from './fakes.ts';
import { addWorkspace, makeDesktop, makeRunningDesktop, type Desktop } from './harness.ts';

let temp: { dir: string; cleanup: () => Promise<void> };
const running: Desktop[] = [];
async function desktopFor(options: Omit<Parameters<typeof makeRunningDesktop>[0], 'dir'> = {}): Promise<Desktop> {
  const desktop = await makeRunningDesktop({ dir: temp.dir, ...options });
  running.push(desktop);
  return desktop;
}
const oneWorkspace = { seed: async (services: Desktop['services']) => void (await addWorkspace(services, 'Work', 'https://links.example.com/')) };

beforeEach(async () => {
  temp = await withTempDir();
});
afterEach(async () => {
  for (const desktop of running.splice(0)) await desktop.shell.stop();
  await temp.cleanup();
});

async function linkCount(baseUrl: string, apiKey: string): Promise<number> {
  const response = await request(`${baseUrl}api/links?results_per_page=10`, { headers: { authorization: `Bearer ${apiKey}` } });
  const body = (await response.body.json()) as { meta: { total: number } };
  return body.meta.total;
}

describe('single instance', () => {
  it('a second launch quits at once and starts nothing', async () => {
    const second = await makeDesktop({ dir: temp.dir, lock: false });
    expect(second.shell).toBeNull();
    expect(second.app.quitCalls).toBe(1);
  });

  it('the first instance brings its window back when a second one starts', async () => {
    const desktop = await desktopFor(oneWorkspace);
    const window = desktop.windows[0]!;
    window.minimized = true;
    window.hide();
    desktop.app.events.fire('second-instance');
    expect(window).toMatchObject({ minimized: false, visible: true });
    expect(window.focused).toBe(1);
    expect(desktop.windows).toHaveLength(1);
  });
});

describe('before start', () => {
  it('a second launch or dock click before the services exist opens nothing (start opens the window)', () => {
    const app = new FakeApp();
    let windowsMade = 0;
    const shell = startDesktopShell({
      platform: 'linux',
      userDataDir: temp.dir,
      app,
      createWindow: (options) => {
        windowsMade += 1;
        return new FakeWindow(options);
      },
      createShortenWindow: () => {
        windowsMade += 1;
        return new FakeWindow({ bounds: { width: 480, height: 400 } });
      },
      displays: () => [],
      clipboard: new FakeClipboard(),
      notify: () => undefined,
      createTray: () => new FakeTray(),
      setAppMenu: () => undefined,
      shortcuts: new FakeShortcuts(),
      openExternal: async () => undefined,
      startSandbox,
      logError: () => undefined,
      openLogsFolder: async () => undefined,
    });
    expect(shell).not.toBeNull();
    app.events.fire('second-instance');
    app.events.fire('activate');
    expect(windowsMade).toBe(0);
    expect(shell!.windowIds()).toEqual([]);
  });
});

describe('closing the window', () => {
  it('closes instead of hiding when no tray icon could be made', async () => {
    const desktop = await desktopFor({
      ...oneWorkspace,
      createTray: () => {
        throw new Error('no StatusNotifier host');
      },
    });
    expect(desktop.trays).toEqual([]);
    expect(desktop.windows[0]!.userClose()).toBe(true);
    desktop.app.events.fire('window-all-closed');
    expect(desktop.app.quitCalls).toBe(1);
  });

  it('hides to the tray on Windows and Linux by default; Quit really closes it', async () => {
    const desktop = await desktopFor({ ...oneWorkspace, platform: 'win32' });
    const window = desktop.windows[0]!;
    expect(window.userClose()).toBe(false);
    expect(window.visible).toBe(false);
    expect(desktop.app.quitCalls).toBe(0);

    desktop.app.quit();
    expect(window.userClose()).toBe(true);
  });

  it('follows the setting: off means closing the last window ends the app', async () => {
    const desktop = await desktopFor(oneWorkspace);
    expect(await desktop.call('desktop.setSettings', { closeToTray: false })).toMatchObject({ closeToTray: false });
    expect(desktop.windows[0]!.userClose()).toBe(true);
    desktop.app.events.fire('window-all-closed');
    expect(desktop.app.quitCalls).toBe(1);
  });

  it('on macOS hides the window, keeps the app syncing in it, and the dock icon shows it again', async () => {
    const desktop = await desktopFor({ ...oneWorkspace, platform: 'darwin' });
    expect(await desktop.call('desktop.getSettings', {})).toMatchObject({ closeToTray: false });
    const window = desktop.windows[0]!;
    expect(window.userClose()).toBe(false);
    expect(window.visible).toBe(false);
    expect(desktop.app.quitCalls).toBe(0);
    // The hidden page still owns the mirror and the outbox: sync requests reach it, no new window.
    expect(desktop.shell.windowIds()).toEqual([window.webContents.id]);
    const workspaceId = (await desktop.services.workspaces.list())[0]!.id;
    desktop.tray().menu.find((e) => e.label === 'Sync Now')!.click!();
    expect(window.received('sync.requested')).toEqual([{ workspaceId }]);
    expect(window.visible).toBe(false);

    desktop.app.events.fire('activate');
    expect(window.visible).toBe(true);
    expect(desktop.windows).toHaveLength(1);
    window.userClose();

    // A menu command while hidden: the same page is shown and told where to go.
    desktop.appMenu()[1]!.submenu!.find((e) => e.label === 'Pending Changes')!.click!();
    expect(window.visible).toBe(true);
    expect(window.received('app.navigate')).toEqual([{ view: 'pending', workspaceId }]);

    desktop.app.quit();
    expect(window.userClose()).toBe(true);
  });

  it('keeps the hidden page receiving clipboard shortens while closed to the tray', async () => {
    const desktop = await desktopFor({ ...oneWorkspace, platform: 'linux' });
    const window = desktop.windows[0]!;
    expect(window.userClose()).toBe(false);
    desktop.clipboard.text = 'https://example.com/while-hidden';
    await desktop.shell.shortenFromClipboard();
    expect(window.received('links.shortenRequested')).toEqual([expect.objectContaining({ location_url: 'https://example.com/while-hidden' })]);
    expect(desktop.windows).toHaveLength(1);
    expect(window.visible).toBe(false);
  });
});

describe('window size and position', () => {
  it('are remembered and restored on a display that still shows them', async () => {
    const first = await desktopFor(oneWorkspace);
    const window = first.windows[0]!;
    expect(window.options.bounds).toEqual({ width: 1200, height: 800 });
    window.bounds = { x: 300, y: 120, width: 1000, height: 700 };
    window.events.fire('move');
    await eventually(async () => {
      expect(JSON.parse(await readFile(path.join(temp.dir, 'window-state.json'), 'utf8'))).toMatchObject({ bounds: window.bounds });
    });
    window.maximized = true;
    window.events.fire('maximize');
    await first.shell.stop();

    const second = await desktopFor();
    expect(second.windows[0]!.options.bounds).toEqual({ x: 300, y: 120, width: 1000, height: 700 });
    expect(second.windows[0]!.maximized).toBe(true);
  });

  it('fall back to the default size when the display they were on is gone', async () => {
    await writeFile(
      path.join(temp.dir, 'window-state.json'),
      JSON.stringify({ version: 1, bounds: { x: 2200, y: 100, width: 900, height: 600 }, maximized: false }),
    );
    const laptopOnly = await desktopFor({ ...oneWorkspace, displays: [{ workArea: { x: 0, y: 0, width: 1440, height: 870 } }] });
    expect(laptopOnly.windows[0]!.options.bounds).toEqual({ width: 1200, height: 800 });
    await laptopOnly.shell.stop();

    const withMonitor = await desktopFor({
      displays: [{ workArea: { x: 0, y: 0, width: 1440, height: 870 } }, { workArea: { x: 1440, y: 0, width: 2560, height: 1400 } }],
    });
    expect(withMonitor.windows[0]!.options.bounds).toEqual({ x: 2200, y: 100, width: 900, height: 600 });
  });
});

describe('embedded sandbox', () => {
  it('first run: starts on 127.0.0.1 with demo data in the user data folder and adds a Sandbox workspace', async () => {
    const desktop = await desktopFor();
    const sandbox = desktop.shell.sandbox!;
    expect(sandbox.outcome).toBe('created');
    expect(sandbox.running.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    const list = await desktop.services.workspaces.list();
    expect(list).toEqual([{ id: sandbox.workspaceId, name: 'Sandbox', baseUrl: sandbox.running.url, hasKey: true, sandbox: true }]);
    // The key is in the vault like any key, and the service accepts it: the demo data is there.
    const key = (await desktop.services.vault.getKey(sandbox.workspaceId))!;
    expect(await linkCount(sandbox.running.url, key)).toBeGreaterThan(100);
    expect(await readFile(path.join(temp.dir, 'sandbox.sqlite'))).toBeTruthy();
    // The window opens on a working app: the tray and router know the workspace.
    expect(await desktop.call('workspaces.getCurrent', {})).toEqual({ workspaceId: sandbox.workspaceId });
    expect(await desktop.call('workspaces.testConnection', { workspaceId: sandbox.workspaceId })).toMatchObject({ outcome: 'ok' });
  });

  it('stops when the app quits: quitting waits for it, then goes on', async () => {
    const desktop = await desktopFor();
    const url = desktop.shell.sandbox!.running.url;
    desktop.app.quit();
    expect(desktop.app.quitCalls).toBe(1);
    await eventually(() => expect(desktop.app.quitCalls).toBe(2)); // re-issued once the sandbox closed
    await expect(request(url)).rejects.toThrow();
    expect(desktop.tray().destroyed).toBe(true);
    expect(desktop.shortcuts.registered.size).toBe(0);
  });

  it('later runs reuse the workspace, key, data and port; demo data is not refilled', async () => {
    const first = await desktopFor();
    const { workspaceId, running: sandbox } = first.shell.sandbox!;
    const key = (await first.services.vault.getKey(workspaceId))!;
    const links = await first.call('links.list', { workspaceId, resultsPerPage: 10 });
    const firstId = (links as { data: { id: number }[] }).data[0]!.id;
    await first.call('links.delete', { workspaceId, id: firstId });
    await first.shell.stop();

    const second = await desktopFor();
    expect(second.shell.sandbox).toMatchObject({ workspaceId, outcome: 'same-port' });
    expect(second.shell.sandbox!.running.port).toBe(sandbox.port);
    expect(await second.services.workspaces.list()).toHaveLength(1);
    expect(await linkCount(sandbox.url, key)).toBe(299);
  });

  it('moves to a random port and updates the base URL when the last one is taken', async () => {
    const first = await desktopFor();
    const { workspaceId, running: sandbox } = first.shell.sandbox!;
    await first.shell.stop();
    const squatter: Server = createServer();
    await new Promise<void>((resolve) => squatter.listen(sandbox.port, '127.0.0.1', resolve));
    try {
      const second = await desktopFor();
      expect(second.shell.sandbox).toMatchObject({ workspaceId, outcome: 'moved' });
      const moved = second.shell.sandbox!.running;
      expect(moved.port).not.toBe(sandbox.port);
      const [workspace] = await second.services.workspaces.list();
      expect(workspace!.baseUrl).toBe(moved.url);
      expect(second.windows[0]!.received('workspaces.changed')).toEqual([]); // changed before the window existed
      expect(await second.call('workspaces.testConnection', { workspaceId })).toMatchObject({ outcome: 'ok' });
    } finally {
      await new Promise((resolve) => squatter.close(resolve));
    }
  });

  it('is not started or recreated when the user has other workspaces or deleted it', async () => {
    const withOwn = await desktopFor(oneWorkspace);
    expect(withOwn.shell.sandbox).toBeNull();
    await withOwn.shell.stop();

    await temp.cleanup();
    temp = await withTempDir();
    const first = await desktopFor();
    await first.services.workspaces.remove(first.shell.sandbox!.workspaceId);
    await first.shell.stop();
    const later = await desktopFor();
    expect(later.shell.sandbox).toBeNull();
    expect(await later.services.workspaces.list()).toEqual([]);
  });

  it('comes back when the user asks for it after removing it: a new demo account, opened', async () => {
    const first = await desktopFor();
    const removed = first.shell.sandbox!.workspaceId;
    await first.services.workspaces.remove(removed);
    await first.shell.stop();
    const later = await desktopFor();
    expect(later.shell.sandbox).toBeNull();
    const { workspaceId } = (await later.call('desktop.restoreSandbox', {})) as { workspaceId: string };
    expect(workspaceId).not.toBe(removed);
    expect(await later.services.workspaces.list()).toEqual([expect.objectContaining({ id: workspaceId, name: 'Sandbox', sandbox: true, hasKey: true })]);
    expect(await later.call('workspaces.getCurrent', {})).toEqual({ workspaceId });
    const running = later.shell.sandbox!.running;
    expect(await linkCount(running.url, (await later.services.vault.getKey(workspaceId))!)).toBeGreaterThan(100);
    // The removed workspace's data is set aside, not deleted.
    expect((await readdir(temp.dir)).some((name) => /^sandbox\.sqlite\.removed-\d+$/.test(name))).toBe(true);
    // Asked again while it exists: the same one, nothing new.
    expect(await later.call('desktop.restoreSandbox', {})).toEqual({ workspaceId });
    expect(await later.services.workspaces.list()).toHaveLength(1);
  });

  it('a sandbox that cannot start is reported and the app still opens', async () => {
    const desktop = await desktopFor({
      startSandbox: async () => {
        throw new Error('disk full');
      },
    });
    expect(desktop.shell.sandbox).toBeNull();
    expect(desktop.notices.at(-1)).toMatchObject({ title: 'The sandbox did not start' });
    expect(desktop.notices.at(-1)?.body).toContain('disk full');
    expect(desktop.windows).toHaveLength(1);
  });

  it('works with the real startSandbox on :memory: too (tests, throwaway runs)', async () => {
    const desktop = await desktopFor({ startSandbox: (options) => startSandbox({ ...options, dataFile: ':memory:' }) });
    const { workspaceId, running: sandbox } = desktop.shell.sandbox!;
    expect(await linkCount(sandbox.url, (await desktop.services.vault.getKey(workspaceId))!)).toBeGreaterThan(100);
  });
});

describe('global shortcut', () => {
  it('registers CommandOrControl+Shift+L by default and can be changed', async () => {
    const desktop = await desktopFor(oneWorkspace);
    expect([...desktop.shortcuts.registered.keys()]).toEqual(['CommandOrControl+Shift+L']);
    expect(await desktop.call('desktop.setSettings', { shortcut: 'CmdOrCtrl+Alt+K' })).toMatchObject({ shortcut: 'CmdOrCtrl+Alt+K', shortcutActive: true });
    expect([...desktop.shortcuts.registered.keys()]).toEqual(['CmdOrCtrl+Alt+K']);
    expect(desktop.tray().item('Shorten URL from Clipboard').accelerator).toBe('CmdOrCtrl+Alt+K');
    expect(await desktop.call('desktop.setSettings', { shortcut: null })).toMatchObject({ shortcut: null, shortcutActive: false });
    expect(desktop.shortcuts.registered.size).toBe(0);
    await desktop.shell.stop();

    const again = await desktopFor();
    expect(again.shortcuts.registered.size).toBe(0);
    expect(await again.call('desktop.getSettings', {})).toMatchObject({ shortcut: null });
  });

  it('reports a conflict and keeps the working shortcut', async () => {
    const desktop = await desktopFor(oneWorkspace);
    desktop.shortcuts.taken.add('Control+Alt+T');
    await expect(desktop.call('desktop.setSettings', { shortcut: 'Control+Alt+T' })).rejects.toMatchObject({
      data: { kind: 'invalid-input', field: 'shortcut', message: expect.stringContaining('already used by another application') },
    });
    await expect(desktop.call('desktop.setSettings', { shortcut: 'Shift+Banana' })).rejects.toMatchObject({
      data: { field: 'shortcut', message: '"Banana" is not a key Electron knows.' },
    });
    expect(await desktop.call('desktop.getSettings', {})).toMatchObject({ shortcut: 'CommandOrControl+Shift+L', shortcutActive: true });
    expect([...desktop.shortcuts.registered.keys()]).toEqual(['CommandOrControl+Shift+L']);
  });

  it('a shortcut taken at startup is reported by a notification and in the settings', async () => {
    const shortcuts = new FakeShortcuts();
    shortcuts.taken.add('CommandOrControl+Shift+L');
    const desktop = await desktopFor({ ...oneWorkspace, shortcuts });
    expect(desktop.notices[0]).toMatchObject({ title: 'Shortcut not available' });
    expect(await desktop.call('desktop.getSettings', {})).toMatchObject({
      shortcut: 'CommandOrControl+Shift+L',
      shortcutActive: false,
      shortcutProblem: expect.stringContaining('already used'),
    });
    expect(desktop.tray().item('Shorten URL from Clipboard').accelerator).toBeUndefined();
    desktop.notices[0]!.onClick?.();
    expect(desktop.windows[0]!.received('app.navigate')).toEqual([{ view: 'settings' }]);
  });
});
