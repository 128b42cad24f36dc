// The link index kept live from what is written. The rows are read once when the watch starts
// (records of their own and pages of 1,000, sync/mirror/link-rows.ts) and become entries a few
// thousand per task, so typing stays responsive while a reload reads 100,000 rows; from then on
// every committed write — a pull's rows, the user's edits, another window's changes — updates the
// entries from the mirror's row feed, never by reading the mirror back (a first pull's 100,000
// rows read again cost seconds). Domains changing (they name the short URLs) reads everything again.
import { liveQuery, type Subscription } from 'dexie';
import type { Domain, Link } from '../../../src-preload/contract/index.ts';
import { linkListRow, linkRowSlices, watchLinkRows, type LinkRowChanges, type MirrorDb, type MirrorRow } from '../../sync/index.ts';
import { serviceDatetime } from '../../sync/mirror/fields.ts';
import { accountTimeZone } from '../../sync/account.ts';
import { nextTask } from './next-task.ts';
import { buildIndex, domainInfos, serverIdMap, sortAsBefore, toEntry, type DomainInfo, type LinkEntry, type LinkIndex } from './link-index.ts';

/** Rows turned into entries per task when a write brings many (a first pull): a page, a few ms. */
export const APPLY_ROWS = 1000;
/** Writes that land together (an edit and its status, a few commits) are put together once. */
const EMIT_DELAY_MS = 16;

export interface LiveIndexWatch {
  stop(): void;
}

const domainsKey = (domains: readonly DomainInfo[]) => JSON.stringify(domains);

/**
 * Keeps `onIndex` told of the links' index. `onIndex` may return an index it keeps instead, holding
 * the same entries in the same order (see index-snapshot.ts `sameEntries`): the watch then holds
 * that index's entries.
 */
export function watchLinkIndex(db: MirrorDb, onIndex: (index: LinkIndex) => LinkIndex | void, onError: (error: unknown) => void): LiveIndexWatch {
  let stopped = false;
  let round = 0;
  let entries = new Map<string, LinkEntry>();
  let domains: DomainInfo[] = [];
  let byServerId = serverIdMap([]);
  /** Changes committed while the rows are being read: applied on top of what was read. */
  let buffered: LinkRowChanges[] | null = [];
  let chain: Promise<void> = Promise.resolve();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let domainWatch: Subscription | null = null;
  /** Emits started, and the newest one handed over: an older one still sorting is dropped. */
  let emits = 0;
  let handedOver = 0;
  let last: LinkIndex | null = null;
  /** Changes applied to `entries`: a kept index stands in for them only if none came meanwhile. */
  let changed = 0;

  // Three tasks, not one: the index, then its sort orders (~15 ms at 100,000 links), then the
  // handover, whose render only reads them.
  const emitNow = async (current: number) => {
    clearTimeout(timer);
    timer = undefined;
    if (stopped || current !== round) return;
    const emit = ++emits;
    const version = changed;
    const built = buildIndex([...entries.values()], domains);
    const stale = () => stopped || current !== round || emit < handedOver;
    await nextTask();
    if (stale()) return;
    sortAsBefore(built, last);
    await nextTask();
    if (stale()) return;
    handedOver = emit;
    const kept = onIndex(built);
    last = kept ?? built;
    // The listener kept an index with the same entries (the stored copy): hold those, not a second
    // set of 100,000 of them.
    if (kept && kept !== built && version === changed && kept.entries.length === built.entries.length)
      for (const entry of kept.entries) entries.set(entry.clientId, entry);
  };
  const now = () => serviceDatetime(Date.now(), accountTimeZone(db));

  const apply = async (changes: LinkRowChanges, current: number) => {
    if (stopped || current !== round) return;
    if (changes.reset) return restart();
    let at = now();
    for (let i = 0; i < changes.puts.length; i++) {
      if (i > 0 && i % APPLY_ROWS === 0) {
        await nextTask();
        if (stopped || current !== round) return;
        at = now();
      }
      const row = changes.puts[i]!;
      entries.set(row.clientId, toEntry(row, byServerId, at));
      changed++;
    }
    for (const key of changes.deletes) entries.delete(key);
    changed += changes.deletes.length;
    // A batch applied over several tasks (a pull's pages) has waited enough: its index goes now.
    if (changes.puts.length > APPLY_ROWS) return emitNow(current);
    timer ??= setTimeout(() => void emitNow(current).catch(onError), EMIT_DELAY_MS);
  };
  const enqueue = (changes: LinkRowChanges, current: number) => {
    chain = chain.then(() => apply(changes, current)).catch(onError);
  };
  const unwatchRows = watchLinkRows(db, (changes) => {
    if (stopped) return;
    if (buffered) buffered.push(changes);
    else enqueue(changes, round);
  });

  const restart = () => {
    clearTimeout(timer);
    timer = undefined;
    domainWatch?.unsubscribe();
    domainWatch = null;
    if (stopped) return;
    // Changes already committed are in what the new read finds.
    buffered = [];
    void start(++round).catch(onError);
  };

  const start = async (current: number) => {
    const domainRows: MirrorRow<Domain>[] = await db.domains.toArray();
    if (stopped || current !== round) return;
    domains = domainInfos(domainRows);
    byServerId = serverIdMap(domains);
    const known = domainsKey(domains);
    // Each slice of rows becomes entries in a task of its own.
    const parts = await readAllRows(db, (rows) => {
      if (stopped || current !== round) return [];
      const at = now();
      return rows.map((row) => toEntry(linkListRow(row), byServerId, at));
    });
    if (stopped || current !== round) return;
    const read = new Map<string, LinkEntry>();
    for (const part of parts) for (const entry of part) read.set(entry.clientId, entry);
    entries = read;
    const during = buffered ?? [];
    buffered = null;
    for (const changes of during) enqueue(changes, current);
    chain = chain.then(() => emitNow(current));

    domainWatch = liveQuery(() => db.domains.toArray()).subscribe({
      next: (rows) => {
        if (domainsKey(domainInfos(rows)) !== known) restart();
      },
      error: onError,
    });
  };

  void start(round).catch(onError);
  return {
    stop() {
      stopped = true;
      unwatchRows();
      clearTimeout(timer);
      domainWatch?.unsubscribe();
      domainWatch = null;
    },
  };
}

/**
 * Every link row of the mirror (records of their own and pages, sync/mirror/link-rows.ts), handed
 * to `each` a page (or APPLY_ROWS records of their own) at a time, each decoded in a task of its own.
 */
export async function readAllRows<T>(db: MirrorDb, each: (rows: MirrorRow<Link>[]) => T): Promise<T[]> {
  const out: T[] = [];
  let first = true;
  for (const slice of await linkRowSlices(db)) {
    if (!first) await nextTask();
    first = false;
    const rows = slice();
    for (let start = 0; start < rows.length; start += APPLY_ROWS) {
      if (start > 0) await nextTask();
      out.push(each(rows.slice(start, start + APPLY_ROWS)));
    }
  }
  return out;
}
