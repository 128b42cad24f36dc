// The application menu: the standard roles and Linkdock's commands, Help (role 'help') with the logs
// folder and diagnostics, and (issue #40 item 6) About and Check for Updates… — in the app menu on
// macOS, in Help elsewhere — disabled with its reason where updates cannot run, and a notice of
// whatever the check found.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MenuEntry } from '../../../src-main/desktop/menu-entry.ts';
import { UpdateChecks, type UpdateChecksOptions } from '../../../src-main/desktop/update-checks.ts';
import { withTempDir } from '../../support/temp-dir.ts';
import { FakeUpdater, GITHUB_FEED, manualTimers } from './fake-updater.ts';
import { eventually, recordNotices } from './fakes.ts';
import { addWorkspace, makeRunningDesktop, type Desktop, type DesktopOptions } from './harness.ts';

function setup(overrides: Partial<UpdateChecksOptions> = {}) {
  const updater = new FakeUpdater();
  const { notices, notify } = recordNotices();
  let online = true;
  const checks = new UpdateChecks({
    updater,
    dev: false,
    platform: 'darwin',
    version: '0.1.0',
    enabled: () => true,
    isOnline: () => online,
    notify,
    openExternal: async () => undefined,
    log: { info: () => undefined, warn: () => undefined },
    timers: manualTimers().timers,
    ...overrides,
  });
  checks.start();
  return { updater, notices, checks, setOnline: (on: boolean) => (online = on) };
}
const said = (notices: { title: string; body: string }[]) => notices.map((n) => `${n.title}: ${n.body}`);

describe('UpdateChecks.checkFromMenu', () => {
  it('says it is up to date, that a new version is downloading, or that it is ready', async () => {
    const { updater, notices, checks } = setup();
    await checks.checkFromMenu();
    updater.found = '0.2.0';
    await checks.checkFromMenu();
    updater.downloaded('0.2.0');
    await checks.checkFromMenu();
    expect(said(notices)).toEqual([
      'Linkdock is up to date: Version 0.1.0 is the newest.',
      'Update found: Linkdock 0.2.0 is downloading and installs when you quit.',
      'Update ready: Linkdock 0.2.0 is downloaded and installs when you quit. Click to restart and install it now.',
      'Update ready: Linkdock 0.2.0 is downloaded and installs when you quit. Click to restart and install it now.',
    ]);
    expect(updater.checks).toBe(2); // ready: nothing more to look for
  });

  it('where updates are only announced (Linux): one notice per check, even of a version a timed check announced', async () => {
    const { updater, notices, checks } = setup({ platform: 'linux' });
    updater.found = '0.2.0';
    await checks.checkFromMenu();
    await checks.checkFromMenu();
    expect(said(notices)).toEqual([
      'Update available: Linkdock 0.2.0 is out. This build does not install updates by itself: click to open the releases page.',
      'Update available: Linkdock 0.2.0 is out. This build does not install updates by itself: click to open the releases page.',
    ]);
  });

  it('offline or a failing feed: says so plainly (the timed checks never do)', async () => {
    const { updater, notices, checks, setOnline } = setup();
    setOnline(false);
    await checks.checkFromMenu();
    setOnline(true);
    updater.failWith = new Error('HttpError: 404 Not Found https://github.com/acme/linkdock/releases');
    await checks.checkFromMenu();
    expect(said(notices)).toEqual([
      'No network: Linkdock could not look for updates: this computer is offline.',
      'Update check failed: Linkdock could not reach its update feed. It tries again by itself later.',
    ]);
    expect(updater.checks).toBe(1);
  });

  it('disabled with the reason where updates cannot run, or are turned off', () => {
    expect(setup({ dev: true }).checks.menuState).toEqual({ enabled: false, reason: 'Updates are off in development builds' });
    expect(setup({ updater: new FakeUpdater(null) }).checks.menuState).toEqual({ enabled: false, reason: 'Updates are not configured for this build' });
    expect(setup({ updater: undefined }).checks.menuState).toEqual({ enabled: false, reason: 'This build cannot update itself' });
    expect(setup({ enabled: () => false }).checks.menuState).toEqual({ enabled: false, reason: 'Updates are turned off in Settings' });
    expect(setup().checks.menuState).toEqual({ enabled: true, reason: null });
  });
});

