// A compact in-memory index of the links in the mirror: just what the list searches, filters,
// sorts and shows, one small object per link. Sort orders are computed once per index (not per
// keystroke) as positions in a typed array; a search walks one of them, checks only the links the
// gram filter (search-grams.ts) leaves, and while the user types on, narrows the last results from
// where the shorter search matched in each link.
import type { Domain, Link } from '../../../src-preload/contract/index.ts';
import { linkListRow, rowView, type LinkListRow, type MirrorRow, type OutboxOp } from '../../sync/index.ts';
import { serviceDatetime } from '../../sync/mirror/fields.ts';
import { shortUrlOf, type ShortUrlDomain } from './short-url.ts';
import { buildGrams, buildGramsInSlices, candidates, hasBit, type SearchGrams } from './search-grams.ts';
import { nextTask } from './next-task.ts';

/**
 * A row the mirror does not hold (a domain or report handler a link names), keyed by its server
 * id: `server:<id>`, apart from client ids, which never take that form.
 */
export const serverKey = (serverId: number): string => `server:${serverId}`;
/** The server id a `serverKey` stands for; null for any other key. */
export function serverIdOfKey(key: string): number | null {
  if (!key.startsWith('server:')) return null;
  const id = Number(key.slice('server:'.length));
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** '0' for the main domain, a domain row's client id, or `server:<id>` for a domain not in the mirror. */
export type DomainKey = string;
export const MAIN_DOMAIN: DomainKey = '0';

export interface LinkEntry {
  clientId: string;
  serverId: number | null;
  alias: string;
  destination: string;
  /** Lower-cased alias and destination, what the search box matches (the same strings when already lower case). */
  aliasLower: string;
  destinationLower: string;
  domainKey: DomainKey;
  clicks: number;
  /** Creation time `YYYY-MM-DD HH:MM:SS` (sorts as text); a link not yet created uses its edit time. */
  created: string;
  /** null when the read does not say (the document's read has no is_enabled): neither enabled nor disabled. */
  enabled: boolean | null;
  scheduled: boolean;
  protected: boolean;
  expired: boolean;
  deletedLocally: boolean;
}

export interface DomainInfo extends ShortUrlDomain {
  key: DomainKey;
  clientId: string;
  serverId: number | null;
}

export type SortKey = 'created' | 'clicks' | 'alias';
export type SortDirection = 'asc' | 'desc';

type OrderKey = SortKey | `${SortKey}:desc`;

export interface LinkIndex {
  entries: readonly LinkEntry[];
  byClientId: ReadonlyMap<string, LinkEntry>;
  domains: readonly DomainInfo[];
  domainByKey: ReadonlyMap<DomainKey, DomainInfo>;
  /** Positions in `entries` sorted by each key (ascending, and `key:desc`), computed on first use. */
  orders: Map<OrderKey, Int32Array>;
  /** An order as results (one object per order: a search that keeps every row returns the same one). */
  orderViews: Map<OrderKey, LinkResults>;
  /** The gram filter of the search, built on the first search (or by `prepareSearch`). */
  grams?: SearchGrams | undefined;
  /** Two buffers for the search's offsets, taken in turn (the last search's stay readable). */
  offsetBuffers?: [Int32Array, Int32Array] | undefined;
  /** The last query and its results: typing further narrows them instead of rescanning. */
  last?: LastQuery | undefined;
}

interface LastQuery {
  query: LinkQuery;
  syncStates: ReadonlyMap<string, RowSyncState>;
  needle: string;
  /** The results' positions in sort order (never written again: typing on narrows them). */
  positions: Int32Array;
  /** The links holding the needle (bit per position, whatever the filters); null for no needle. */
  match: Uint32Array | null;
  /** By position, where the needle first is in each link of `match` (see `find`); null when not looked for. */
  offsets: Int32Array | null;
  /** Links whose alias is the needle, in sort order; null for none. */
  exact: LinkEntry[] | null;
  /** The results as the list reads them. */
  view: LinkResults;
}

/** A query's results in list order, read a page at a time: the whole list is made only when asked for. */
export interface LinkResults {
  readonly length: number;
  /** The results from `start` to `end` (exclusive), as a list shows a page. */
  slice(start: number, end: number): LinkEntry[];
  /** Every result, in order (an export, "select all"): made on the first call. */
  all(): LinkEntry[];
}

/** Results over positions in sort order, with the links whose alias is the needle first. */
class PositionResults implements LinkResults {
  private readonly entries: readonly LinkEntry[];
  private readonly positions: Int32Array;
  private readonly exact: readonly LinkEntry[] | null;
  /** Where each of `exact` is in `positions` (ascending): a page is then read without listing every result. */
  private readonly exactAt: readonly number[] | null;
  private list: LinkEntry[] | null;
  constructor(
    entries: readonly LinkEntry[],
    positions: Int32Array,
    exact: readonly LinkEntry[] | null,
    exactAt: readonly number[] | null,
    list: LinkEntry[] | null = null,
  ) {
    this.entries = entries;
    this.positions = positions;
    this.exact = exact;
    this.exactAt = exactAt;
    this.list = list;
  }
  get length(): number {
    return this.positions.length;
  }
  slice(start: number, end: number): LinkEntry[] {
    if (this.list) return this.list.slice(start, end);
    const exact = this.exact ?? [];
    const exactAt = this.exactAt ?? [];
    const rows: LinkEntry[] = [];
    for (let r = Math.max(0, start); r < Math.min(end, this.positions.length); r++) {
      if (r < exact.length) {
        rows.push(exact[r] as LinkEntry);
        continue;
      }
      // The (r - exact)th result that is not an exact alias: past each exact one at or before it.
      let k = r - exact.length;
      for (const at of exactAt) if (at <= k) k++;
      rows.push(this.entries[this.positions[k] as number] as LinkEntry);
    }
    return rows;
  }
  all(): LinkEntry[] {
    if (!this.list) {
      const sorted: LinkEntry[] = new Array(this.positions.length);
      for (let k = 0; k < sorted.length; k++) sorted[k] = this.entries[this.positions[k] as number] as LinkEntry;
      this.list = this.exact ? exactAliasFirst(sorted, this.exact) : sorted;
    }
    return this.list;
  }
}

export const NO_RESULTS: LinkResults = new PositionResults([], new Int32Array(0), null, null, []);

/** Where a row's outbox operations stand; absent means synced. Worst state wins. */
export type RowSyncState = 'pending' | 'unknown' | 'failed' | 'conflict';
const SYNC_RANK: Record<RowSyncState, number> = { pending: 1, unknown: 2, failed: 3, conflict: 4 };

export function rowSyncStates(ops: readonly Pick<OutboxOp, 'rowId' | 'rows' | 'state' | 'resource'>[]): Map<string, RowSyncState> {
  const states = new Map<string, RowSyncState>();
  for (const op of ops) {
    if (op.resource !== 'links') continue;
    const state: RowSyncState = op.state === 'sending' ? 'pending' : op.state;
    // A bulk create is one op for all its rows.
    for (const rowId of op.rows ?? [op.rowId]) {
      const known = states.get(rowId);
      if (!known || SYNC_RANK[state] > SYNC_RANK[known]) states.set(rowId, state);
    }
  }
  return states;
}

export function domainInfos(rows: readonly MirrorRow<Domain>[]): DomainInfo[] {
  return rows
    .filter((row) => !row.deletedLocally)
    .map((row) => {
      const view = rowView('domains', row);
      return {
        key: row.clientId,
        clientId: row.clientId,
        serverId: row.serverId,
        scheme: row.base?.scheme ?? 'https://',
        host: typeof view.host === 'string' ? view.host : '',
      };
    });
}

/** The domain key of a link's domain reference (0, a server id, or a client id). */
export function domainKeyOf(ref: unknown, byServerId: ReadonlyMap<number, DomainInfo>): DomainKey {
  if (ref === 0 || ref === undefined || ref === null) return MAIN_DOMAIN;
  if (typeof ref === 'string') return ref;
  if (typeof ref === 'number') return byServerId.get(ref)?.key ?? serverKey(ref);
  return MAIN_DOMAIN;
}

/**
 * Whether a link's schedule is on: as the read (or a pending edit) says; by its dates only where
 * nothing says. Real releases keep the dates when a schedule is switched off.
 */
export function isScheduled(schedule: unknown, startDate: unknown, endDate: unknown): boolean {
  if (typeof schedule === 'boolean') return schedule;
  return Boolean(startDate) || Boolean(endDate);
}

export function toEntry(row: LinkListRow, byServerId: ReadonlyMap<number, DomainInfo>, now: string): LinkEntry {
  const view = row.view;
  const alias = typeof view.url === 'string' ? view.url : '';
  const destination = typeof view.location_url === 'string' ? view.location_url : '';
  const clicks = row.clicks;
  const endDate = typeof view.end_date === 'string' ? view.end_date : null;
  const startDate = typeof view.start_date === 'string' ? view.start_date : null;
  const limit = typeof view.clicks_limit === 'number' ? view.clicks_limit : null;
  const scheduled = isScheduled(view.schedule, startDate, endDate);
  const password = typeof view.password === 'string' ? view.password : row.password;
  return {
    clientId: row.clientId,
    serverId: row.serverId,
    alias,
    destination,
    aliasLower: lower(alias),
    destinationLower: lower(destination),
    domainKey: domainKeyOf(view.domain_id, byServerId),
    clicks,
    created: row.created ?? serviceDatetime(row.updatedAt),
    enabled: typeof view.is_enabled === 'boolean' ? view.is_enabled : null,
    scheduled,
    protected: typeof password === 'string' && password !== '',
    // The end date counts only with the schedule on (it is kept, unused, when switched off).
    expired: (scheduled && endDate !== null && endDate <= now) || (limit !== null && clicks >= limit),
    deletedLocally: row.deletedLocally,
  };
}

/** Lower case, keeping the same string when it already is (one copy of each in memory, not two). */
export function lower(text: string): string {
  const lowered = text.toLowerCase();
  return lowered === text ? text : lowered;
}

export function buildIndex(entries: LinkEntry[], domains: readonly DomainInfo[]): LinkIndex {
  let byClientId: Map<string, LinkEntry> | undefined;
  return {
    entries,
    // Built on first use: 100,000 map entries are ~30 ms a reload need not spend before painting.
    get byClientId() {
      byClientId ??= new Map(entries.map((e) => [e.clientId, e]));
      return byClientId;
    },
    domains,
    domainByKey: new Map(domains.map((d) => [d.key, d])),
    orders: new Map(),
    orderViews: new Map(),
  };
}

/**
 * Builds what the first search in the list as it opens would (idle time after a reload: the first
 * keystroke stays short): the grams, and the default order (newest first) as positions. A slice
 * per task (the list stays responsive); stops once `stillWanted` says the index was replaced.
 */
export async function prepareSearchInSlices(index: LinkIndex, stillWanted: () => boolean = () => true): Promise<void> {
  if (!index.grams) {
    const grams = await buildGramsInSlices(index.entries, nextTask, stillWanted);
    if (!grams) return;
    // A search meanwhile built them at once: those stay.
    index.grams ??= grams;
  }
  if (stillWanted()) orderView(index, DEFAULT_QUERY.sort, DEFAULT_QUERY.direction);
}

/** Builds the index from rows, as the mirror holds them. */
export function indexRows(links: readonly MirrorRow<Link>[], domainRows: readonly MirrorRow<Domain>[], nowMs = Date.now()): LinkIndex {
  const domains = domainInfos(domainRows);
  const byServerId = serverIdMap(domains);
  const now = serviceDatetime(nowMs);
  return buildIndex(
    links.map((row) => toEntry(linkListRow(row), byServerId, now)),
    domains,
  );
}

export function serverIdMap(domains: readonly DomainInfo[]): Map<number, DomainInfo> {
  return new Map(domains.filter((d) => d.serverId !== null).map((d) => [d.serverId as number, d]));
}

/** A link not yet on the service is newer than every link on it. */
const serverOrder = (entry: LinkEntry): number => entry.serverId ?? Number.MAX_SAFE_INTEGER;

const COMPARE: Record<SortKey, (a: LinkEntry, b: LinkEntry) => number> = {
  // Links made in the same second go in the order the service made them (its ids): a listing
  // (newest first) is then one strictly descending run, which the sort takes in linear time —
  // ties broken by alias made 100,000 links made in a few seconds an n·log n sort of strings.
  created: (a, b) => (a.created < b.created ? -1 : a.created > b.created ? 1 : serverOrder(a) - serverOrder(b)),
  clicks: (a, b) => a.clicks - b.clicks,
  alias: (a, b) => (a.aliasLower < b.aliasLower ? -1 : a.aliasLower > b.aliasLower ? 1 : 0),
};

/**
 * Positions in `entries`, in the order asked for (ties: creation order for `created`, alias for
 * the others, then client id — stable across rebuilds); kept with the index, so a descending
 * order is not walked backwards per keystroke.
 */
export function sortPositions(index: LinkIndex, key: SortKey, direction: SortDirection = 'asc'): Int32Array {
  const name: OrderKey = direction === 'asc' ? key : `${key}:desc`;
  const known = index.orders.get(name);
  if (known) return known;
  let order: Int32Array;
  if (direction === 'desc') order = sortPositions(index, key).slice().reverse();
  else {
    const { entries } = index;
    const compare = COMPARE[key];
    // An Array's sort (TimSort) takes runs already in order in linear time: the listing's order
    // (newest first) is one such run for the default sort; a typed array's sort is not adaptive.
    const sorted = Array.from(entries, (_, i) => i).sort((i, j) => {
      const a = entries[i] as LinkEntry;
      const b = entries[j] as LinkEntry;
      return compare(a, b) || COMPARE.alias(a, b) || (a.clientId < b.clientId ? -1 : a.clientId > b.clientId ? 1 : 0);
    });
    order = Int32Array.from(sorted);
  }
  index.orders.set(name, order);
  return order;
}

/**
 * Sorts `next` as `previous` was sorted (the orders the screen asked of it; newest first when
 * none): the render that shows a new index then reads its orders rather than sorting 100,000
 * entries in the same task.
 */
export function sortAsBefore(next: LinkIndex, previous: LinkIndex | null): void {
  if (!previous || previous.orders.size === 0) {
    sortPositions(next, DEFAULT_QUERY.sort, DEFAULT_QUERY.direction);
    return;
  }
  for (const key of previous.orders.keys()) {
    const [sort, desc] = key.split(':') as [SortKey, string | undefined];
    sortPositions(next, sort, desc ? 'desc' : 'asc');
  }
}

function orderView(index: LinkIndex, key: SortKey, direction: SortDirection): LinkResults {
  const name: OrderKey = direction === 'asc' ? key : `${key}:desc`;
  let view = index.orderViews.get(name);
  if (!view) {
    view = new PositionResults(index.entries, sortPositions(index, key, direction), null, null);
    index.orderViews.set(name, view);
  }
  return view;
}

export type TriState = 'any' | 'yes' | 'no';

export interface LinkFilters {
  search: string;
  /** 'all' or a domain key. */
  domain: DomainKey | 'all';
  enabled: TriState;
  scheduled: TriState;
  protected: TriState;
  /** Rows with operations not yet confirmed (pending, unknown, failed or in conflict). */
  pending: TriState;
  /** Created on or after this day (`YYYY-MM-DD`, the account's calendar), '' for any. */
  createdFrom: string;
  /** Created on or before this day, '' for any. */
  createdTo: string;
}

export const NO_FILTERS: LinkFilters = {
  search: '',
  domain: 'all',
  enabled: 'any',
  scheduled: 'any',
  protected: 'any',
  pending: 'any',
  createdFrom: '',
  createdTo: '',
};

export interface LinkQuery extends LinkFilters {
  sort: SortKey;
  direction: SortDirection;
}

/** What the list shows when it opens: every link, newest first. */
export const DEFAULT_QUERY: LinkQuery = { ...NO_FILTERS, sort: 'created', direction: 'desc' };

export const isDefaultQuery = (query: LinkQuery): boolean => query.search.trim() === '' && sameFilters(query, DEFAULT_QUERY);

function sameFilters(a: LinkQuery, b: LinkQuery): boolean {
  return (
    a.sort === b.sort &&
    a.direction === b.direction &&
    a.domain === b.domain &&
    a.enabled === b.enabled &&
    a.scheduled === b.scheduled &&
    a.protected === b.protected &&
    a.pending === b.pending &&
    a.createdFrom === b.createdFrom &&
    a.createdTo === b.createdTo
  );
}

/** A row deleted here stays listed only while its delete is stuck (failed or in conflict). */
/** What the walk reads of the grams when there are none (no search: `match` is null, so none of it is read). */
const NO_GRAMS: Pick<SearchGrams, 'aliasLength' | 'text' | 'aliasStart'> = {
  aliasLength: new Uint16Array(0),
  text: new Uint8Array(0),
  aliasStart: new Int32Array(0),
};

export const deleteStuck = (sync: RowSyncState | undefined): boolean => sync === 'failed' || sync === 'conflict';

/** Where a needle first is in an entry: ≥ 0 in its alias, ≤ -2 in its destination (-2 - offset). */
const NOT_FOUND = 0x7fffffff;

function find(entry: LinkEntry, needle: string): number {
  const at = entry.aliasLower.indexOf(needle);
  if (at >= 0) return at;
  const inDestination = entry.destinationLower.indexOf(needle);
  return inDestination >= 0 ? -2 - inDestination : NOT_FOUND;
}

/**
 * `find` for a needle that starts with `shorter`, given where `shorter` first is: the needle can
 * only be there or after it, and most often the next typed letter is what follows it there.
 */
function findFrom(entry: LinkEntry, needle: string, shorter: number, previous: number): number {
  const inAlias = previous >= 0;
  const text = inAlias ? entry.aliasLower : entry.destinationLower;
  const from = inAlias ? previous : -2 - previous;
  const same = needle.length === shorter + 1 ? text.charCodeAt(from + shorter) === needle.charCodeAt(shorter) : text.startsWith(needle, from);
  if (same) return previous;
  const at = text.indexOf(needle, from + 1);
  if (at >= 0) return inAlias ? at : -2 - at;
  if (!inAlias) return NOT_FOUND;
  const inDestination = entry.destinationLower.indexOf(needle);
  return inDestination >= 0 ? -2 - inDestination : NOT_FOUND;
}

/** The links holding `needle`, by position, and where it first is in each (when it was looked for). */
function matchNeedle(index: LinkIndex, search: SearchGrams, needle: string): { match: Uint32Array; offsets: Int32Array | null } {
  const { bits, exact } = candidates(search, needle);
  const last = index.last;
  // The links that held a shorter needle inside this one are the only ones that can hold it.
  const narrower = last?.match && needle.includes(last.needle) ? last : null;
  if (narrower?.match) for (let w = 0; w < bits.length; w++) bits[w]! &= narrower.match[w] as number;
  if (exact) return { match: bits, offsets: null };
  const previous = narrower?.offsets && needle.startsWith(narrower.needle) ? narrower.offsets : null;
  const shorter = narrower ? narrower.needle.length : 0;
  const offsets = offsetBuffer(index, last?.offsets);
  const entries = index.entries;
  const { text, aliasStart, destinationStart } = search;
  // One letter typed at the end: one byte of the links' text says whether it follows where the
  // shorter needle was (a byte of 0, past Latin-1, or a miss falls back to the strings).
  const typed = previous && needle.length === shorter + 1 ? needle.charCodeAt(shorter) : 0;
  const byByte = typed > 0 && typed < 256;
  // In position order: the entries, their strings and their bytes are read in the order they were made.
  for (let w = 0; w < bits.length; w++) {
    let word = bits[w] as number;
    while (word !== 0) {
      const bit = word & -word;
      word ^= bit;
      const i = (w << 5) | (31 - Math.clz32(bit));
      let at: number;
      if (previous) {
        const before = previous[i] as number;
        const next = before >= 0 ? (aliasStart[i] as number) + before + shorter : (destinationStart[i] as number) - 2 - before + shorter;
        at = byByte && text[next] === typed ? before : findFrom(entries[i] as LinkEntry, needle, shorter, before);
      } else at = find(entries[i] as LinkEntry, needle);
      if (at === NOT_FOUND) bits[w]! &= ~bit;
      else offsets[i] = at;
    }
  }
  return { match: bits, offsets };
}

/** One of the index's two offset buffers: the one `busy` (being read) is not. A typing user's keystrokes allocate nothing big there. */
function offsetBuffer(index: LinkIndex, busy: Int32Array | null | undefined): Int32Array {
  const n = index.entries.length;
  index.offsetBuffers ??= [new Int32Array(n), new Int32Array(n)];
  const [a, b] = index.offsetBuffers;
  return busy === a ? b : a;
}

/**
 * Where the last search's needle is in each link it matched, when the search did not need to
 * look (the gram filter was exact: a first letter). For idle time after a keystroke: the next
 * letter then checks one character per link instead of searching each link's text.
 */
export function prepareNarrowing(index: LinkIndex): void {
  const last = index.last;
  if (!last?.match || last.offsets) return;
  const offsets = offsetBuffer(index, null);
  const { match, needle } = last;
  for (let w = 0; w < match.length; w++) {
    let word = match[w] as number;
    while (word !== 0) {
      const bit = word & -word;
      word ^= bit;
      const i = (w << 5) | (31 - Math.clz32(bit));
      offsets[i] = find(index.entries[i] as LinkEntry, needle);
    }
  }
  last.offsets = offsets;
}

/**
 * The filtered list in sorted order, a link whose alias is exactly what was typed first. Rows
 * deleted locally drop out unless their delete is stuck. The needle is looked for only in the
 * links the gram filter (and, while typing on, the last search) leaves; then one pass over a
 * pre-sorted order of positions keeps the matches, over compact arrays rather than the entries.
 * The same results object comes back for a keystroke that drops no row (nothing to re-render).
 */
export function queryLinkResults(index: LinkIndex, syncStates: ReadonlyMap<string, RowSyncState>, query: LinkQuery): LinkResults {
  const needle = query.search.trim().toLowerCase();
  const last = index.last;
  const narrowing = last !== undefined && last.syncStates === syncStates && sameFilters(last.query, query) && needle.includes(last.needle);
  if (narrowing && last.needle === needle) return last.view;
  // The grams serve a search; the list as it opens (no search) does not wait for them.
  const search = needle ? (index.grams ??= buildGrams(index.entries)) : index.grams;
  const { match, offsets } = needle && search ? matchNeedle(index, search, needle) : { match: null, offsets: null };
  const source = narrowing ? last.positions : sortPositions(index, query.sort, query.direction);
  // Without grams (no search yet), whether a link was deleted here is read from its entry.
  const deleted = search ? search.deleted : undefined;
  const { aliasLength, text, aliasStart } = search ?? NO_GRAMS;
  // An alias as long as the needle is compared only when its first and last bytes fit: at 100,000
  // links, tens of thousands of aliases can have the needle's length.
  const firstCode = needle ? needle.charCodeAt(0) : 0;
  const lastAt = needle.length - 1;
  const lastCode = needle ? needle.charCodeAt(lastAt) : 0;
  const firstByte = firstCode < 256 ? firstCode : 0;
  const lastByte = lastCode < 256 ? lastCode : 0;
  const filter = filterOf(query, syncStates);
  const entries = index.entries;
  const n = source.length;
  // Positions are copied only once a row drops out: a keystroke that drops none (a first letter
  // in 100,000 links, most of a word) returns the same results and re-renders nothing.
  let positions: Int32Array | null = null;
  let count = 0;
  let exact: LinkEntry[] | null = null;
  let exactAt: number[] | null = null;
  for (let k = 0; k < n; k++) {
    const i = source[k] as number;
    const keep =
      (match === null || hasBit(match, i)) &&
      (deleted === null ||
        (deleted === undefined ? !(entries[i] as LinkEntry).deletedLocally : deleted[i] === 0) ||
        deleteStuck(syncStates.get((entries[i] as LinkEntry).clientId))) &&
      (filter === null || filter(entries[i] as LinkEntry));
    if (!keep) {
      if (positions === null) {
        positions = new Int32Array(n);
        positions.set(source.subarray(0, k));
      }
      continue;
    }
    if (positions !== null) positions[count] = i;
    count++;
    if (
      match !== null &&
      aliasLength[i] === needle.length &&
      text[aliasStart[i] as number] === firstByte &&
      text[(aliasStart[i] as number) + lastAt] === lastByte &&
      (entries[i] as LinkEntry).aliasLower === needle
    ) {
      (exact ??= []).push(entries[i] as LinkEntry);
      (exactAt ??= []).push(count - 1);
    }
  }
  let view: LinkResults;
  if (positions === null) {
    positions = source;
    // The same rows as before (or as the whole order): the same object, unless an exact alias moves up.
    if (exact) view = new PositionResults(entries, positions, exact, exactAt);
    else if (narrowing && last.exact === null) view = last.view;
    else view = narrowing ? new PositionResults(entries, positions, null, null) : orderView(index, query.sort, query.direction);
  } else {
    positions = positions.subarray(0, count);
    view = new PositionResults(entries, positions, exact, exactAt);
  }
  index.last = { query, syncStates, needle, positions, match, offsets, exact, view };
  return view;
}

/** `queryLinkResults`, every result at once. */
export function queryLinks(index: LinkIndex, syncStates: ReadonlyMap<string, RowSyncState>, query: LinkQuery): LinkEntry[] {
  return queryLinkResults(index, syncStates, query).all();
}

/**
 * A link whose alias is exactly what was typed comes first, whatever the sort: someone typing an
 * alias is looking for that link. `exact` is in sort order already; the sorted results stay as they
 * were (typing further narrows them).
 */
function exactAliasFirst(results: readonly LinkEntry[], exact: readonly LinkEntry[]): LinkEntry[] {
  const first = new Set(exact);
  const shown = exact.slice();
  for (const entry of results) if (!first.has(entry)) shown.push(entry);
  return shown;
}

/** The test of the filters a query sets beyond search and deletion (null: none set). */
function filterOf(query: LinkQuery, syncStates: ReadonlyMap<string, RowSyncState>): ((entry: LinkEntry) => boolean) | null {
  const checks: ((entry: LinkEntry) => boolean)[] = [];
  if (query.domain !== 'all') checks.push((e) => e.domainKey === query.domain);
  if (query.enabled !== 'any') checks.push((e) => (query.enabled === 'yes') === e.enabled);
  if (query.scheduled !== 'any') checks.push((e) => (query.scheduled === 'yes') === e.scheduled);
  if (query.protected !== 'any') checks.push((e) => (query.protected === 'yes') === e.protected);
  // `created` is `YYYY-MM-DD HH:MM:SS`: its day compares as text.
  if (query.createdFrom) checks.push((e) => e.created.slice(0, 10) >= query.createdFrom);
  if (query.createdTo) checks.push((e) => e.created.slice(0, 10) <= query.createdTo);
  if (query.pending !== 'any') checks.push((e) => (query.pending === 'yes') === syncStates.has(e.clientId));
  if (checks.length === 0) return null;
  return (e) => checks.every((check) => check(e));
}

/** The short URL of an entry in a workspace, or null when its domain is unknown. */
export function entryShortUrl(index: LinkIndex, baseUrl: string, entry: LinkEntry): string | null {
  // A link of a bulk create has no alias until the service made it and a sync brought it.
  if (entry.alias === '') return null;
  return shortUrlOf(baseUrl, entry.alias, entry.domainKey === MAIN_DOMAIN, index.domainByKey.get(entry.domainKey));
}

export function domainLabel(index: LinkIndex, baseUrl: string, key: DomainKey): string {
  if (key === MAIN_DOMAIN) {
    try {
      return new URL(baseUrl).host;
    } catch {
      return 'Main domain';
    }
  }
  const serverId = serverIdOfKey(key);
  return index.domainByKey.get(key)?.host || (serverId !== null ? `Domain ${serverId}` : 'New domain');
}
