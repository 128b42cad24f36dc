// Creates the main window with the security baseline and guards it: no navigation away from
// the renderer, no new windows, external http(s) links to the system browser only.
import type { BrowserWindow, BrowserWindowConstructorOptions, WebContents, WebPreferences } from 'electron';
import { safeExternalUrl } from '../security/external-url.ts';

export function secureWebPreferences(preloadPath: string): WebPreferences {
  return {
    preload: preloadPath,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    experimentalFeatures: false,
    navigateOnDragDrop: false,
    safeDialogs: true,
    spellcheck: true,
  };
}

export interface WindowDeps {
  BrowserWindow: new (options: BrowserWindowConstructorOptions) => BrowserWindow;
  preloadPath: string;
  /** The renderer's URL: dev server or packaged file. */
  rendererUrl: string;
  openExternal: (url: string) => Promise<void>;
  bounds?: { x?: number; y?: number; width: number; height: number };
  icon?: string;
  /** Started at login: made, its page loaded, but not shown (the tray or the dock shows it). */
  hidden?: boolean;
}

export function createMainWindow(deps: WindowDeps): BrowserWindow {
  const window = new deps.BrowserWindow({
    ...(deps.bounds ?? { width: 1200, height: 800 }),
    minWidth: 720,
    minHeight: 480,
    show: false,
    title: 'Linkdock',
    ...(deps.icon ? { icon: deps.icon } : {}),
    // The page owns the mirror and the outbox and keeps syncing while the window is hidden (closed
    // to the tray, or closed on macOS): Chromium must not slow its timers to once a minute then.
    webPreferences: { ...secureWebPreferences(deps.preloadPath), backgroundThrottling: false },
  });
  guardWebContents(window.webContents, deps);
  if (!deps.hidden) window.once('ready-to-show', () => window.show());
  void window.loadURL(deps.rendererUrl);
  return window;
}

/** Where the renderer shows only its Shorten form (src-renderer/main.tsx reads the fragment). */
export function shortenWindowUrl(rendererUrl: string): string {
  return `${rendererUrl.split('#')[0]}#view=shorten`;
}

/**
 * The small Shorten window (tray → Shorten Clipboard…): the main window's security baseline and
 * guards, no menu bar, a fixed small size. Main lets it make only the Shorten window's calls.
 */
export function createShortenWindow(deps: Omit<WindowDeps, 'bounds'>): BrowserWindow {
  const url = shortenWindowUrl(deps.rendererUrl);
  const window = new deps.BrowserWindow({
    width: 480,
    height: 400,
    resizable: false,
    minimizable: false,
    maximizable: false,
    fullscreenable: false,
    show: false,
    title: 'Shorten — Linkdock',
    ...(deps.icon ? { icon: deps.icon } : {}),
    webPreferences: secureWebPreferences(deps.preloadPath),
  });
  window.removeMenu();
  guardWebContents(window.webContents, deps);
  window.once('ready-to-show', () => {
    window.show();
    window.focus();
  });
  void window.loadURL(url);
  return window;
}

type GuardedContents = Pick<BrowserWindow['webContents'], 'on' | 'setWindowOpenHandler'>;

/**
 * Web contents already guarded. The app-wide guard ('web-contents-created') and each window's own
 * both reach a window's contents; a second set of listeners would open every external link twice.
 */
const guarded = new WeakSet<object>();

/** The page itself, whatever view its fragment picks (the Shorten window is `#view=shorten`). */
function isRendererPage(url: string, rendererUrl: string): boolean {
  return url.split('#')[0] === rendererUrl.split('#')[0];
}

/** Blocks navigation, redirects, new windows and webviews; safe links go to the system browser. Once per web contents. */
export function guardWebContents(contents: GuardedContents, deps: Pick<WindowDeps, 'rendererUrl' | 'openExternal'>): void {
  if (guarded.has(contents)) return;
  guarded.add(contents);
  const openOutside = (url: string): void => {
    const safe = safeExternalUrl(url);
    if (safe) void deps.openExternal(safe);
  };
  contents.setWindowOpenHandler(({ url }) => {
    openOutside(url);
    return { action: 'deny' };
  });
  contents.on('will-navigate', (event, url) => {
    if (isRendererPage(url, deps.rendererUrl)) return; // a reload of our own page
    event.preventDefault();
    openOutside(url);
  });
  contents.on('will-redirect', (event) => event.preventDefault());
  contents.on('will-attach-webview', (event) => event.preventDefault());
}

/**
 * The same guard on every web contents the app ever makes (a future window, a devtools or PDF
 * viewer), not only on the main window: a page that slips in cannot navigate, open or embed.
 */
export function guardEveryWebContents(
  app: { on(event: 'web-contents-created', listener: (event: unknown, contents: WebContents) => void): unknown },
  deps: Pick<WindowDeps, 'rendererUrl' | 'openExternal'>,
): void {
  app.on('web-contents-created', (_event, contents) => guardWebContents(contents, deps));
}