/** The entry with this label, through submenus. */
function find(menu: MenuEntry[], label: string): MenuEntry | undefined {
  for (const entry of menu) {
    if (entry.label === label) return entry;
    const inner = entry.submenu && find(entry.submenu, label);
    if (inner) return inner;
  }
  return undefined;
}
const labels = (entries: MenuEntry[] | undefined) => (entries ?? []).map((e) => (e.type === 'separator' ? '-' : (e.label ?? e.role)));

describe('the menu', () => {
  let temp: { dir: string; cleanup: () => Promise<void> };
  let desktop: Desktop | null = null;
  beforeEach(async () => {
    temp = await withTempDir();
  });
  afterEach(async () => {
    await desktop?.shell.stop();
    desktop = null;
    await temp.cleanup();
  });
  const start = async (options: Omit<DesktopOptions, 'dir'>) => {
    desktop = await makeRunningDesktop({ dir: temp.dir, startSandbox: () => Promise.reject(new Error('no sandbox here')), ...options });
    return desktop;
  };

  it('Windows and Linux: Help (role help) ends with Check for Updates… and About Linkdock', async () => {
    let abouts = 0;
    const linux = await start({ platform: 'linux', updater: new FakeUpdater(GITHUB_FEED), showAboutPanel: () => void abouts++ });
    const help = linux.appMenu().find((entry) => entry.role === 'help')!;
    expect(help.label).toBe('&Help');
    expect(labels(help.submenu)).toEqual(['Linkdock Website', '-', 'Open Logs Folder', 'Copy Diagnostics', '-', 'Check for Updates…', '-', 'About Linkdock']);
    find(help.submenu!, 'About Linkdock')!.click!();
    expect(abouts).toBe(1);
    find(help.submenu!, 'Check for Updates…')!.click!();
    await eventually(() => expect(said(linux.notices)).toContain('Linkdock is up to date: Version 0.1.0-test is the newest.'));
  });

  it('macOS: About and Check for Updates… head the app menu; Help keeps its role and no About', async () => {
    const mac = await start({ platform: 'darwin', updater: new FakeUpdater(GITHUB_FEED) });
    const appMenu = mac.appMenu()[0]!;
    expect(labels(appMenu.submenu).slice(0, 3)).toEqual(['about', 'Check for Updates…', '-']);
    const help = mac.appMenu().find((entry) => entry.role === 'help')!;
    expect(help.label).toBe('Help');
    expect(find(help.submenu!, 'About Linkdock')).toBeUndefined();
  });

  it('disabled with its reason beside it where the build has no feed, and while updates are turned off in Settings', async () => {
    const unconfigured = await start({ platform: 'linux', updater: new FakeUpdater(null) });
    const check = find(unconfigured.appMenu(), 'Check for Updates…')!;
    expect(check).toMatchObject({ enabled: false, toolTip: 'Updates are not configured for this build' });
    expect(find(unconfigured.appMenu(), 'Updates are not configured for this build')).toMatchObject({ enabled: false });
    await unconfigured.shell.stop();

    const configured = await start({ platform: 'darwin', updater: new FakeUpdater(GITHUB_FEED) });
    expect(find(configured.appMenu(), 'Check for Updates…')).toMatchObject({ enabled: true });
    await configured.call('desktop.setSettings', { autoUpdate: false });
    expect(find(configured.appMenu(), 'Check for Updates…')).toMatchObject({ enabled: false, toolTip: 'Updates are turned off in Settings' });
    await configured.call('desktop.setSettings', { autoUpdate: true });
    expect(find(configured.appMenu(), 'Check for Updates…')).toMatchObject({ enabled: true });
  });
});

