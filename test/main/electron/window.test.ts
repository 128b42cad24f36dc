import type { BrowserWindowConstructorOptions } from 'electron';
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { createMainWindow, createShortenWindow, guardEveryWebContents } from '../../../src-main/electron/window.ts';

type Listener = (event: { preventDefault(): void; defaultPrevented: boolean }, url?: string) => void;

/** Records what the factory does to a BrowserWindow, in place of Electron's. */
function fakeWindowClass() {
  const made: FakeWindow[] = [];
  class FakeWindow {
    readonly options: BrowserWindowConstructorOptions;
    readonly listeners = new Map<string, Listener>();
    openHandler: ((details: { url: string }) => { action: string }) | null = null;
    loaded: string | null = null;
    readonly webContents = {
      on: (name: string, listener: Listener) => {
        this.listeners.set(name, listener);
        return this.webContents;
      },
      setWindowOpenHandler: (handler: (details: { url: string }) => { action: string }) => {
        this.openHandler = handler;
      },
    };
    constructor(options: BrowserWindowConstructorOptions) {
      this.options = options;
      made.push(this);
    }
    menuRemoved = false;
    readonly onceEvents: string[] = [];
    once(event: string) {
      this.onceEvents.push(event);
    }
    show() {}
    focus() {}
    removeMenu() {
      this.menuRemoved = true;
    }
    async loadURL(url: string) {
      this.loaded = url;
    }
  }
  return { FakeWindow, made };
}

function setup() {
  const { FakeWindow, made } = fakeWindowClass();
  const opened: string[] = [];
  createMainWindow({
    BrowserWindow: FakeWindow as never,
    preloadPath: '/app/out/preload/index.cjs',
    rendererUrl: 'app://linkdock/index.html',
    openExternal: async (url) => {
      opened.push(url);
    },
  });
  const window = made[0]!;
  const fire = (name: string, url?: string) => {
    const event = {
      defaultPrevented: false,
      preventDefault() {
        this.defaultPrevented = true;
      },
    };
    window.listeners.get(name)!(event, url);
    return event.defaultPrevented;
  };
  return { window, opened, fire };
}

describe('createMainWindow', () => {
  it('turns on every security option', () => {
    const { window } = setup();
    expect(window.options.webPreferences).toMatchObject({
      preload: '/app/out/preload/index.cjs',
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
    });
    expect(window.loaded).toBe('app://linkdock/index.html');
  });

  it('shows itself once its page is ready, unless made hidden (a start at login); its page loads either way', () => {
    expect(setup().window.onceEvents).toEqual(['ready-to-show']);
    const { FakeWindow, made } = fakeWindowClass();
    createMainWindow({
      BrowserWindow: FakeWindow as never,
      preloadPath: '/p.cjs',
      rendererUrl: 'app://linkdock/index.html',
      openExternal: async () => undefined,
      hidden: true,
    });
    expect(made[0]!.onceEvents).toEqual([]);
    expect(made[0]!.options.show).toBe(false);
    expect(made[0]!.loaded).toBe('app://linkdock/index.html');
  });

  it('keeps the page running at full speed while hidden: it syncs in the background', () => {
    const { window } = setup();
    expect(window.options.webPreferences).toMatchObject({ backgroundThrottling: false });
  });

  it('denies every new window and sends only http(s) links to the system browser', () => {
    const { window, opened } = setup();
    expect(window.openHandler!({ url: 'https://example.com/docs' })).toEqual({ action: 'deny' });
    expect(window.openHandler!({ url: 'file:///etc/passwd' })).toEqual({ action: 'deny' });
    expect(window.openHandler!({ url: 'javascript:alert(1)' })).toEqual({ action: 'deny' });
    expect(opened).toEqual(['https://example.com/docs']);
  });

  it('blocks navigation away from the renderer, redirects and webviews', () => {
    const { opened, fire } = setup();
    expect(fire('will-navigate', 'https://evil.example/')).toBe(true);
    expect(fire('will-navigate', 'file:///tmp/other.html')).toBe(true);
    expect(fire('will-navigate', 'file:///app/out/renderer/index.html')).toBe(true);
    expect(fire('will-navigate', 'app://linkdock/other.html')).toBe(true);
    expect(fire('will-navigate', 'app://linkdock/index.html')).toBe(false); // a reload
    expect(fire('will-navigate', 'app://linkdock/index.html#view=shorten')).toBe(false);
    expect(fire('will-redirect', 'https://evil.example/')).toBe(true);
    expect(fire('will-attach-webview')).toBe(true);
    expect(opened).toEqual(['https://evil.example/']);
  });
});

