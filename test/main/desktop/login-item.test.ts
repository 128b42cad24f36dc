// Open at login (issue #40 item 3): the XDG autostart entry on Linux, Electron's login items on macOS
// and Windows (a fake in place of Electron's app), the stored choice, and a start with --hidden.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { autostartDir, execLine, readAutostartState } from '../../../src-main/desktop/autostart-entry.ts';
import { HIDDEN_ARG, REQUIRES_APPROVAL_NOTE, type LoginItemHost, type LoginItemSystem } from '../../../src-main/desktop/login-item.ts';
import { withTempDir } from '../../support/temp-dir.ts';
import { addWorkspace, makeRunningDesktop, type Desktop, type DesktopOptions } from './harness.ts';

/** Electron's app.setLoginItemSettings / getLoginItemSettings, recorded. */
class FakeLoginItems implements LoginItemSystem {
  readonly set: Parameters<LoginItemSystem['setLoginItemSettings']>[0][] = [];
  readonly asked: unknown[] = [];
  state = { openAtLogin: false, wasOpenedAtLogin: false, status: 'not-registered', executableWillLaunchAtLogin: false };
  setLoginItemSettings(settings: Parameters<LoginItemSystem['setLoginItemSettings']>[0]) {
    this.set.push(settings);
    this.state = {
      ...this.state,
      openAtLogin: settings.openAtLogin,
      executableWillLaunchAtLogin: settings.openAtLogin,
      status: settings.openAtLogin ? 'enabled' : 'not-registered',
    };
  }
  getLoginItemSettings(options?: unknown) {
    this.asked.push(options);
    return { ...this.state };
  }
}

let temp: { dir: string; cleanup: () => Promise<void> };
const running: Desktop[] = [];
beforeEach(async () => {
  temp = await withTempDir();
});
afterEach(async () => {
  for (const desktop of running.splice(0)) await desktop.shell.stop();
  await temp.cleanup();
});

const oneWorkspace = { seed: async (services: Desktop['services']) => void (await addWorkspace(services, 'Work', 'https://links.example.com/')) };
const APPIMAGE = '/home/ana/Apps/Linkdock 0.1.0.AppImage';

function host(over: Partial<LoginItemHost> = {}): LoginItemHost {
  return {
    argv: ['/opt/Linkdock/linkdock'],
    env: { XDG_CONFIG_HOME: path.join(temp.dir, 'config') },
    homeDir: path.join(temp.dir, 'home'),
    execPath: '/opt/Linkdock/linkdock',
    ...over,
  };
}
async function desktopFor(options: Omit<DesktopOptions, 'dir'>): Promise<Desktop> {
  const desktop = await makeRunningDesktop({ dir: temp.dir, ...oneWorkspace, ...options });
  running.push(desktop);
  return desktop;
}
const entryFile = () => path.join(temp.dir, 'config', 'autostart', 'linkdock.desktop');
const readEntry = () => readFile(entryFile(), 'utf8').catch(() => null);

