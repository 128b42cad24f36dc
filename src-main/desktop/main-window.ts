// The main window: made with its remembered bounds, its page watched (renderer-watchdog.ts), hidden
// instead of closed where something can bring it back, shown again on demand. Started at login it is
// made hidden: its page (the mirror, the outbox, sync) runs, and the tray shows it when asked.
import type { Notify } from './notice.ts';
import { watchRenderer } from './renderer-watchdog.ts';
import type { DesktopShellDeps, WindowPort } from './shell-ports.ts';
import { restoreBounds, type WindowStateStore } from './window-state.ts';

export interface MainWindowDeps extends Pick<DesktopShellDeps, 'createWindow' | 'displays' | 'openLogsFolder' | 'logError' | 'logWarn' | 'saveDelayMs'> {
  notify: Notify;
  windowState: WindowStateStore;
  /** Whether closing hides the window now (the app keeps running) rather than closing it. */
  hidesOnClose(): boolean;
  quitting(): boolean;
  /** Each time the page (re)loads: what it must be told again. */
  onPageLoad(window: WindowPort): void;
  /** Background writes the shell awaits on stop. */
  track(work: Promise<unknown>, what: string): void;
}

export class MainWindow {
  readonly #deps: MainWindowDeps;
  #window: WindowPort | null = null;
  #opening: Promise<WindowPort> | null = null;
  #saveTimer: ReturnType<typeof setTimeout> | null = null;
  #flushSave: (() => void) | null = null;
  /** Made hidden while its saved state was maximized: maximize() would show it, so it waits for the first show. */
  #maximizeOnShow: WindowPort | null = null;

  constructor(deps: MainWindowDeps) {
    this.#deps = deps;
  }

  /** The window, unless it was never made or is gone. */
  live(): WindowPort | null {
    const window = this.#window;
    return window && !window.isDestroyed() ? window : null;
  }

  /** Settles once a window being made is there (null when none is). */
  get opening(): Promise<WindowPort> | null {
    return this.#opening;
  }

  /** Shows the window, making it first when there is none. */
  show(): void {
    const existing = this.live();
    if (!existing) {
      this.#make(false);
      return;
    }
    if (this.#maximizeOnShow === existing) {
      this.#maximizeOnShow = null;
      existing.maximize();
    }
    if (existing.isMinimized()) existing.restore();
    existing.show();
    existing.focus();
  }

  /** Makes the window without showing it (a start at login): its page runs, the tray shows it later. */
  openHidden(): void {
    if (!this.live()) this.#make(true);
  }

  /** Writes the bounds now rather than after the move settles (on quit). */
  flushSave(): void {
    this.#flushSave?.();
  }

  #make(hidden: boolean): void {
    this.#opening ??= this.#create(hidden).finally(() => {
      this.#opening = null;
    });
    void this.#opening.catch((error: unknown) => this.#deps.logError(`window: ${String(error)}`));
  }

  #save(target: WindowPort): void {
    if (target.isDestroyed()) return;
    const maximized = target.isMaximized() || this.#maximizeOnShow === target;
    this.#deps.track(this.#deps.windowState.save({ bounds: target.getNormalBounds(), maximized }), 'window state');
  }

  #scheduleSave(target: WindowPort): void {
    if (this.#saveTimer) clearTimeout(this.#saveTimer);
    this.#flushSave = () => {
      if (this.#saveTimer) clearTimeout(this.#saveTimer);
      this.#saveTimer = null;
      this.#flushSave = null;
      this.#save(target);
    };
    this.#saveTimer = setTimeout(this.#flushSave, this.#deps.saveDelayMs ?? 500);
    this.#saveTimer.unref?.();
  }

  async #create(hidden: boolean): Promise<WindowPort> {
    const deps = this.#deps;
    const saved = await deps.windowState.load().catch(() => null);
    const { bounds, maximized } = restoreBounds(saved, deps.displays());
    const created = deps.createWindow({ bounds, ...(hidden ? { hidden } : {}) });
    if (maximized && hidden) this.#maximizeOnShow = created;
    else if (maximized) created.maximize();
    this.#window = created;
    const { notify, openLogsFolder, logError } = deps;
    watchRenderer(created.webContents, { notify, openLogsFolder, log: { warn: deps.logWarn ?? logError, error: logError }, quitting: deps.quitting });
    created.on('close', (event) => {
      if (this.#saveTimer) clearTimeout(this.#saveTimer);
      this.#save(created);
      // The window's page owns the mirror, the outbox and sync: closing hides it, so links shortened
      // from the clipboard and queued edits keep going out until Quit (hidesOnClose: macOS's dock or a tray icon can bring it back).
      if (!deps.quitting() && deps.hidesOnClose()) {
        event.preventDefault();
        created.hide();
      }
    });
    created.on('closed', () => {
      if (this.#window === created) this.#window = null;
    });
    const changed = (): void => this.#scheduleSave(created);
    created.on('resize', changed);
    created.on('move', changed);
    created.on('maximize', changed);
    created.on('unmaximize', changed);
    created.webContents.on('did-finish-load', () => deps.onPageLoad(created));
    return created;
  }
}
