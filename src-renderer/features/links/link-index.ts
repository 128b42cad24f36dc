// A compact in-memory index of the links in the mirror: just what the list searches, filters,
// sorts and shows, one small object per link. Sort orders are computed once per index (not per
// keystroke), so a search over 100,000 links is a single linear scan in an already-sorted order.
import type { Domain, Link } from '../../../src-preload/contract/index.ts';
import { rowView, type MirrorRow, type OutboxOp } from '../../sync/index.ts';
import { serviceDatetime } from '../../sync/mirror/fields.ts';
import { shortUrlOf, type ShortUrlDomain } from './short-url.ts';

/** '0' for the main domain, a domain row's client id, or `server:<id>` for a domain not in the mirror. */
export type DomainKey = string;
export const MAIN_DOMAIN: DomainKey = '0';

export interface LinkEntry {
  clientId: string;
  serverId: number | null;
  alias: string;
  destination: string;
  /** Lower-cased alias and destination, what the search box matches. */
  haystack: string;
  domainKey: DomainKey;
  clicks: number;
  /** Creation time `YYYY-MM-DD HH:MM:SS` (sorts as text); a link not yet created uses its edit time. */
  created: string;
  enabled: boolean;
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

export interface LinkIndex {
  entries: readonly LinkEntry[];
  byClientId: ReadonlyMap<string, LinkEntry>;
  /** Entries by lower-cased alias (an exact alias comes first in a search). */
  readonly byAlias: ReadonlyMap<string, readonly LinkEntry[]>;
  domains: readonly DomainInfo[];
  domainByKey: ReadonlyMap<DomainKey, DomainInfo>;
  /** Entries sorted ascending by each key, computed on first use. */
  orders: Map<SortKey | `${SortKey}:desc`, readonly LinkEntry[]>;
  /** The last query and its results: typing further narrows them instead of rescanning. */
  last?: { query: LinkQuery; syncStates: ReadonlyMap<string, RowSyncState>; results: LinkEntry[]; shown: LinkEntry[] } | undefined;
}

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
  if (typeof ref === 'number') return byServerId.get(ref)?.key ?? `server:${ref}`;
  return MAIN_DOMAIN;
}

export function toEntry(row: MirrorRow<Link>, byServerId: ReadonlyMap<number, DomainInfo>, now: string): LinkEntry {
  const view = rowView('links', row);
  const alias = typeof view.url === 'string' ? view.url : '';
  const destination = typeof view.location_url === 'string' ? view.location_url : '';
  const clicks = row.base?.clicks ?? 0;
  const endDate = typeof view.end_date === 'string' ? view.end_date : null;
  const startDate = typeof view.start_date === 'string' ? view.start_date : null;
  const limit = typeof view.clicks_limit === 'number' ? view.clicks_limit : null;
  const password = typeof view.password === 'string' ? view.password : row.base?.settings.password;
  return {
    clientId: row.clientId,
    serverId: row.serverId,
    alias,
    destination,
    haystack: `${alias}\n${destination}`.toLowerCase(),
    domainKey: domainKeyOf(view.domain_id, byServerId),
    clicks,
    created: row.base?.datetime ?? serviceDatetime(row.updatedAt),
    enabled: view.is_enabled !== false,
    scheduled: view.schedule === true || startDate !== null || endDate !== null,
    protected: typeof password === 'string' && password !== '',
    expired: (endDate !== null && endDate <= now) || (limit !== null && clicks >= limit),
    deletedLocally: row.deletedLocally,
  };
}

export function buildIndex(entries: LinkEntry[], domains: readonly DomainInfo[]): LinkIndex {
  let byClientId: Map<string, LinkEntry> | undefined;
  let byAlias: Map<string, LinkEntry[]> | undefined;
  return {
    entries,
    // Built on first use: 100,000 map entries are ~30 ms a reload need not spend before painting.
    get byClientId() {
      byClientId ??= new Map(entries.map((e) => [e.clientId, e]));
      return byClientId;
    },
    // Built on the first search: a lookup per keystroke instead of a pass over every result.
    get byAlias() {
      if (!byAlias) {
        byAlias = new Map();
        for (const e of entries) {
          const key = e.alias.toLowerCase();
          const known = byAlias.get(key);
          if (known) known.push(e);
          else byAlias.set(key, [e]);
        }
      }
      return byAlias;
    },
    domains,
    domainByKey: new Map(domains.map((d) => [d.key, d])),
    orders: new Map(),
  };
}

/** Builds the index from rows, as the mirror holds them. */
export function indexRows(links: readonly MirrorRow<Link>[], domainRows: readonly MirrorRow<Domain>[], nowMs = Date.now()): LinkIndex {
  const domains = domainInfos(domainRows);
  const byServerId = serverIdMap(domains);
  const now = serviceDatetime(nowMs);
  return buildIndex(
    links.map((row) => toEntry(row, byServerId, now)),
    domains,
  );
}

export function serverIdMap(domains: readonly DomainInfo[]): Map<number, DomainInfo> {
  return new Map(domains.filter((d) => d.serverId !== null).map((d) => [d.serverId as number, d]));
}