describe('open at login on Linux: the XDG autostart entry', () => {
  it('is off by default; on writes the entry (the AppImage with --hidden), off removes it, and the choice is kept', async () => {
    const desktop = await desktopFor({ login: host({ env: { XDG_CONFIG_HOME: path.join(temp.dir, 'config'), APPIMAGE } }) });
    expect(await desktop.call('desktop.getSettings', {})).toMatchObject({ openAtLogin: false, openAtLoginAvailable: true, openAtLoginNote: null });
    expect(await readEntry()).toBeNull();

    expect(await desktop.call('desktop.setSettings', { openAtLogin: true })).toMatchObject({ openAtLogin: true });
    const entry = (await readEntry())!;
    expect(entry.split('\n')).toEqual(expect.arrayContaining(['[Desktop Entry]', 'Type=Application', 'Name=Linkdock', `Exec="${APPIMAGE}" --hidden`]));
    expect(readAutostartState(entry)).toEqual({ kind: 'enabled', exec: `"${APPIMAGE}" --hidden` });
    expect(JSON.parse(await readFile(path.join(temp.dir, 'desktop-settings.json'), 'utf8'))).toMatchObject({ openAtLogin: true });

    expect(await desktop.call('desktop.setSettings', { openAtLogin: false })).toMatchObject({ openAtLogin: false });
    expect(await readEntry()).toBeNull();
  });

  it('starts the installed program (process.execPath) outside an AppImage, and uses ~/.config when XDG_CONFIG_HOME is unset or relative', async () => {
    expect(autostartDir({}, '/home/ana')).toBe('/home/ana/.config/autostart');
    expect(autostartDir({ XDG_CONFIG_HOME: 'relative/config' }, '/home/ana')).toBe('/home/ana/.config/autostart');
    expect(autostartDir({ XDG_CONFIG_HOME: '/data/cfg' }, '/home/ana')).toBe('/data/cfg/autostart');
    const desktop = await desktopFor({ login: host({ env: {} }) });
    await desktop.call('desktop.setSettings', { openAtLogin: true });
    const entry = await readFile(path.join(temp.dir, 'home', '.config', 'autostart', 'linkdock.desktop'), 'utf8');
    expect(entry).toContain('\nExec=/opt/Linkdock/linkdock --hidden\n');
  });

  it('quotes the program as the Desktop Entry spec says, and refuses a path that would break the file', async () => {
    expect(execLine('/opt/My Apps/linkdock', [HIDDEN_ARG])).toBe('"/opt/My Apps/linkdock" --hidden');
    // Inside quotes ", `, $ and \ are escaped; then every \ is doubled by the string escape; % is doubled as a field code.
    expect(execLine('/home/a"b/$x`y\\z/100%/linkdock', [HIDDEN_ARG])).toBe('"/home/a\\\\"b/\\\\$x\\\\`y\\\\\\\\z/100%%/linkdock" --hidden');
    const desktop = await desktopFor({ login: host({ execPath: '/tmp/evil\nExec=/bin/sh' }) });
    await expect(desktop.call('desktop.setSettings', { openAtLogin: true })).rejects.toThrow(
      'Linkdock could not add itself to the programs started at login: The program’s path contains a control character: it cannot be started at login.',
    );
    expect(await readEntry()).toBeNull();
    expect(await desktop.call('desktop.getSettings', {})).toMatchObject({ openAtLogin: false });
  });

  it('at start follows the desktop’s own settings: an entry turned off or removed there turns the switch off; one on is pointed at this program', async () => {
    await mkdir(path.dirname(entryFile()), { recursive: true });
    await writeFile(path.join(temp.dir, 'desktop-settings.json'), JSON.stringify({ version: 1, openAtLogin: true }));
    await writeFile(entryFile(), '[Desktop Entry]\nType=Application\nExec=/old/place/Linkdock.AppImage --hidden\nX-GNOME-Autostart-enabled=false\n');
    const first = await desktopFor({ login: host() });
    expect(await first.call('desktop.getSettings', {})).toMatchObject({ openAtLogin: false });
    await first.shell.stop();

    // On in both, but the AppImage moved since: the entry now names where it is.
    await writeFile(path.join(temp.dir, 'desktop-settings.json'), JSON.stringify({ version: 1, openAtLogin: true }));
    await writeFile(entryFile(), '[Desktop Entry]\nType=Application\nExec=/old/place/Linkdock.AppImage --hidden\n');
    const second = await desktopFor({ login: host({ env: { XDG_CONFIG_HOME: path.join(temp.dir, 'config'), APPIMAGE } }) });
    expect(await second.call('desktop.getSettings', {})).toMatchObject({ openAtLogin: true });
    expect(await readEntry()).toContain(`\nExec="${APPIMAGE}" --hidden\n`);
  });

  it('is not offered in a development build nor without a host, with the reason', async () => {
    const dev = await desktopFor({ login: host(), dev: true });
    expect(await dev.call('desktop.getSettings', {})).toMatchObject({
      openAtLoginAvailable: false,
      openAtLoginNote: 'Open at login works in the installed app, not in a development build.',
    });
    await expect(dev.call('desktop.setSettings', { openAtLogin: true })).rejects.toThrow(
      'Open at login works in the installed app, not in a development build.',
    );
    expect(await readEntry()).toBeNull();
    await dev.shell.stop();
    const none = await desktopFor({});
    expect(await none.call('desktop.getSettings', {})).toMatchObject({
      openAtLogin: false,
      openAtLoginAvailable: false,
      openAtLoginNote: 'This build cannot open at login.',
    });
  });
});

