// A link's click samples live on its own mirror row (columns of times and counts), so a pull
// writes them with the rows it writes anyway: a sample is taken exactly when a pull sees a count
// change or a link first, and then that row is rewritten in the same transaction. A first pull of
// 100,000 links thus stores its samples for free instead of 100,000 extra records (9–12 s in
// Chromium). A row keeps its recent samples; older ones move to the clickSamples table in the
// same transaction, so none is ever dropped. Samples older builds wrote there stay readable.
import { Dexie } from 'dexie';
import type { MirrorDb } from './db.ts';
import { linkSamples, rowScope, type LinkSamples } from './link-rows.ts';
import type { ClickSample, MirrorRow, RowClickSamples } from './rows.ts';

/** Samples a row keeps; at this many, the older half moves to the clickSamples table. */
export const ROW_SAMPLES_MAX = 64;

/** The row with one more sample, and the older samples it no longer keeps (to store as records). */
export function withClickSample<R extends MirrorRow>(row: R, at: number, clicks: number): { row: R; moved: ClickSample[] } {
  const at0 = row.samples?.at ?? [];
  const clicks0 = row.samples?.clicks ?? [];
  const keep = at0.length + 1 > ROW_SAMPLES_MAX ? at0.length - ROW_SAMPLES_MAX / 2 + 1 : 0;
  const moved: ClickSample[] = [];
  for (let i = 0; i < keep; i++) moved.push({ clientId: row.clientId, serverId: row.serverId ?? 0, at: at0[i]!, clicks: clicks0[i]! });
  const samples: RowClickSamples = { at: [...at0.slice(keep), at], clicks: [...clicks0.slice(keep), clicks] };
  return { row: { ...row, samples }, moved };
}

/** The samples a row carries, oldest first. */
export function rowClickSamples(row: { clientId: string; serverId: number | null; samples?: RowClickSamples | null }): ClickSample[] {
  const s = row.samples;
  if (!s) return [];
  return s.at.map((at, i) => ({ clientId: row.clientId, serverId: row.serverId ?? 0, at, clicks: s.clicks[i]! }));
}

/**
 * A link's click samples, oldest first: the row's own and those stored as records (moved off the
 * row, or written by older builds); at most `limit`, the most recent. Reads links and clickSamples.
 */
export async function clickSamplesOf(db: MirrorDb, clientId: string, limit = Number.POSITIVE_INFINITY): Promise<ClickSample[]> {
  const records = db.clickSamples.where('[clientId+at]').between([clientId, Dexie.minKey], [clientId, Dexie.maxKey]).reverse();
  // The row's samples only: a row on a page is not decoded for them (link-rows.ts linkSamples).
  const [onRow, stored] = await Promise.all([linkSamples(db, [clientId]), (Number.isFinite(limit) ? records.limit(limit) : records).toArray()]);
  const row: LinkSamples | undefined = onRow.get(clientId);
  const byAt = new Map<number, ClickSample>();
  for (const sample of stored) byAt.set(sample.at, sample);
  if (row) for (const sample of rowClickSamples({ clientId, ...row })) byAt.set(sample.at, sample);
  const all = [...byAt.values()].sort((a, b) => a.at - b.at);
  return Number.isFinite(limit) ? all.slice(Math.max(0, all.length - limit)) : all;
}

/** clickSamplesOf for several links in one read-only transaction. */
export function clickSamplesOfMany(db: MirrorDb, clientIds: readonly string[], limit?: number): Promise<Map<string, ClickSample[]>> {
  return db.transaction('r', [...rowScope(db, 'links'), db.clickSamples], async () => {
    const lists = await Promise.all(clientIds.map((id) => clickSamplesOf(db, id, limit)));
    return new Map(clientIds.map((id, i) => [id, lists[i]!]));
  });
}
