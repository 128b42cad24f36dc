// What each committed transaction changed of the link rows, as the list shows the rows now
// (link-list-row.ts): the list's index follows the pull and the edits from this feed instead of
// reading the mirror back (a first pull's 100,000 rows read again cost seconds). Every writer but the pull writes the `links`
// table through Dexie, so one DBCore middleware sees them all; the pull, which stores pages
// (link-rows.ts), reports the rows it changed itself. Changes are told once their transaction has
// committed (an aborted one tells nothing). Another window's changes arrive as keys over a
// BroadcastChannel and only those rows are read.
import { Dexie, type DBCore, type DBCoreMutateRequest, type DBCoreTable, type DBCoreTransaction, type Middleware } from 'dexie';
import type { Link } from '../../../src-preload/contract/index.ts';
import type { MirrorRow } from './rows.ts';
import { linkRows, type RowDb } from './link-rows.ts';
import { linkListRow, type LinkListRow } from './link-list-row.ts';

export interface LinkRowChanges {
  /** Rows as written (this window) or as read after another window wrote them, as the list shows them. */
  puts: LinkListRow[];
  deletes: string[];
  /** A whole range was cleared (or another window's change could not be read): read everything. */
  reset: boolean;
  /** Written by a pull of this window (pull.ts marks its transaction). */
  fromPull: boolean;
  /** Written by another window. */
  remote: boolean;
}

type Listener = (changes: LinkRowChanges) => void;

interface Feed {
  listeners: Set<Listener>;
  channel: BroadcastChannel | null;
}

const feeds = new WeakMap<object, Feed>();
/** Pull transactions (their IDBTransaction), with the changes the pull reports. */
const pullTransactions = new WeakMap<object, LinkRowChanges>();

function feedOf(db: object): Feed {
  let feed = feeds.get(db);
  if (!feed) feeds.set(db, (feed = { listeners: new Set(), channel: null }));
  return feed;
}

export interface PullFeed {
  /** The rows the pull changed, as the list shows them now, and the client ids it removed. */
  report(puts: readonly LinkListRow[], deletes: readonly string[]): void;
}

/**
 * Marks the running Dexie transaction as a pull's (call inside it): its writes to `links` are not
 * told as they are (a row leaving `links` for its page is no change), the rows it reports are.
 */
export function markPullTransaction(db: RowDb): PullFeed {
  // The IDBTransaction Dexie runs it on is what the middleware sees as the request's transaction.
  const trans = (Dexie.currentTransaction as unknown as { idbtrans?: EventTarget } | null)?.idbtrans;
  const changes: LinkRowChanges = { puts: [], deletes: [], reset: false, fromPull: true, remote: false };
  if (trans) {
    pullTransactions.set(trans, changes);
    trans.addEventListener('complete', () => told(db, changes));
  }
  return {
    report(puts, deletes) {
      for (const row of puts) changes.puts.push(row);
      for (const key of deletes) changes.deletes.push(key);
    },
  };
}

/**
 * Past this many rows, other windows are told to read everything again (a page at a time) rather
 * than these rows by key: a first pull's 100,000 keys took ~17 ms of one task to send, and as long
 * a read of 100,000 rows by key over there.
 */
export const MAX_TOLD_KEYS = 5_000;

/** A committed change: told here, and its keys to other windows. */
function told(db: RowDb, changes: LinkRowChanges): void {
  const count = changes.puts.length + changes.deletes.length;
  if (count === 0 && !changes.reset) return;
  const feed = feedOf(db);
  tell(feed, changes);
  const message: Message =
    changes.reset || count > MAX_TOLD_KEYS
      ? { keys: [], reset: true }
      : { keys: [...changes.puts.map((row) => row.clientId), ...changes.deletes], reset: false };
  channelOf(db, feed)?.postMessage(message);
}

/** Calls `listener` with each committed change to the links table; returns the unsubscribe. */
export function watchLinkRows(db: RowDb, listener: Listener): () => void {
  const feed = feedOf(db);
  feed.listeners.add(listener);
  channelOf(db, feed);
  return () => feed.listeners.delete(listener);
}

function tell(feed: Feed, changes: LinkRowChanges): void {
  for (const listener of feed.listeners) {
    try {
      listener(changes);
    } catch (error) {
      console.error('mirror: a link row listener failed', error);
    }
  }
}

type Message = { keys: string[]; reset: boolean };

function channelOf(db: RowDb, feed: Feed): BroadcastChannel | null {
  if (feed.channel || typeof BroadcastChannel === 'undefined') return feed.channel;
  const channel = new BroadcastChannel(`linkdock-link-rows:${db.name}`);
  (channel as unknown as { unref?: () => void }).unref?.();
  channel.onmessage = (event: MessageEvent<Message>) => {
    const message = event.data;
    if (!message || !Array.isArray(message.keys)) return;
    if (message.reset) return tell(feed, { puts: [], deletes: [], reset: true, fromPull: false, remote: true });
    void linkRows(db)
      .bulkGet(message.keys)
      .then(
        (rows) => {
          const puts: LinkListRow[] = [];
          const deletes: string[] = [];
          rows.forEach((row, i) => (row ? puts.push(linkListRow(row)) : deletes.push(message.keys[i]!)));
          tell(feed, { puts, deletes, reset: false, fromPull: false, remote: true });
        },
        () => tell(feed, { puts: [], deletes: [], reset: true, fromPull: false, remote: true }),
      );
  };
  feed.channel = channel;
  return channel;
}

/** The middleware openMirrorDb installs. */
export function linkRowFeed(db: RowDb): Middleware<DBCore> {
  const pending = new WeakMap<DBCoreTransaction, LinkRowChanges>();
  // An open channel with a listener is never collected: it goes with the database.
  db.on('close', () => {
    const feed = feedOf(db);
    feed.channel?.close();
    feed.channel = null;
  });
  const record = (req: DBCoreMutateRequest) => {
    if (pullTransactions.has(req.trans)) return;
    let changes = pending.get(req.trans);
    if (!changes) {
      changes = { puts: [], deletes: [], reset: false, fromPull: false, remote: false };
      pending.set(req.trans, changes);
      const done = changes;
      (req.trans as unknown as EventTarget).addEventListener('complete', () => told(db, done));
    }
    if (req.type === 'add' || req.type === 'put') for (const value of req.values) changes.puts.push(linkListRow(value as MirrorRow<Link>));
    else if (req.type === 'delete') for (const key of req.keys) changes.deletes.push(key as string);
    else changes.reset = true;
  };
  return {
    stack: 'dbcore',
    name: 'linkRowFeed',
    create(down) {
      return {
        ...down,
        table(name) {
          const table = down.table(name);
          if (name !== 'links') return table;
          return {
            ...table,
            async mutate(req) {
              const result = await table.mutate(req);
              record(req);
              return result;
            },
          } satisfies DBCoreTable;
        },
      };
    },
  };
}
