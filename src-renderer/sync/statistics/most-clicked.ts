// The workspace's most-clicked links, ranked by each links pull from the counts it just read (the
// pull holds every link then; ranking 100,000 links there costs one pass, a scan later would cost a
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

/** Whether `a` ranks before `b` (negative), after it (positive) or with it (0): most clicks first, ties by server id. */
const rankOrder = (a: RankedLink, b: RankedLink) => b.clicks - a.clicks || a.serverId - b.serverId;

/**
 * The `n` links with the most clicks (none without clicks), most first, ties by server id; of links
 * that rank the same, the first given. Pure. One pass keeping the best `n` in order: sorting
 * 100,000 clicked links for 100 of them cost one long task of the pull's transaction.
 */
export function rankMostClicked(links: readonly RankedLink[], n = MOST_CLICKED_KEPT): RankedLink[] {
  const top: RankedLink[] = [];
  for (const link of links) {
    if (link.clicks <= 0 || n <= 0) continue;
    if (top.length === n && rankOrder(link, top[n - 1]!) >= 0) continue;
    // After every link that ranks before it or with it.
    let low = 0;
    let high = top.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (rankOrder(top[mid]!, link) <= 0) low = mid + 1;
      else high = mid;
    }
    top.splice(low, 0, link);
    if (top.length > n) top.pop();
  }
  return top;
}

/** The ranking as the last links pull left it; empty before the first. */
export async function readMostClicked(db: MirrorDb): Promise<RankedLink[]> {
  const value = (await db.syncState.get(MOST_CLICKED_KEY))?.value;
  return Array.isArray(value) ? (value as RankedLink[]) : [];
}
