// Native bits (issue #40 item 6) with Electron replaced by fakes: the AppUserModelID on Windows, the
// About panel, nativeTheme.themeSource following the window's theme choice, and the tray icon still
// following the system's own theme.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { linkdockBuildConfig } from '../../../electron-builder.ts';
import { aboutPanel, APP_USER_MODEL_ID, applyAppIdentity, COPYRIGHT, type AboutPanel } from '../../../src-main/desktop/app-identity.ts';
import { panelIsDark } from '../../../src-main/desktop/tray-icon.ts';
import { mayCall } from '../../../src-main/ipc/sender-check.ts';
import { withTempDir } from '../../support/temp-dir.ts';
import { makeRunningDesktop, type Desktop } from './harness.ts';

function fakeApp() {
  const calls: string[] = [];
  let panel: AboutPanel | null = null;
  return {
    calls,
    panel: () => panel,
    app: {
      setAppUserModelId: (id: string) => void calls.push(`setAppUserModelId ${id}`),
      setAboutPanelOptions: (options: AboutPanel) => {
        calls.push('setAboutPanelOptions');
        panel = options;
      },
    },
  };
}

describe('the app’s identity', () => {
  it('Windows: the AppUserModelID is electron-builder’s appId, set before anything else', () => {
    const { app, calls } = fakeApp();
    applyAppIdentity(app, { platform: 'win32', version: '1.2.3', iconsDir: 'C:\\Linkdock\\resources\\icons' });
    expect(calls).toEqual(['setAppUserModelId app.linkdock.desktop', 'setAboutPanelOptions']);
    const config = linkdockBuildConfig({ LINKDOCK_UPDATES: 'off' });
    expect(APP_USER_MODEL_ID).toBe(config.appId);
    expect(COPYRIGHT).toBe(config.copyright);
  });

  it('macOS and Linux set no AppUserModelID; the About panel carries the name, version and copyright everywhere', () => {
    for (const platform of ['darwin', 'linux'] as const) {
      const { app, calls, panel } = fakeApp();
      applyAppIdentity(app, { platform, version: '1.2.3', iconsDir: '/opt/Linkdock/resources/icons' });
      expect(calls).toEqual(['setAboutPanelOptions']);
      expect(panel()).toMatchObject({ applicationName: 'Linkdock', applicationVersion: '1.2.3', copyright: COPYRIGHT });
    }
    expect(aboutPanel({ platform: 'linux', version: '1', iconsDir: '/r/icons' })).toMatchObject({
      website: 'https://linkdock.app',
      iconPath: path.join('/r/icons', '64x64.png'),
    });
    expect(aboutPanel({ platform: 'win32', version: '1', iconsDir: '/r/icons' })).toMatchObject({ iconPath: path.join('/r/icons', '48x48.png') });
    expect(aboutPanel({ platform: 'darwin', version: '1', iconsDir: '/r/icons' })).not.toHaveProperty('iconPath');
  });
});

describe('nativeTheme.themeSource follows the window’s theme choice', () => {
  let temp: { dir: string; cleanup: () => Promise<void> };
  const running: Desktop[] = [];
  beforeEach(async () => {
    temp = await withTempDir();
  });
  afterEach(async () => {
    for (const desktop of running.splice(0)) await desktop.shell.stop();
    await temp.cleanup();
  });
  const start = async (nativeTheme: { themeSource: 'system' | 'light' | 'dark' }, record?: string[]) => {
    const desktop = await makeRunningDesktop({
      dir: temp.dir,
      nativeTheme,
      startSandbox: () => Promise.reject(new Error('no sandbox here')),
      ...(record ? { record } : {}),
    });
    running.push(desktop);
    return desktop;
  };

  it('set when the theme changes, kept for the next start (before the window is made), and only to a known choice', async () => {
    const nativeTheme = { themeSource: 'system' as 'system' | 'light' | 'dark' };
    const desktop = await start(nativeTheme);
    expect(nativeTheme.themeSource).toBe('system');
    expect(await desktop.call('desktop.setTheme', { theme: 'dark' })).toBeNull();
    expect(nativeTheme.themeSource).toBe('dark');
    expect(JSON.parse(await readFile(path.join(temp.dir, 'desktop-settings.json'), 'utf8'))).toMatchObject({ theme: 'dark' });
    await expect(desktop.call('desktop.setTheme', { theme: 'purple' })).rejects.toMatchObject({ data: { kind: 'invalid-input' } });
    await expect(desktop.call('desktop.setTheme', { theme: 'light', extra: 1 })).rejects.toMatchObject({ data: { kind: 'invalid-input' } });
    expect(nativeTheme.themeSource).toBe('dark');
    await desktop.shell.stop();

    const next = { themeSource: 'system' as 'system' | 'light' | 'dark' };
    const record: string[] = [];
    const again = await start(
      {
        get themeSource() {
          return next.themeSource;
        },
        set themeSource(value) {
          next.themeSource = value;
          record.push(`theme ${value}`);
        },
      },
      record,
    );
    expect(next.themeSource).toBe('dark');
    // Before the window: its title bar and menus are dark from the first frame.
    expect(record).toEqual(['theme dark', 'window']);
    await again.call('desktop.setTheme', { theme: 'system' });
    expect(next.themeSource).toBe('system');
  });

  it('an unreadable stored theme starts as the system’s', async () => {
    await writeFile(path.join(temp.dir, 'desktop-settings.json'), JSON.stringify({ version: 1, theme: 'sepia' }));
    const nativeTheme = { themeSource: 'light' as 'system' | 'light' | 'dark' };
    await start(nativeTheme);
    expect(nativeTheme.themeSource).toBe('system');
  });

  it('only the app’s own windows may call it: the Shorten window and other frames are refused', () => {
    const policy = { windowIds: () => [1], shortenWindowIds: () => [2], rendererUrl: 'app://linkdock/index.html' };
    const from = (webContentsId: number, frameUrl = 'app://linkdock/index.html') => ({ webContentsId, frameUrl, isMainFrame: true });
    expect(mayCall('desktop.setTheme', from(1), policy)).toBe(true);
    expect(mayCall('desktop.setTheme', from(2), policy)).toBe(false);
    expect(mayCall('desktop.setTheme', from(1, 'https://evil.example/'), policy)).toBe(false);
  });
});

describe('the tray icon follows the system, not the app’s theme', () => {
  it('reads the system while the app follows it, keeps that reading once the app forces light or dark; Windows reads its taskbar', () => {
    expect(panelIsDark({ themeSource: 'system', shouldUseDarkColors: true }, 'linux', false)).toBe(true);
    // Forced dark: shouldUseDarkColors says the app's choice, not the panel's.
    expect(panelIsDark({ themeSource: 'dark', shouldUseDarkColors: true }, 'linux', false)).toBe(false);
    expect(panelIsDark({ themeSource: 'light', shouldUseDarkColors: false }, 'linux', true)).toBe(true);
    expect(panelIsDark({ themeSource: 'light', shouldUseDarkColors: false, shouldUseDarkColorsForSystemIntegratedUI: true }, 'win32', false)).toBe(true);
  });
});
