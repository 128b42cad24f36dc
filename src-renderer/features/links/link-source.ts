// One shared, live index of a workspace's links: the list, the palette and the tray cache all
// read it, so the mirror is read once per change, not once per screen (live-index.ts re-reads only
// the key range a change touched); a stored first page paints a reload at once, the stored compact
// copy follows after that paint, and the rows are read when the page is idle.
import { liveQuery, type Subscription } from 'dexie';
import { afterPaint } from '../../session/after-paint.ts';
import { PINNED_KEY, type MirrorDb } from '../../sync/index.ts';
import { watchLinkIndex, type LiveIndexWatch } from './live-index.ts';
import { readFirstPage, readSnapshot, sameEntries, writeSnapshot, type FirstPage } from './index-snapshot.ts';
import { prepareSearchInSlices, rowSyncStates, type LinkIndex, type RowSyncState } from './link-index.ts';

export interface LinkSnapshot {
  /** Null until the first read finished. */
  index: LinkIndex | null;
  /** The stored first page of the default list, while the index is still being read (large mirrors). */
  firstPage: FirstPage | null;
  syncStates: ReadonlyMap<string, RowSyncState>;
  /** Pinned links' client ids, in pin order. */
  pinned: readonly string[];
}

/** Pins live where the statistics scheduler finds them too (it refreshes pinned links first). */
export { PINNED_KEY };
const SNAPSHOT_DELAY_MS = 3000;
const LIVE_READ_DELAY_MS = 1500;
/** Longest wait for an idle moment before the search's grams start (the user may type at once). */
const GRAMS_DELAY_MS = 50;

export interface LinkSource {
  get(): LinkSnapshot;
  subscribe(listener: () => void): () => void;
  /** Starts reading the stored first page (the session does as it opens, before the list mounts). */
  preload(): Promise<FirstPage | null>;
}

async function readStatus(db: MirrorDb): Promise<Pick<LinkSnapshot, 'syncStates' | 'pinned'>> {
  const ops = await db.outbox.toArray();
  const pinned = (await db.syncState.get(PINNED_KEY))?.value;
  return { syncStates: rowSyncStates(ops), pinned: Array.isArray(pinned) ? pinned.filter((id): id is string => typeof id === 'string') : [] };
}

const sources = new WeakMap<MirrorDb, LinkSource>();

interface IdleGlobal {
  requestIdleCallback?: (fn: () => void, options: { timeout: number }) => number;
  cancelIdleCallback?: (id: number) => void;
}

/** Runs `fn` when the page is idle (at the latest after `timeoutMs`), or soon where there is no idle callback; returns a cancel. */
function whenIdle(fn: () => void, timeoutMs = LIVE_READ_DELAY_MS): () => void {
  const { requestIdleCallback, cancelIdleCallback } = globalThis as IdleGlobal;
  if (requestIdleCallback && cancelIdleCallback) {
    const id = requestIdleCallback(fn, { timeout: timeoutMs });
    return () => cancelIdleCallback(id);
  }
  const timer = setTimeout(fn, 0);
  return () => clearTimeout(timer);
}

/** The live source of a mirror; it reads while anyone listens and stops when the last one leaves. */
export function linkSource(db: MirrorDb): LinkSource {
  const known = sources.get(db);
  if (known) return known;
  let snapshot: LinkSnapshot = { index: null, firstPage: null, syncStates: new Map(), pinned: [] };
  const listeners = new Set<() => void>();
  let subscriptions: Subscription[] = [];
  let indexWatch: LiveIndexWatch | null = null;
  let saveTimer: ReturnType<typeof setTimeout> | undefined;
  let generation = 0;
  /** What the stored copy holds, when known: an unchanged index is not written again. */
  let stored: LinkIndex | null = null;
  const publish = (next: Partial<LinkSnapshot>) => {
    snapshot = { ...snapshot, ...next };
    for (const listener of listeners) listener();
  };
  const onError = (error: unknown) => console.error('links: the mirror could not be read', error);
  // The search's grams: a slice per task from soon after the list shows, not on the first
  // keystroke (a keystroke before they are done finishes the build under way).
  const prepareWhenIdle = (index: LinkIndex) =>
    void whenIdle(() => {
      const current = () => snapshot.index === index;
      if (current()) prepareSearchInSlices(index, current).catch(onError);
    }, GRAMS_DELAY_MS);
  let firstPageRead: Promise<FirstPage | null> | null = null;
  const source: LinkSource = {
    get: () => snapshot,
    preload() {
      firstPageRead ??= readFirstPage(db).then((firstPage) => {
        if (firstPage && snapshot.index === null) publish({ firstPage });
        return firstPage;
      });
      return firstPageRead;
    },
    subscribe(listener) {
      listeners.add(listener);
      if (listeners.size === 1) {
        const gen = ++generation;
        let live = false;
        let started = false;
        const watchIndex = () => {
          if (started || gen !== generation) return;
          started = true;
          indexWatch = watchLinkIndex(
            db,
            (index) => {
              const first = !live;
              live = true;
              // The stored copy was right: keep it (and its computed sort orders and search grams), nothing to redraw.
              if (first && snapshot.index && sameEntries(snapshot.index, index)) return snapshot.index;
              publish({ index });
              prepareWhenIdle(index);
              // Keep the stored copy close to the live index, without writing on every change.
              clearTimeout(saveTimer);
              saveTimer = setTimeout(() => {
                if (stored && sameEntries(stored, index)) return;
                stored = index;
                void writeSnapshot(db, index, snapshot.syncStates);
              }, SNAPSHOT_DELAY_MS);
            },
            onError,
          );
        };
        subscriptions = [liveQuery(() => readStatus(db)).subscribe({ next: (status) => publish(status), error: onError })];
        const readStored = () =>
          void readSnapshot(db).then((index) => {
            stored = index;
            if (!index || gen !== generation) return watchIndex();
            publish({ index });
            prepareWhenIdle(index);
            // Painted from the stored copy: let the user act first, then read the rows (seconds
            // of work at 100,000 links) when the page is idle.
            setTimeout(() => whenIdle(watchIndex), LIVE_READ_DELAY_MS);
          }, watchIndex);
        if (snapshot.index === null) {
          void source.preload().then((firstPage) => {
            if (gen !== generation) return;
            if (!firstPage) return readStored();
            // Decoding the whole copy takes ~100 ms at 100,000 links: only once the first page is on screen.
            afterPaint(() => gen === generation && snapshot.index === null && readStored());
          });
        } else watchIndex();
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) {
          generation++;
          for (const s of subscriptions) s.unsubscribe();
          subscriptions = [];
          indexWatch?.stop();
          indexWatch = null;
        }
      };
    },
  };
  sources.set(db, source);
  return source;
}

/** Pins or unpins a link (kept in the mirror's key/value table, so it survives restarts). */
export async function setPinned(db: MirrorDb, clientId: string, pinned: boolean): Promise<void> {
  await db.transaction('rw', db.syncState, async () => {
    const value = (await db.syncState.get(PINNED_KEY))?.value;
    const list = Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string' && id !== clientId) : [];
    if (pinned) list.push(clientId);
    await db.syncState.put({ key: PINNED_KEY, value: list });
  });
}
