// The link index kept live at the cost of what changed. The table is cut into key ranges of about
// 1,000 rows, each watched by its own Dexie live query: a write re-reads only the range holding
// the written row, so a pull that changes a few click counts re-reads a few thousand rows, not
// 100,000. Domains changing (they name the short URLs) reads everything again.
import { Dexie, liveQuery, type Subscription } from 'dexie';
import type { Domain, Link } from '../../../src-preload/contract/index.ts';
import type { MirrorDb, MirrorRow } from '../../sync/index.ts';
import { serviceDatetime } from '../../sync/mirror/fields.ts';
import { accountTimeZone } from '../../sync/account.ts';
import { buildIndex, domainInfos, serverIdMap, toEntry, type DomainInfo, type LinkEntry, type LinkIndex } from './link-index.ts';

/** Each range's read is one main-thread task (the rows deserialised): 1,000 rows keep it to a few
 * ms, so typing stays responsive while a reload reads 100,000 rows in the background. */
export const PARTITION_ROWS = 1000;
/** A range that grew this much (many creates in one key range) is cut again. */
const REPARTITION_FACTOR = 4;
/** Ranges changed by one commit arrive one by one: they are put together once. */
const EMIT_DELAY_MS = 16;

export interface LiveIndexWatch {
  stop(): void;
}

/** Key ranges of about `size` rows each, covering every possible key. */
export function partitionBounds(sortedKeys: readonly string[], size = PARTITION_ROWS): string[] {
  const bounds: string[] = [];
  for (let i = size; i < sortedKeys.length; i += size) bounds.push(sortedKeys[i] as string);
  return bounds;
}

const domainsKey = (domains: readonly DomainInfo[]) => JSON.stringify(domains);

export function watchLinkIndex(db: MirrorDb, onIndex: (index: LinkIndex) => void, onError: (error: unknown) => void): LiveIndexWatch {
  let stopped = false;
  let round = 0;
  let subscriptions: Subscription[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;

  const teardown = () => {
    // A restart may come while ranges wait to be put together: that wait belongs to the old round.
    clearTimeout(timer);
    timer = undefined;
    for (const s of subscriptions) s.unsubscribe();
    subscriptions = [];
  };
  const restart = () => {
    teardown();
    if (!stopped) void start(++round).catch(onError);
  };

  const start = async (current: number) => {
    const domainRows: MirrorRow<Domain>[] = await db.domains.toArray();
    const keys = (await db.links.orderBy(':id').primaryKeys()) as string[];
    if (stopped || current !== round) return;
    const domains = domainInfos(domainRows);
    const known = domainsKey(domains);
    const byServerId = serverIdMap(domains);
    const bounds = partitionBounds(keys);
    const parts: (LinkEntry[] | null)[] = Array.from({ length: bounds.length + 1 }, () => null);
    const emit = () => {
      timer = undefined;
      if (stopped || current !== round || parts.some((p) => p === null)) return;
      onIndex(buildIndex((parts as LinkEntry[][]).flat(), domains));
    };

    let firstDomains = true;
    subscriptions.push(
      liveQuery(() => db.domains.toArray()).subscribe({
        next: (rows) => {
          if (firstDomains) {
            firstDomains = false;
            if (domainsKey(domainInfos(rows)) === known) return;
          }
          if (domainsKey(domainInfos(rows)) !== known) restart();
        },
        error: onError,
      }),
    );
    parts.forEach((_, p) => {
      const last = p === bounds.length;
      const lo = p === 0 ? Dexie.minKey : (bounds[p - 1] as string);
      const hi = last ? Dexie.maxKey : (bounds[p] as string);
      subscriptions.push(
        liveQuery(() => db.links.where(':id').between(lo, hi, true, last).toArray()).subscribe({
          next: (rows: MirrorRow<Link>[]) => {
            const now = serviceDatetime(Date.now(), accountTimeZone(db));
            const entries = rows.map((row) => toEntry(row, byServerId, now));
            if (rows.length > PARTITION_ROWS * REPARTITION_FACTOR) {
              // A range that grew (a first pull fills the one range of an empty mirror): the
              // rows just read are shown at once if the rest is known, and the ranges are cut
              // again behind them, instead of the list waiting for every row to be read twice.
              if (current === round && parts.every((part, i) => i === p || part !== null)) {
                parts[p] = entries;
                onIndex(buildIndex((parts as LinkEntry[][]).flat(), domains));
              }
              return restart();
            }
            parts[p] = entries;
            timer ??= setTimeout(emit, EMIT_DELAY_MS);
          },
          error: onError,
        }),
      );
    });
  };

  void start(round).catch(onError);
  return {
    stop() {
      stopped = true;
      teardown();
    },
  };
}