const COMPARE: Record<SortKey, (a: LinkEntry, b: LinkEntry) => number> = {
  created: (a, b) => (a.created < b.created ? -1 : a.created > b.created ? 1 : 0),
  clicks: (a, b) => a.clicks - b.clicks,
  alias: (a, b) => {
    const x = a.alias.toLowerCase();
    const y = b.alias.toLowerCase();
    return x < y ? -1 : x > y ? 1 : 0;
  },
};

/** The entries in ascending order of `key` (ties: alias, then client id — stable across rebuilds). */
export function sortOrder(index: LinkIndex, key: SortKey): readonly LinkEntry[] {
  const known = index.orders.get(key);
  if (known) return known;
  const compare = COMPARE[key];
  const sorted = [...index.entries].sort((a, b) => compare(a, b) || COMPARE.alias(a, b) || (a.clientId < b.clientId ? -1 : a.clientId > b.clientId ? 1 : 0));
  index.orders.set(key, sorted);
  return sorted;
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
export const deleteStuck = (sync: RowSyncState | undefined): boolean => sync === 'failed' || sync === 'conflict';

/** The entries in the order asked for, kept with the index (a descending order is not walked backwards per keystroke). */
function orderOf(index: LinkIndex, key: SortKey, direction: SortDirection): readonly LinkEntry[] {
  if (direction === 'asc') return sortOrder(index, key);
  const known = index.orders.get(`${key}:desc`);
  if (known) return known;
  const descending = [...sortOrder(index, key)].reverse();
  index.orders.set(`${key}:desc`, descending);
  return descending;
}

/**
 * The filtered list in sorted order. Rows deleted locally drop out unless their delete is stuck.
 * One tight pass over a pre-sorted array; when the search only grew (typing), the previous
 * results are narrowed instead.
 */
export function queryLinks(index: LinkIndex, syncStates: ReadonlyMap<string, RowSyncState>, query: LinkQuery): LinkEntry[] {
  const needle = query.search.trim().toLowerCase();
  const last = index.last;
  let source: readonly LinkEntry[];
  if (last && last.syncStates === syncStates && sameFilters(last.query, query) && needle.includes(last.query.search.trim().toLowerCase())) {
    if (last.query.search.trim().toLowerCase() === needle) return last.shown;
    source = last.results;
  } else {
    source = orderOf(index, query.sort, query.direction);
  }
  // The source array is kept until a row drops out: a keystroke that drops none (most of a word
  // typed into 100,000 links, or a first letter) allocates nothing and re-renders nothing.
  let out: LinkEntry[] | null = null;
  const matches = matcher(needle, query, syncStates);
  const n = source.length;
  for (let k = 0; k < n; k++) {
    const entry = source[k] as LinkEntry;
    if (!matches(entry)) {
      out ??= source.slice(0, k);
      continue;
    }
    out?.push(entry);
  }
  const results = out ?? (source as LinkEntry[]);
  const shown = exactAliasFirst(index, results, needle, matches);
  index.last = { query, syncStates, results, shown };
  return shown;
}

/**
 * A link whose alias is exactly what was typed comes first, whatever the sort: someone typing an
 * alias is looking for that link. The sorted results stay as they were (typing further narrows
 * them); with no exact match the same array comes back. Found by the alias map, not by a pass
 * over the results (a pass over 100,000 results was a third of a keystroke).
 */
function exactAliasFirst(index: LinkIndex, results: LinkEntry[], needle: string, matches: (entry: LinkEntry) => boolean): LinkEntry[] {
  if (!needle) return results;
  const candidates = index.byAlias.get(needle)?.filter(matches);
  if (!candidates || candidates.length === 0) return results;
  const first = new Set(candidates);
  // In sort order among themselves, as the results have them.
  const exact = candidates.length === 1 ? candidates : results.filter((e) => first.has(e));
  return [...exact, ...results.filter((e) => !first.has(e))];
}

/** The test of one query, with only the filters it sets (one small check per link and keystroke). */
function matcher(needle: string, query: LinkQuery, syncStates: ReadonlyMap<string, RowSyncState>): (entry: LinkEntry) => boolean {
  const checks: ((entry: LinkEntry) => boolean)[] = [];
  if (query.domain !== 'all') checks.push((e) => e.domainKey === query.domain);
  if (query.enabled !== 'any') checks.push((e) => (query.enabled === 'yes') === e.enabled);
  if (query.scheduled !== 'any') checks.push((e) => (query.scheduled === 'yes') === e.scheduled);
  if (query.protected !== 'any') checks.push((e) => (query.protected === 'yes') === e.protected);
  // `created` is `YYYY-MM-DD HH:MM:SS`: its day compares as text.
  if (query.createdFrom) checks.push((e) => e.created.slice(0, 10) >= query.createdFrom);
  if (query.createdTo) checks.push((e) => e.created.slice(0, 10) <= query.createdTo);
  if (query.pending !== 'any') checks.push((e) => (query.pending === 'yes') === syncStates.has(e.clientId));
  // Rows deleted here drop out unless their delete is stuck.
  const kept = (e: LinkEntry) => !e.deletedLocally || deleteStuck(syncStates.get(e.clientId));
  if (checks.length === 0) return needle ? (e) => e.haystack.includes(needle) && kept(e) : kept;
  return (e) => (!needle || e.haystack.includes(needle)) && kept(e) && checks.every((check) => check(e));
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
  return index.domainByKey.get(key)?.host || (key.startsWith('server:') ? `Domain ${key.slice(7)}` : 'New domain');
}