describe('app menu', () => {
  let temp: { dir: string; cleanup: () => Promise<void> };
  const running: Desktop[] = [];
  beforeEach(async () => {
    temp = await withTempDir();
  });
  afterEach(async () => {
    for (const desktop of running.splice(0)) await desktop.shell.stop();
    await temp.cleanup();
  });
  const desktopFor = async (options: Omit<DesktopOptions, 'dir'>): Promise<Desktop> => {
    const desktop = await makeRunningDesktop({ dir: temp.dir, ...options });
    running.push(desktop);
    return desktop;
  };
  const oneWorkspace = { seed: async (services: Desktop['services']) => void (await addWorkspace(services, 'Work', 'https://links.example.com/')) };
  const roles = (menu: MenuEntry[]): string[] => menu.flatMap((e) => [...(e.role ? [e.role] : []), ...roles(e.submenu ?? [])]);

  it('has the standard roles and the app commands with their shortcuts', async () => {
    const desktop = await desktopFor({ ...oneWorkspace, platform: 'darwin' });
    const menu = desktop.appMenu();
    expect(roles(menu)).toEqual(expect.arrayContaining(['about', 'hide', 'quit', 'editMenu', 'windowMenu', 'togglefullscreen', 'close']));
    expect(roles(menu)).not.toContain('toggleDevTools');
    expect(find(menu, 'Sync Now')?.accelerator).toBe('CommandOrControl+R');
    expect(find(menu, 'Shorten URL from Clipboard')).toMatchObject({ accelerator: 'CommandOrControl+Shift+L', registerAccelerator: false });
    const window = desktop.windows[0]!;
    find(menu, 'Sync Now')?.click?.();
    expect(window.received('sync.requested')).toHaveLength(1);
    find(menu, 'New Link')?.click?.();
    find(menu, 'Pending Changes')?.click?.();
    find(menu, 'Settings…')?.click?.();
    expect(window.received('app.navigate').map((p) => (p as { view: string }).view)).toEqual(['new-link', 'pending', 'settings']);
    find(menu, 'Linkdock Website')?.click?.();
    expect(desktop.opened).toEqual(['https://linkdock.app']);
  });

  it('has Open Logs Folder and Copy Diagnostics under Help, calling the logs folder port and putting diagnostics on the clipboard', async () => {
    const desktop = await desktopFor(oneWorkspace);
    const help = desktop.appMenu().find((entry) => entry.label === '&Help');
    // (Check for Updates… and About follow: below.)
    expect(help?.submenu?.map((e) => e.label ?? e.type).slice(0, 4)).toEqual(['Linkdock Website', 'separator', 'Open Logs Folder', 'Copy Diagnostics']);
    find(help!.submenu!, 'Open Logs Folder')?.click?.();
    await eventually(() => expect(desktop.logsFolderOpened()).toBe(1));

    const [workspace] = await desktop.services.workspaces.list();
    await desktop.call('tray.updateCache', { workspaceId: workspace!.id, recent: [], pinned: [], status: { online: true, pending: 2, problems: 1 } });
    find(help!.submenu!, 'Copy Diagnostics')?.click?.();
    await eventually(() => expect(desktop.notices.map((n) => n.title)).toContain('Diagnostics copied'));
    const text = await desktop.clipboard.readText();
    expect(text).toContain('Linkdock 0.1.0-test, Electron 45.0.0, Chrome 142.0.0.0');
    expect(text).toContain('Workspaces: 1');
    expect(text).toContain('  1. service: 2 pending, 1 failed or in conflict, online');
    expect(text).not.toContain(workspace!.baseUrl);
    const key = await desktop.services.vault.getKey(workspace!.id);
    expect(key).toBeTruthy();
    expect(text).not.toContain(key!);
  });

  it('on Windows and Linux puts Settings and Quit in the File menu with mnemonics', async () => {
    const desktop = await desktopFor(oneWorkspace);
    const menu = desktop.appMenu();
    expect(menu.map((e) => e.label ?? e.role)).toEqual(['&File', 'editMenu', '&View', 'windowMenu', '&Help']);
    expect(find(menu, 'Settings')?.accelerator).toBe('CommandOrControl+,');
    expect(roles(menu[0]!.submenu!)).toEqual(['quit']);
  });
});
