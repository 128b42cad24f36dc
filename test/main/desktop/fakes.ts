// Stand-ins for Electron's objects, recording what the desktop shell does with them.
import { eventChannel, type EventName } from '../../../src-preload/contract/index.ts';
import type { AppPort, PreventableEvent, ShortcutPort, TrayPort, WindowPort } from '../../../src-main/desktop/desktop-shell.ts';
import type { MenuEntry } from '../../../src-main/desktop/menu-entry.ts';
import type { Notice } from '../../../src-main/desktop/notice.ts';
import type { Rect } from '../../../src-main/desktop/window-state.ts';
import { PATIENCE_MS } from '../../support/patience.ts';

type Listener = (event: PreventableEvent) => void;

function fireable() {
  const listeners = new Map<string, Listener[]>();
  return {
    on(event: string, listener: Listener) {
      listeners.set(event, [...(listeners.get(event) ?? []), listener]);
      return undefined;
    },
    /** Fires `event` (with `args` after the event object); returns whether a listener prevented the default. */
    fire(event: string, ...args: unknown[]): boolean {
      let prevented = false;
      for (const listener of listeners.get(event) ?? []) (listener as (...all: unknown[]) => void)({ preventDefault: () => (prevented = true) }, ...args);
      return prevented;
    },
    count: (event: string) => (listeners.get(event) ?? []).length,
  };
}

export class FakeApp implements AppPort {
  readonly events = fireable();
  quitCalls = 0;
  readonly lock: boolean;
  constructor(lock = true) {
    this.lock = lock;
  }
  requestSingleInstanceLock(): boolean {
    return this.lock;
  }
  on(event: string, listener: Listener) {
    return this.events.on(event, listener);
  }
  /** Electron's quit: before-quit, then will-quit (which may be prevented). */
  quit(): void {
    this.quitCalls += 1;
    if (this.events.fire('before-quit')) return;
    this.events.fire('will-quit');
  }
}

let nextId = 1;

export class FakeWindow implements WindowPort {
  readonly events = fireable();
  readonly contentEvents = fireable();
  readonly sent: { channel: string; payload: unknown }[] = [];
  readonly options: { bounds: Partial<Rect> & { width: number; height: number }; hidden?: boolean };
  bounds: Rect;
  visible = true;
  minimized = false;
  maximized = false;
  destroyed = false;
  focused = 0;
  reloads = 0;
  rendererKills = 0;
  readonly webContents;

  constructor(options: { bounds: Partial<Rect> & { width: number; height: number }; hidden?: boolean }) {
    this.options = options;
    // As window.ts makes it: shown once its page is ready, unless made hidden (a start at login).
    this.visible = !options.hidden;
    this.bounds = { x: options.bounds.x ?? 100, y: options.bounds.y ?? 100, width: options.bounds.width, height: options.bounds.height };
    const id = nextId++;
    this.webContents = {
      id,
      send: (channel: string, payload: unknown) => {
        this.sent.push({ channel, payload });
      },
      isDestroyed: () => this.destroyed,
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- one recorder for every overload of Electron's webContents.on
      on: (event: string, listener: (...args: any[]) => void) => this.contentEvents.on(event, listener),
      reload: () => {
        this.reloads += 1;
      },
      forcefullyCrashRenderer: () => {
        this.rendererKills += 1;
      },
    };
  }
  on(event: string, listener: Listener | (() => void)) {
    return this.events.on(event, listener as Listener);
  }
  /** What the user does: the close button. Returns whether the window really closed. */
  userClose(): boolean {
    if (this.events.fire('close')) return false;
    this.destroyed = true;
    this.events.fire('closed');
    return true;
  }
  received(event: EventName): unknown[] {
    return this.sent.filter((m) => m.channel === eventChannel(event)).map((m) => m.payload);
  }
  /** BrowserWindow.close(): as the close button. */
  close = () => {
    this.userClose();
  };
  isDestroyed = () => this.destroyed;
  isMinimized = () => this.minimized;
  isMaximized = () => this.maximized;
  restore = () => {
    this.minimized = false;
  };
  /** Electron's maximize() also shows a hidden window. */
  maximize = () => {
    this.maximized = true;
    this.visible = true;
  };
  show = () => {
    this.visible = true;
  };
  hide = () => {
    this.visible = false;
  };
  focus = () => {
    this.focused += 1;
  };
  getNormalBounds = () => ({ ...this.bounds });
}

export class FakeTray implements TrayPort {
  menu: MenuEntry[] = [];
  toolTip = '';
  clickListener: (() => void) | null = null;
  destroyed = false;
  setMenu(menu: MenuEntry[]) {
    this.menu = menu;
  }
  setToolTip(text: string) {
    this.toolTip = text;
  }
  onClick(listener: () => void) {
    this.clickListener = listener;
  }
  destroy() {
    this.destroyed = true;
  }
  /** The item with this label, searched through submenus. */
  item(label: string | RegExp): MenuEntry {
    const find = (entries: MenuEntry[]): MenuEntry | undefined => {
      for (const entry of entries) {
        if (entry.label !== undefined && (typeof label === 'string' ? entry.label === label : label.test(entry.label))) return entry;
        const inner = entry.submenu && find(entry.submenu);
        if (inner) return inner;
      }
      return undefined;
    };
    const found = find(this.menu);
    if (!found) throw new Error(`no tray item ${String(label)} in ${JSON.stringify(this.menu.map((e) => e.label))}`);
    return found;
  }
  labels(): (string | undefined)[] {
    return this.menu.map((entry) => (entry.type === 'separator' ? '---' : entry.label));
  }
}

export class FakeShortcuts implements ShortcutPort {
  /** Accelerators other applications hold. */
  readonly taken = new Set<string>();
  readonly registered = new Map<string, () => void>();
  register(accelerator: string, callback: () => void): boolean {
    if (this.taken.has(accelerator) || this.registered.has(accelerator)) return false;
    this.registered.set(accelerator, callback);
    return true;
  }
  unregister(accelerator: string): void {
    this.registered.delete(accelerator);
  }
  press(accelerator: string): void {
    const callback = this.registered.get(accelerator);
    if (!callback) throw new Error(`${accelerator} is not registered`);
    callback();
  }
}

/** Asynchronous, as Electron 45's clipboard is. */
export class FakeClipboard {
  text = '';
  writes: string[] = [];
  /** How many times the clipboard was read. */
  reads = 0;
  refuse: Error | null = null;
  readText = async () => {
    this.reads += 1;
    return this.text;
  };
  writeText = async (text: string) => {
    await Promise.resolve();
    if (this.refuse) throw this.refuse;
    this.text = text;
    this.writes.push(text);
  };
}

export function recordNotices() {
  const notices: Notice[] = [];
  return { notices, notify: (notice: Notice) => void notices.push(notice) };
}

/** Waits until `check` passes (for work the shell starts without awaiting), for the suite's patience. */
export async function eventually(check: () => void | Promise<void>, timeoutMs = PATIENCE_MS): Promise<void> {
  const started = Date.now();
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() - started > timeoutMs) throw error;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
}
