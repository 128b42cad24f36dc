// A compact copy of the link index kept in the mirror's key/value table, so a reload can paint
// the list at once from one small record instead of waiting for every row (100,000 rows take
// seconds to read). The live index replaces it as soon as it is read; it is never edited from.
import type { MirrorDb } from '../sync/index.ts';
import { buildIndex, type DomainInfo, type LinkEntry, type LinkIndex } from './link-index.ts';

export const SNAPSHOT_KEY = 'links:index-snapshot';
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
  /** Bits: 1 enabled, 2 scheduled, 4 protected, 8 expired, 16 deleted locally. */
  flags: number[];
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
    flags: e.map((x) => (x.enabled ? 1 : 0) | (x.scheduled ? 2 : 0) | (x.protected ? 4 : 0) | (x.expired ? 8 : 0) | (x.deletedLocally ? 16 : 0)),
  };
}

export function fromColumns(value: unknown): LinkIndex | null {
  const c = value as Partial<Columns> | undefined;
  if (!c || c.v !== 1 || !Array.isArray(c.clientId) || !Array.isArray(c.domains)) return null;
  const n = c.clientId.length;
  const columns = [c.serverId, c.alias, c.destination, c.domainKey, c.clicks, c.created, c.flags];
  if (columns.some((col) => !Array.isArray(col) || col.length !== n)) return null;
  const entries: LinkEntry[] = new Array(n);
  for (let i = 0; i < n; i++) {
    const alias = c.alias![i] as string;
    const destination = c.destination![i] as string;
    const flags = c.flags![i] as number;
    entries[i] = {
      clientId: c.clientId[i] as string,
      serverId: c.serverId![i] as number | null,
      alias,
      destination,
      haystack: `${alias}\n${destination}`.toLowerCase(),
      domainKey: c.domainKey![i] as string,
      clicks: c.clicks![i] as number,
      created: c.created![i] as string,
      enabled: (flags & 1) !== 0,
      scheduled: (flags & 2) !== 0,
      protected: (flags & 4) !== 0,
      expired: (flags & 8) !== 0,
      deletedLocally: (flags & 16) !== 0,
    };
  }
  return buildIndex(entries, c.domains);
}

export async function readSnapshot(db: MirrorDb): Promise<LinkIndex | null> {
  try {
    return fromColumns((await db.syncState.get(SNAPSHOT_KEY))?.value);
  } catch {
    return null;
  }
}

/** Stores the copy (or drops it when the mirror became small); a failure only costs speed. */
export async function writeSnapshot(db: MirrorDb, index: LinkIndex): Promise<void> {
  try {
    if (index.entries.length >= SNAPSHOT_MIN_LINKS) await db.syncState.put({ key: SNAPSHOT_KEY, value: toColumns(index) });
    else await db.syncState.delete(SNAPSHOT_KEY);
  } catch {
    // Quota or a closed database: the next reload reads the rows instead.
  }
}

const FIELDS = ['clientId', 'serverId', 'alias', 'destination', 'domainKey', 'clicks', 'created', 'enabled', 'scheduled', 'protected', 'expired', 'deletedLocally'] as const;

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
