// What each committed transaction wrote to the links table, as the values written: the list's
// index follows the pull and the edits from this feed instead of reading the mirror back (a
// first pull's 100,000 rows read again cost seconds). Every writer goes through Dexie, so one
// DBCore middleware sees them all; changes are told once their transaction has committed (an
// aborted one tells nothing). Another window's writes arrive as keys over a BroadcastChannel and
// only those rows are read.
import { Dexie, type DBCore, type DBCoreMutateRequest, type DBCoreTable, type DBCoreTransaction, type Middleware, type Table } from 'dexie';
import type { Link } from '../../../src-preload/contract/index.ts';
import type { MirrorRow } from './rows.ts';

export interface LinkRowChanges {
  /** Rows as written (this window) or as read after another window wrote them. */
  puts: MirrorRow<Link>[];
  deletes: string[];
  /** A whole range was cleared (or another window's change could not be read): read everything. */
  reset: boolean;
  /** Written by a pull of this window (pull.ts marks its transaction). */
  fromPull: boolean;
  /** Written by another window. */
  remote: boolean;
}

type Listener = (changes: LinkRowChanges) => void;

/** The part of the mirror the feed works on (db.ts's MirrorDb, named apart: db.ts installs the feed). */
type LinkDb = Dexie & { links: Table<MirrorRow<Link>, string> };

interface Feed {
  listeners: Set<Listener>;
  channel: BroadcastChannel | null;
  /** Committed link writes not made by a pull of this window, local or remote. */
  otherWrites: number;
}

const feeds = new WeakMap<object, Feed>();
const pullTransactions = new WeakSet<object>();

function feedOf(db: object): Feed {
  let feed = feeds.get(db);
  if (!feed) feeds.set(db, (feed = { listeners: new Set(), channel: null, otherWrites: 0 }));
  return feed;
}

/** Marks the running Dexie transaction as a pull's (call inside it): its writes are the pull's. */
export function markPullTransaction(): void {
  // The IDBTransaction Dexie runs it on is what the middleware sees as the request's transaction.
  const trans = (Dexie.currentTransaction as unknown as { idbtrans?: object } | null)?.idbtrans;
  if (trans) pullTransactions.add(trans);
}

/**
 * How many committed link writes this window has seen that were not its own pulls'. A pull that
 * reads it inside its transaction knows its view of the rows is current while it stays the same.
 */
export function otherLinkWrites(db: LinkDb): number {
  return feedOf(db).otherWrites;
}

/** Calls `listener` with each committed change to the links table; returns the unsubscribe. */
export function watchLinkRows(db: LinkDb, listener: Listener): () => void {
  const feed = feedOf(db);
  feed.listeners.add(listener);
  channelOf(db, feed);
  return () => feed.listeners.delete(listener);
}

function tell(feed: Feed, changes: LinkRowChanges): void {
  if (!changes.fromPull && !changes.remote) feed.otherWrites++;
  for (const listener of feed.listeners) {
    try {
      listener(changes);
    } catch (error) {
      console.error('mirror: a link row listener failed', error);
    }
  }
}

type Message = { keys: string[]; reset: boolean };

function channelOf(db: LinkDb, feed: Feed): BroadcastChannel | null {
  if (feed.channel || typeof BroadcastChannel === 'undefined') return feed.channel;
  const channel = new BroadcastChannel(`linkdock-link-rows:${db.name}`);
  (channel as unknown as { unref?: () => void }).unref?.();
  channel.onmessage = (event: MessageEvent<Message>) => {
    const message = event.data;
    if (!message || !Array.isArray(message.keys)) return;
    // Counted when it is known, before its rows are read: a pull starting meanwhile must not trust older knowledge.
    feed.otherWrites++;
    if (message.reset) return tell(feed, { puts: [], deletes: [], reset: true, fromPull: false, remote: true });
    void db.links.bulkGet(message.keys).then(
      (rows) => {
        const puts: MirrorRow<Link>[] = [];
        const deletes: string[] = [];
        rows.forEach((row, i) => (row ? puts.push(row) : deletes.push(message.keys[i]!)));
        tell(feed, { puts, deletes, reset: false, fromPull: false, remote: true });
      },
      () => tell(feed, { puts: [], deletes: [], reset: true, fromPull: false, remote: true }),
    );
  };
  feed.channel = channel;
  return channel;
}

/** The middleware openMirrorDb installs. */
export function linkRowFeed(db: LinkDb): Middleware<DBCore> {
  const pending = new WeakMap<DBCoreTransaction, LinkRowChanges>();
  // An open channel with a listener is never collected: it goes with the database.
  db.on('close', () => {
    const feed = feedOf(db);
    feed.channel?.close();
    feed.channel = null;
  });
  const record = (req: DBCoreMutateRequest) => {
    let changes = pending.get(req.trans);
    if (!changes) {
      changes = { puts: [], deletes: [], reset: false, fromPull: pullTransactions.has(req.trans), remote: false };
      pending.set(req.trans, changes);
      const trans = req.trans as unknown as EventTarget;
      const done = changes;
      trans.addEventListener('complete', () => {
        const feed = feedOf(db);
        tell(feed, done);
        const channel = channelOf(db, feed);
        const keys = [...done.puts.map((row) => row.clientId), ...done.deletes];
        channel?.postMessage({ keys, reset: done.reset } satisfies Message);
      });
    }
    if (req.type === 'add' || req.type === 'put') for (const value of req.values) changes.puts.push(value as MirrorRow<Link>);
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
