// A compact copy of the link index kept in the mirror's key/value table, so a reload can paint
// the list at once from one small record instead of waiting for every row (100,000 rows take
// seconds to read). The live index replaces it as soon as it is read; it is never edited from.
// Beside it, a tiny first-page record (the list as it opens: newest first, no filter, and its
// total) paints a reload before the big copy is even read.
import type { MirrorDb } from '../../sync/index.ts';
import { buildIndex, deleteStuck, lower, sortPositions, type DomainInfo, type LinkEntry, type LinkIndex, type RowSyncState } from './link-index.ts';
import { nextTask } from './next-task.ts';

export const SNAPSHOT_KEY = 'links:index-snapshot';
export const FIRST_PAGE_KEY = 'links:first-page';
/** Rows kept in the first-page record: the first page at the default size and a few more. */
export const FIRST_PAGE_ROWS = 100;
/** Small mirrors read fast enough; the copy is only worth its writes for large ones. */
export const SNAPSHOT_MIN_LINKS = 2000;

interface Columns {
  v: 1;
  domains: DomainInfo[];
  clientId: string[];
  serverId: (number | null)[];
  alias: string[];
  destination: string[];
  domainKey: string[];
  clicks: number[];
  created: string[];
  /** Bits: 1 enabled, 2 scheduled, 4 protected, 8 expired, 16 deleted locally, 32 enabled unknown. */
  flags: number[];
  /** Positions in creation order (the list's default order), so a reload need not sort. */
  createdOrder?: Int32Array;
}

export function toColumns(index: LinkIndex): Columns {
  const e = index.entries;
  return {
    v: 1,
    domains: [...index.domains],
    clientId: e.map((x) => x.clientId),
    serverId: e.map((x) => x.serverId),
    alias: e.map((x) => x.alias),
    destination: e.map((x) => x.destination),
    domainKey: e.map((x) => x.domainKey),
    clicks: e.map((x) => x.clicks),
    created: e.map((x) => x.created),
    flags: e.map(
      (x) =>
        (x.enabled === true ? 1 : 0) |
        (x.scheduled ? 2 : 0) |
        (x.protected ? 4 : 0) |
        (x.expired ? 8 : 0) |
        (x.deletedLocally ? 16 : 0) |
        (x.enabled === null ? 32 : 0),
    ),
    createdOrder: sortPositions(index, 'created'),
  };
}

/** The decoded entries are built this many at a time, the page handling input in between. */
const SLICE = 10_000;

export function fromColumns(value: unknown): LinkIndex | null {
  const c = checkColumns(value);
  if (!c) return null;
  const entries: LinkEntry[] = new Array(c.clientId.length);
  decodeSlice(c, entries, 0, entries.length, new Map());
  return withOrder(buildIndex(entries, c.domains), c.createdOrder);
}

/** `fromColumns` in slices of `SLICE` entries with a yield between: 100,000 entries are ~50 ms. */
export async function fromColumnsInSlices(value: unknown): Promise<LinkIndex | null> {
  const c = checkColumns(value);
  if (!c) return null;
  const entries: LinkEntry[] = new Array(c.clientId.length);
  const domainKeys = new Map<string, string>();
  for (let from = 0; from < entries.length; from += SLICE) {
    if (from > 0) await nextTask();
    decodeSlice(c, entries, from, Math.min(entries.length, from + SLICE), domainKeys);
  }
  return withOrder(buildIndex(entries, c.domains), c.createdOrder);
}

function checkColumns(value: unknown): Columns | null {
  const c = value as Partial<Columns> | undefined;
  if (!c || c.v !== 1 || !Array.isArray(c.clientId) || !Array.isArray(c.domains)) return null;
  const n = c.clientId.length;
  const columns = [c.serverId, c.alias, c.destination, c.domainKey, c.clicks, c.created, c.flags];
  if (columns.some((col) => !Array.isArray(col) || col.length !== n)) return null;
  return c as Columns;
}

function decodeSlice(c: Columns, entries: LinkEntry[], from: number, to: number, domainKeys: Map<string, string>): void {
  for (let i = from; i < to; i++) {
    const alias = c.alias[i] as string;
    const destination = c.destination[i] as string;
    const flags = c.flags[i] as number;
    entries[i] = {
      clientId: c.clientId[i] as string,
      serverId: c.serverId[i] as number | null,
      alias,
      destination,
      aliasLower: lower(alias),
      destinationLower: lower(destination),
      domainKey: intern(domainKeys, c.domainKey[i] as string),
      clicks: c.clicks[i] as number,
      created: c.created[i] as string,
      enabled: (flags & 32) !== 0 ? null : (flags & 1) !== 0,
      scheduled: (flags & 2) !== 0,
      protected: (flags & 4) !== 0,
      expired: (flags & 8) !== 0,
      deletedLocally: (flags & 16) !== 0,
    };
  }
}

