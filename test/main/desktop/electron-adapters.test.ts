import { describe, expect, it } from 'vitest';
import { installAppMenu } from '../../../src-main/electron/app-menu.ts';
import { startLocalCrashReports } from '../../../src-main/electron/crash-reports.ts';
import { electronShortcuts } from '../../../src-main/electron/global-shortcut.ts';
import { electronNotifier } from '../../../src-main/electron/notifications.ts';
import { createElectronTray } from '../../../src-main/electron/tray.ts';

type Handler = (...args: unknown[]) => void;

describe('Electron adapters (fake Electron classes)', () => {
  it('tray: builds the menu from the template, follows the theme, forwards clicks, destroys once', () => {
    const made: FakeTray[] = [];
    class FakeTray {
      image: string;
      menu: unknown = null;
      toolTip = '';
      destroyed = 0;
      handlers = new Map<string, Handler>();
      constructor(image: string) {
        this.image = image;
        made.push(this);
      }
      setImage(image: string) {
        this.image = image;
      }
      setContextMenu(menu: unknown) {
        this.menu = menu;
      }
      setToolTip(text: string) {
        this.toolTip = text;
      }
      on(event: string, handler: Handler) {
        this.handlers.set(event, handler);
      }
      isDestroyed() {
        return this.destroyed > 0;
      }
      destroy() {
        this.destroyed += 1;
      }
    }
    const themeHandlers: Handler[] = [];
    const theme = { themeSource: 'system', shouldUseDarkColors: true, on: (_event: string, handler: Handler) => themeHandlers.push(handler) };
    const port = createElectronTray({
      Tray: FakeTray as never,
      Menu: { buildFromTemplate: (template: unknown) => ({ built: template }) } as never,
      nativeTheme: theme as never,
      iconDir: '/res/tray',
      platform: 'linux',
    });
    const tray = made[0]!;
    expect(tray.image).toBe('/res/tray/tray-dark-32.png');
    theme.shouldUseDarkColors = false;
    themeHandlers.forEach((handler) => handler());
    expect(tray.image).toBe('/res/tray/tray-light-32.png');
    // The app forces dark (Settings → Appearance): the panel did not change, nor does the icon.
    Object.assign(theme, { themeSource: 'dark', shouldUseDarkColors: true });
    themeHandlers.forEach((handler) => handler());
    expect(tray.image).toBe('/res/tray/tray-light-32.png');

    port.setMenu([{ label: 'Open Linkdock' }]);
    expect(tray.menu).toEqual({ built: [{ label: 'Open Linkdock' }] });
    port.setToolTip('Linkdock');
    expect(tray.toolTip).toBe('Linkdock');
    let clicks = 0;
    port.onClick(() => (clicks += 1));
    tray.handlers.get('click')!();
    expect(clicks).toBe(1);
    port.destroy();
    port.destroy();
    expect(tray.destroyed).toBe(1);
  });

  it('notifications: shows title and body, runs the click action, logs when unsupported', () => {
    const shown: FakeNotification[] = [];
    let supported = true;
    class FakeNotification {
      static isSupported = () => supported;
      options: { title: string; body: string };
      handlers = new Map<string, Handler>();
      constructor(options: { title: string; body: string }) {
        this.options = options;
      }
      on(event: string, handler: Handler) {
        this.handlers.set(event, handler);
      }
      show() {
        shown.push(this);
      }
    }
    const logged: string[] = [];
    const notify = electronNotifier({ Notification: FakeNotification as never, logError: (m) => logged.push(m) });
    let clicked = 0;
    notify({ title: 'Short URL copied', body: 'https://s.example/a', onClick: () => (clicked += 1) });
    expect(shown[0]!.options).toEqual({ title: 'Short URL copied', body: 'https://s.example/a' });
    shown[0]!.handlers.get('click')!();
    expect(clicked).toBe(1);

    supported = false;
    notify({ title: 'Nothing to shorten', body: 'x' });
    expect(shown).toHaveLength(1);
    expect(logged).toEqual(['notification (not supported here): Nothing to shorten']);
  });

  it('app menu and global shortcut pass straight through', () => {
    const installed: unknown[] = [];
    installAppMenu({ buildFromTemplate: (t: unknown) => ({ menu: t }), setApplicationMenu: (m: unknown) => installed.push(m) } as never)([
      { role: 'editMenu' },
    ]);
    expect(installed).toEqual([{ menu: [{ role: 'editMenu' }] }]);

    const calls: string[] = [];
    const port = electronShortcuts({
      register: (accelerator: string) => {
        calls.push(`register ${accelerator}`);
        return accelerator !== 'Alt+X';
      },
      unregister: (accelerator: string) => calls.push(`unregister ${accelerator}`),
    } as never);
    expect(port.register('Alt+L', () => undefined)).toBe(true);
    expect(port.register('Alt+X', () => undefined)).toBe(false);
    port.unregister('Alt+L');
    expect(calls).toEqual(['register Alt+L', 'register Alt+X', 'unregister Alt+L']);
  });

  it('crash reports: started with uploads off, the dumps folder is the one Electron names', () => {
    const started: unknown[] = [];
    const dir = startLocalCrashReports({ start: (options) => void started.push(options) }, { getPath: (name) => `/users/me/${name}` });
    expect(started).toEqual([expect.objectContaining({ uploadToServer: false })]);
    expect(started[0]).not.toHaveProperty('submitURL');
    expect(dir).toBe('/users/me/crashDumps');
  });
});
