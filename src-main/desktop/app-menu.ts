// The application menu: the platform's standard roles plus Linkdock's own commands and shortcuts.
// About and Check for Updates… sit in the app menu on macOS, in Help elsewhere; Help has role 'help'
// (macOS adds its search field to it).
import { menuText, separator, type MenuEntry } from './menu-entry.ts';

export interface AppMenuActions {
  newLink(): void;
  shortenFromClipboard(): void;
  syncNow(): void;
  showPending(): void;
  showSettings(): void;
  openWebsite(): void;
  /** The folder electron-log writes to, in the system's file manager. */
  openLogsFolder(): void;
  /** The diagnostics text (versions, counts, last errors; no keys) onto the clipboard. */
  copyDiagnostics(): void;
  /** app.showAboutPanel() (macOS uses the role, which shows the same panel). */
  showAbout(): void;
  /** One update check now, with a notice of what it found. */
  checkForUpdates(): void;
}

export interface AppMenuOptions {
  platform: NodeJS.Platform;
  /** Development builds keep reload and the developer tools. */
  dev: boolean;
  /** The global shortcut, shown next to its menu item. */
  shortcut: string | null;
  /** Whether Check for Updates… can run here, and in a few words why not (update-checks.ts menuState). */
  updates: { enabled: boolean; reason: string | null };
}

/** Check for Updates…, disabled with its reason beside it (a tooltip on macOS, a line of its own everywhere). */
function updateEntries(options: AppMenuOptions, actions: AppMenuActions): MenuEntry[] {
  const { enabled, reason } = options.updates;
  const check: MenuEntry = { label: 'Check for Updates…', enabled, click: () => actions.checkForUpdates() };
  if (enabled || !reason) return [check];
  return [
    { ...check, toolTip: reason },
    { label: menuText(reason, 80), enabled: false },
  ];
}

/** Shortcuts the window handles through the menu (the global one is registered separately). */
export const APP_SHORTCUTS = {
  newLink: 'CommandOrControl+N',
  syncNow: 'CommandOrControl+R',
  showPending: 'CommandOrControl+Shift+P',
  showSettings: 'CommandOrControl+,',
} as const;

export function buildAppMenu(options: AppMenuOptions, actions: AppMenuActions): MenuEntry[] {
  const mac = options.platform === 'darwin';
  const settings: MenuEntry = { label: mac ? 'Settings…' : 'Settings', accelerator: APP_SHORTCUTS.showSettings, click: () => actions.showSettings() };
  const linkdock: MenuEntry[] = [
    { label: 'New Link', accelerator: APP_SHORTCUTS.newLink, click: () => actions.newLink() },
    {
      label: 'Shorten URL from Clipboard',
      ...(options.shortcut ? { accelerator: options.shortcut, registerAccelerator: false } : {}),
      click: () => actions.shortenFromClipboard(),
    },
    separator,
    { label: 'Sync Now', accelerator: APP_SHORTCUTS.syncNow, click: () => actions.syncNow() },
    { label: 'Pending Changes', accelerator: APP_SHORTCUTS.showPending, click: () => actions.showPending() },
  ];
  const menu: MenuEntry[] = [];
  if (mac) {
    menu.push({
      label: 'Linkdock',
      submenu: [
        { role: 'about' },
        ...updateEntries(options, actions),
        separator,
        settings,
        separator,
        { role: 'services' },
        separator,
        { role: 'hide' },
        { role: 'hideOthers' },
        { role: 'unhide' },
        separator,
        { role: 'quit' },
      ],
    });
  }
  menu.push({
    label: mac ? 'File' : '&File',
    submenu: [...linkdock, separator, ...(mac ? [{ role: 'close' as const }] : [settings, separator, { role: 'quit' as const }])],
  });
  menu.push({ role: 'editMenu' });
  menu.push({
    label: mac ? 'View' : '&View',
    submenu: [
      ...(options.dev
        ? [{ role: 'reload' as const, accelerator: 'F5' }, { role: 'forceReload' as const }, { role: 'toggleDevTools' as const }, separator]
        : []),
      { role: 'resetZoom' },
      { role: 'zoomIn' },
      { role: 'zoomOut' },
      separator,
      { role: 'togglefullscreen' },
    ],
  });
  menu.push({ role: 'windowMenu' });
  menu.push({
    role: 'help',
    label: mac ? 'Help' : '&Help',
    submenu: [
      { label: 'Linkdock Website', click: () => actions.openWebsite() },
      separator,
      { label: 'Open Logs Folder', click: () => actions.openLogsFolder() },
      { label: 'Copy Diagnostics', click: () => actions.copyDiagnostics() },
      // Windows and Linux have no app menu: About and updates live here.
      ...(mac ? [] : [separator, ...updateEntries(options, actions), separator, { label: 'About Linkdock', click: () => actions.showAbout() }]),
    ],
  });
  return menu;
}