/** One string per domain key: a stored copy decodes 100,000 copies of "0" otherwise. */
function intern(known: Map<string, string>, key: string): string {
  const found = known.get(key);
  if (found !== undefined) return found;
  known.set(key, key);
  return key;
}

/** Seeds the index's creation order from the stored positions when they are a permutation of it. */
function withOrder(index: LinkIndex, order: Int32Array | undefined): LinkIndex {
  const n = index.entries.length;
  if (!(order instanceof Int32Array) || order.length !== n) return index;
  const seen = new Uint8Array(n);
  for (let k = 0; k < n; k++) {
    const i = order[k] as number;
    if (i < 0 || i >= n || seen[i]) return index;
    seen[i] = 1;
  }
  index.orders.set('created', order);
  return index;
}

/** The list as it opens (DEFAULT_QUERY), before the whole index is known. */
export interface FirstPage {
  /** The first rows, in list order, as an index (short URLs need its domains). */
  index: LinkIndex;
  /** How many rows the whole list has. */
  total: number;
}

/** The first `rows` of the default list (newest first, rows deleted here hidden) and its total. */
export function firstPageOf(index: LinkIndex, syncStates: ReadonlyMap<string, RowSyncState>, rows = FIRST_PAGE_ROWS): FirstPage {
  const order = sortPositions(index, 'created');
  const first: LinkEntry[] = [];
  let total = 0;
  for (let k = order.length - 1; k >= 0; k--) {
    const entry = index.entries[order[k] as number] as LinkEntry;
    if (entry.deletedLocally && !deleteStuck(syncStates.get(entry.clientId))) continue;
    if (first.length < rows) first.push(entry);
    total++;
  }
  return { index: buildIndex(first, index.domains), total };
}

export async function readFirstPage(db: MirrorDb): Promise<FirstPage | null> {
  try {
    const value = (await db.syncState.get(FIRST_PAGE_KEY))?.value as { total?: unknown; rows?: unknown } | undefined;
    const index = fromColumns(value?.rows);
    return index && typeof value?.total === 'number' ? { index, total: value.total } : null;
  } catch {
    return null;
  }
}

export async function readSnapshot(db: MirrorDb): Promise<LinkIndex | null> {
  try {
    return await fromColumnsInSlices((await db.syncState.get(SNAPSHOT_KEY))?.value);
  } catch {
    return null;
  }
}

/** Stores the copy and its first page (or drops both when the mirror became small); a failure only costs speed. */
export async function writeSnapshot(db: MirrorDb, index: LinkIndex, syncStates: ReadonlyMap<string, RowSyncState>): Promise<void> {
  try {
    if (index.entries.length >= SNAPSHOT_MIN_LINKS) {
      const first = firstPageOf(index, syncStates);
      await db.syncState.bulkPut([
        { key: SNAPSHOT_KEY, value: toColumns(index) },
        { key: FIRST_PAGE_KEY, value: { total: first.total, rows: toColumns(first.index) } },
      ]);
    } else await db.syncState.bulkDelete([SNAPSHOT_KEY, FIRST_PAGE_KEY]);
  } catch {
    // Quota or a closed database: the next reload reads the rows instead.
  }
}

const FIELDS = [
  'clientId',
  'serverId',
  'alias',
  'destination',
  'domainKey',
  'clicks',
  'created',
  'enabled',
  'scheduled',
  'protected',
  'expired',
  'deletedLocally',
] as const;

/** True when two indexes hold the same entries in the same order (then the stored copy is current). */
export function sameEntries(a: LinkIndex, b: LinkIndex): boolean {
  if (a.entries.length !== b.entries.length || a.domains.length !== b.domains.length) return false;
  if (a.domains.some((d, i) => JSON.stringify(d) !== JSON.stringify(b.domains[i]))) return false;
  for (let i = 0; i < a.entries.length; i++) {
    const x = a.entries[i] as LinkEntry;
    const y = b.entries[i] as LinkEntry;
    for (const field of FIELDS) if (x[field] !== y[field]) return false;
  }
  return true;
}