describe('open at login on macOS and Windows: Electron’s login items', () => {
  it('Windows: a Run entry for this program with --hidden; off removes it; Task Manager’s off is followed at start', async () => {
    const system = new FakeLoginItems();
    const login = host({ execPath: 'C:\\Users\\ana\\AppData\\Local\\Programs\\Linkdock\\Linkdock.exe', system });
    const desktop = await desktopFor({ platform: 'win32', login });
    await desktop.call('desktop.setSettings', { openAtLogin: true });
    expect(system.set).toEqual([{ openAtLogin: true, path: login.execPath, args: ['--hidden'] }]);
    expect(system.asked.at(-1)).toEqual({ path: login.execPath, args: ['--hidden'] });
    await desktop.call('desktop.setSettings', { openAtLogin: false });
    expect(system.set.at(-1)).toEqual({ openAtLogin: false, path: login.execPath, args: ['--hidden'] });
    await desktop.call('desktop.setSettings', { openAtLogin: true });
    await desktop.shell.stop();

    // Disabled in Task Manager: the entry stays, but Windows will not run it.
    system.state.executableWillLaunchAtLogin = false;
    const again = await desktopFor({ platform: 'win32', login });
    expect(await again.call('desktop.getSettings', {})).toMatchObject({ openAtLogin: false });
  });

  it('macOS: the login item; approval pending in System Settings is said under the switch', async () => {
    const system = new FakeLoginItems();
    const desktop = await desktopFor({ platform: 'darwin', login: host({ system }) });
    system.setLoginItemSettings = (settings) => {
      system.set.push(settings);
      system.state = { ...system.state, status: settings.openAtLogin ? 'requires-approval' : 'not-registered' };
    };
    expect(await desktop.call('desktop.setSettings', { openAtLogin: true })).toMatchObject({ openAtLogin: true, openAtLoginNote: REQUIRES_APPROVAL_NOTE });
    expect(system.set).toEqual([{ openAtLogin: true }]);
    expect(await desktop.call('desktop.setSettings', { openAtLogin: false })).toMatchObject({ openAtLogin: false, openAtLoginNote: null });
  });
});

describe('a start at login', () => {
  it('with --hidden makes the window (its page syncs) but does not show it; the tray shows it', async () => {
    const desktop = await desktopFor({ login: host({ argv: ['/opt/Linkdock/linkdock', '--hidden'] }) });
    const window = desktop.windows[0]!;
    expect(window.options.hidden).toBe(true);
    expect(window.visible).toBe(false);
    desktop.tray().clickListener!();
    expect(window.visible).toBe(true);
    expect(desktop.windows).toHaveLength(1);
  });

  it('without --hidden shows the window as always; with it but no tray icon to come back from, shows it too', async () => {
    const plain = await desktopFor({ login: host() });
    expect(plain.windows[0]!.visible).toBe(true);
    await plain.shell.stop();
    const trayless = await desktopFor({
      login: host({ argv: ['linkdock', '--hidden'] }),
      createTray: () => {
        throw new Error('no StatusNotifier host');
      },
    });
    expect(trayless.windows[0]!.visible).toBe(true);
  });

  it('macOS: wasOpenedAtLogin keeps the window hidden; the dock shows it, maximized as it was left', async () => {
    await writeFile(
      path.join(temp.dir, 'window-state.json'),
      JSON.stringify({ version: 1, bounds: { x: 10, y: 10, width: 1000, height: 700 }, maximized: true }),
    );
    const system = new FakeLoginItems();
    system.state.wasOpenedAtLogin = true;
    const desktop = await desktopFor({ platform: 'darwin', login: host({ system }) });
    const window = desktop.windows[0]!;
    // maximize() would show it: it waits for the first show.
    expect(window).toMatchObject({ visible: false, maximized: false });
    desktop.app.events.fire('activate');
    expect(window).toMatchObject({ visible: true, maximized: true });
  });
});
