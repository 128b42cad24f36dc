// Every workspace syncs, not only the one on screen: edits queued in another workspace, and links
// shortened into it from the clipboard, go out without the user switching to it. One open sync per
// workspace (its mirror, engine and shorten handler), shared by the screen when it shows that
// workspace; the one on screen starts when its first screen is painted, the others a little later,
// one after another, so a start does not pull every account at the same moment.
import { systemClock, type Clock } from './types.ts';

/** What the registry needs of a workspace's sync (index.ts's WorkspaceSync has it). */
export interface SyncHandle {
  engine: { start(): Promise<void> };
  notifyOnline(): void;
  notifyOffline(): void;
  close(): void;
}

/** Where online/offline come from (a window). */
export interface ConnectionEvents {
  addEventListener(type: 'online' | 'offline', listener: () => void): void;
  removeEventListener(type: 'online' | 'offline', listener: () => void): void;
}

/** A workspace off screen starts this long after it was opened, and each next one as long again. */
export const BACKGROUND_START_MS = 5_000;

export interface WorkspaceSyncsOptions<S extends SyncHandle> {
  /** Opens a workspace's sync without starting it (openWorkspaceSync with autoStart: false). */
  open: (workspaceId: string) => Promise<S>;
  /** Online/offline reach every open workspace (focus is for the one on screen: the session binds it). */
  events?: ConnectionEvents;
  clock?: Clock;
  backgroundStartMs?: number;
  /** A workspace that could not be opened or started: told, and tried again on the next retain. */
  onError?: (workspaceId: string, error: unknown) => void;
}

export interface OpenWorkspace<S extends SyncHandle> {
  workspaceId: string;
  sync: S;
}

export interface WorkspaceSyncs<S extends SyncHandle> {
  /** The workspaces that exist: new ones open (starting in the background), removed ones close. */
  retain(workspaceIds: readonly string[], onScreen: string | null): void;
  /** The workspace's sync, opened if need be (the screen's session asks for the one it shows). */
  use(workspaceId: string): Promise<S>;
  /** Starts its engine now (idempotent): the session calls it once its first screen is painted. */
  start(workspaceId: string): Promise<void>;
  /** The open workspaces, for per-workspace status (the tray). */
  list(): readonly OpenWorkspace<S>[];
  subscribe(listener: () => void): () => void;
  closeAll(): void;
}

interface Entry<S> {
  opening: Promise<S>;
  sync: S | null;
  started: Promise<void> | null;
  timer: unknown;
  closed: boolean;
  unbind: () => void;
}

export function createWorkspaceSyncs<S extends SyncHandle>(options: WorkspaceSyncsOptions<S>): WorkspaceSyncs<S> {
  const clock = options.clock ?? systemClock;
  const backgroundStartMs = options.backgroundStartMs ?? BACKGROUND_START_MS;
  const entries = new Map<string, Entry<S>>();
  const listeners = new Set<() => void>();
  let snapshot: readonly OpenWorkspace<S>[] = [];
  let onScreen: string | null = null;

  const changed = () => {
    snapshot = [...entries].flatMap(([workspaceId, entry]) => (entry.sync && !entry.closed ? [{ workspaceId, sync: entry.sync }] : []));
    for (const listener of listeners) listener();
  };

  const bind = (sync: S): (() => void) => {
    const target = options.events;
    if (!target) return () => undefined;
    const online = () => sync.notifyOnline();
    const offline = () => sync.notifyOffline();
    target.addEventListener('online', online);
    target.addEventListener('offline', offline);
    return () => {
      target.removeEventListener('online', online);
      target.removeEventListener('offline', offline);
    };
  };

  function open(workspaceId: string): Entry<S> {
    const existing = entries.get(workspaceId);
    if (existing && !existing.closed) return existing;
    const entry: Entry<S> = { opening: options.open(workspaceId), sync: null, started: null, timer: null, closed: false, unbind: () => undefined };
    entry.opening = entry.opening.then(
      (sync) => {
        if (entry.closed) {
          sync.close();
          throw new Error('The workspace was removed while it opened.');
        }
        entry.sync = sync;
        entry.unbind = bind(sync);
        changed();
        return sync;
      },
      (error: unknown) => {
        // Not kept: the next retain or use tries again.
        if (entries.get(workspaceId) === entry) entries.delete(workspaceId);
        options.onError?.(workspaceId, error);
        throw error;
      },
    );
    entry.opening.catch(() => undefined);
    entries.set(workspaceId, entry);
    return entry;
  }

  function start(workspaceId: string): Promise<void> {
    const entry = open(workspaceId);
    if (entry.timer !== null) clock.clearTimeout(entry.timer);
    entry.timer = null;
    entry.started ??= entry.opening.then(
      (sync) => sync.engine.start(),
      () => undefined,
    );
    return entry.started.catch((error: unknown) => options.onError?.(workspaceId, error));
  }

  function close(workspaceId: string, entry: Entry<S>): void {
    entry.closed = true;
    if (entry.timer !== null) clock.clearTimeout(entry.timer);
    entry.unbind();
    entry.sync?.close();
    entries.delete(workspaceId);
  }

  return {
    retain(workspaceIds, screen) {
      onScreen = screen;
      const wanted = new Set(workspaceIds);
      let removed = false;
      for (const [workspaceId, entry] of [...entries]) {
        if (wanted.has(workspaceId)) continue;
        close(workspaceId, entry);
        removed = true;
      }
      let delay = backgroundStartMs;
      for (const workspaceId of workspaceIds) {
        const entry = open(workspaceId);
        // The one on screen starts when its screen is painted (the session); the rest in turn.
        if (workspaceId === onScreen || entry.started || entry.timer !== null) continue;
        entry.timer = clock.setTimeout(() => {
          entry.timer = null;
          if (!entry.closed) void start(workspaceId);
        }, delay);
        delay += backgroundStartMs;
      }
      if (removed) changed();
    },
    use: (workspaceId) => open(workspaceId).opening,
    start,
    list: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    closeAll() {
      for (const [workspaceId, entry] of [...entries]) close(workspaceId, entry);
      changed();
    },
  };
}
