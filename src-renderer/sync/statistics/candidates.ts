// What the background refreshes, read from the mirror: pinned links and the most-clicked ones (as
// the last links pull ranked them), with what the cache holds of each; policy.ts decides what is due.
import { PINNED_KEY, type MirrorDb } from '../mirror/db.ts';
import { linkRows } from '../mirror/link-rows.ts';
import type { Link } from '../../../src-preload/contract/index.ts';
import { readMostClicked } from './most-clicked.ts';
import { backgroundPlan, type BackgroundTask, type CandidateCache, type CandidateLink } from './policy.ts';

async function pinnedLinks(db: MirrorDb): Promise<CandidateLink[]> {
  const value = (await db.syncState.get(PINNED_KEY))?.value;
  const ids = Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];
  const rows = await linkRows(db).bulkGet(ids);
  const out: CandidateLink[] = [];
  for (const row of rows) {
    if (!row || row.serverId === null || row.deletedLocally) continue;
    out.push({ clientId: row.clientId, serverId: row.serverId, clicks: (row.base as Link | null)?.clicks ?? 0 });
  }
  return out;
}

/** The background's plan now: what is due among pinned and most-clicked links. */
export async function planFromMirror(db: MirrorDb, today: string, now: number, skip: ReadonlySet<string>): Promise<BackgroundTask[]> {
  const [pinned, mostClicked] = await Promise.all([pinnedLinks(db), readMostClicked(db)]);
  const ids = [...new Set([...pinned, ...mostClicked].map((link) => link.clientId))];
  const [daily, ranges] = await db.transaction('r', [db.statisticsDays, db.statisticsRanges], () =>
    Promise.all([db.statisticsDays.bulkGet(ids), db.statisticsRanges.where('clientId').anyOf(ids).toArray()]),
  );
  const cache = new Map<string, CandidateCache & { ranges: CandidateCache['ranges'][number][] }>();
  ids.forEach((id, i) => cache.set(id, { spans: daily[i]?.spans ?? [], ranges: [] }));
  for (const record of ranges) cache.get(record.clientId)?.ranges.push(record);
  return backgroundPlan({ today, now, pinned, mostClicked, cache, skip });
}
