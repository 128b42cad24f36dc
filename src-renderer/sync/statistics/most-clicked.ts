// The workspace's most-clicked links, ranked by each links pull from the counts it just read (the
// pull holds every link then; ranking 100,000 links there costs a sort, a scan later would cost a
// read of the whole table). The statistics scheduler refreshes these first after pinned links, and
// the workspace overview lists them.
import type { MirrorDb } from '../mirror/db.ts';

export const MOST_CLICKED_KEY = 'statistics:most-clicked';
/** Links kept in the ranking. */
export const MOST_CLICKED_KEPT = 100;

export interface RankedLink {
  clientId: string;
  serverId: number;
  clicks: number;
}

/** The `n` links with the most clicks (none without clicks), most first, ties by server id. Pure. */
export function rankMostClicked(links: readonly RankedLink[], n = MOST_CLICKED_KEPT): RankedLink[] {
  return links
    .filter((link) => link.clicks > 0)
    .sort((a, b) => b.clicks - a.clicks || a.serverId - b.serverId)
    .slice(0, n);
}

/** The ranking as the last links pull left it; empty before the first. */
export async function readMostClicked(db: MirrorDb): Promise<RankedLink[]> {
  const value = (await db.syncState.get(MOST_CLICKED_KEY))?.value;
  return Array.isArray(value) ? (value as RankedLink[]) : [];
}