describe('createShortenWindow', () => {
  it("has the main window's security options and guards, on the Shorten view, small and without a menu", () => {
    const { FakeWindow, made } = fakeWindowClass();
    const opened: string[] = [];
    createShortenWindow({
      BrowserWindow: FakeWindow as never,
      preloadPath: '/app/out/preload/index.cjs',
      rendererUrl: 'app://linkdock/index.html',
      openExternal: async (url) => {
        opened.push(url);
      },
    });
    const window = made[0]!;
    expect(window.options.webPreferences).toEqual(secureWebPreferencesOf('/app/out/preload/index.cjs'));
    expect(window.options).toMatchObject({ width: 480, height: 400, resizable: false, show: false });
    expect(window.loaded).toBe('app://linkdock/index.html#view=shorten');
    expect(window.menuRemoved).toBe(true);
    expect(window.openHandler!({ url: 'https://example.com/' })).toEqual({ action: 'deny' });
    const event = {
      defaultPrevented: false,
      preventDefault() {
        this.defaultPrevented = true;
      },
    };
    window.listeners.get('will-navigate')!(event, 'https://evil.example/');
    expect(event.defaultPrevented).toBe(true);
    // A reload of its own view is allowed.
    const reload = { ...event, defaultPrevented: false };
    window.listeners.get('will-navigate')!(reload, 'app://linkdock/index.html#view=shorten');
    expect(reload.defaultPrevented).toBe(false);
    expect([...window.listeners.keys()].sort()).toEqual(['will-attach-webview', 'will-navigate', 'will-redirect']);
  });
});

/** The main window's security options (without its page-only backgroundThrottling: the Shorten window syncs nothing). */
function secureWebPreferencesOf(preload: string) {
  const { FakeWindow, made } = fakeWindowClass();
  createMainWindow({ BrowserWindow: FakeWindow as never, preloadPath: preload, rendererUrl: 'file:///x/index.html', openExternal: async () => undefined });
  const { backgroundThrottling: _, ...security } = made[0]!.options.webPreferences as Record<string, unknown>;
  return security;
}

describe('guardEveryWebContents', () => {
  it('guards web contents made later, not only the main window', () => {
    let created: ((event: unknown, contents: never) => void) | null = null;
    guardEveryWebContents(
      { on: (_name, listener) => (created = listener as never) },
      { rendererUrl: 'file:///app/index.html', openExternal: async () => undefined },
    );
    const listeners = new Map<string, Listener>();
    let openHandler: ((details: { url: string }) => { action: string }) | null = null;
    const contents = {
      on: (name: string, listener: Listener) => listeners.set(name, listener),
      setWindowOpenHandler: (handler: typeof openHandler) => (openHandler = handler),
    };
    created!({}, contents as never);
    expect(openHandler!({ url: 'https://example.com/' })).toEqual({ action: 'deny' });
    const event = {
      defaultPrevented: false,
      preventDefault() {
        this.defaultPrevented = true;
      },
    };
    listeners.get('will-navigate')!(event, 'https://evil.example/');
    expect(event.defaultPrevented).toBe(true);
    expect([...listeners.keys()].sort()).toEqual(['will-attach-webview', 'will-navigate', 'will-redirect']);
  });
});

describe('each web contents guarded once', () => {
  /** Electron's order: 'web-contents-created' fires while the window is being made, before createMainWindow's own guard. */
  function appAndWindowClass() {
    const app = new EventEmitter();
    class EmittingWindow {
      readonly webContents = Object.assign(new EventEmitter(), {
        openHandler: null as ((details: { url: string }) => { action: string }) | null,
        setWindowOpenHandler(handler: (details: { url: string }) => { action: string }) {
          // Electron keeps one handler; a second call replaces the first.
          this.openHandler = handler;
        },
      });
      constructor() {
        app.emit('web-contents-created', {}, this.webContents);
      }
      once() {}
      show() {}
      focus() {}
      removeMenu() {}
      async loadURL() {}
    }
    return { app, EmittingWindow };
  }

  it('an external link followed in the main window opens the browser once, not once per guard', () => {
    const { app, EmittingWindow } = appAndWindowClass();
    const opened: string[] = [];
    const deps = { rendererUrl: 'app://linkdock/index.html', openExternal: async (url: string) => void opened.push(url) };
    guardEveryWebContents(app as never, deps);
    const window = createMainWindow({ ...deps, BrowserWindow: EmittingWindow as never, preloadPath: '/app/out/preload/index.cjs' }) as unknown as InstanceType<
      typeof EmittingWindow
    >;
    const event = { defaultPrevented: false, preventDefault: () => void (event.defaultPrevented = true) };
    window.webContents.emit('will-navigate', event, 'https://example.com/docs');
    expect(event.defaultPrevented).toBe(true);
    expect(opened).toEqual(['https://example.com/docs']);
    expect(window.webContents.listenerCount('will-navigate')).toBe(1);
    expect(window.webContents.listenerCount('will-redirect')).toBe(1);
  });
});
