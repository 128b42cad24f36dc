// What the tray shows for a workspace, computed from the link index: the 10 most recent links
// and the pinned ones, each with its short URL, the custom domains, and the sync status in numbers.
import { isHttpUrl, type TrayCache, type TrayLink, type TrayStatus } from '../../../src-preload/contract/index.ts';
import type { SyncStatus } from '../../sync/index.ts';
import { entryShortUrl, sortPositions, type LinkEntry, type LinkIndex } from './link-index.ts';

export const TRAY_RECENT = 10;
export const TRAY_PINNED = 50;
export const TRAY_DOMAINS = 200;

function trayLink(index: LinkIndex, baseUrl: string, entry: LinkEntry): TrayLink | null {
  const shortUrl = entryShortUrl(index, baseUrl, entry);
  if (shortUrl === null || shortUrl.length > 2048 || !isHttpUrl(shortUrl)) return null;
  return { id: entry.clientId, label: entry.alias.slice(0, 200), shortUrl };
}

type StatusParts = Pick<SyncStatus, 'connection' | 'pendingCount' | 'failures' | 'conflicts'>;

/** The sync status in the tray's numbers. */
export function trayStatus(status: StatusParts): TrayStatus {
  return { online: status.connection === 'online', pending: status.pendingCount, problems: status.failures.length + status.conflicts.length };
}

export function trayCache(workspaceId: string, baseUrl: string, index: LinkIndex, pinned: readonly string[], status: StatusParts): TrayCache {
  const recent: TrayLink[] = [];
  const order = sortPositions(index, 'created');
  for (let k = order.length - 1; k >= 0 && recent.length < TRAY_RECENT; k--) {
    const entry = index.entries[order[k] as number] as LinkEntry;
    if (entry.deletedLocally) continue;
    const link = trayLink(index, baseUrl, entry);
    if (link) recent.push(link);
  }
  const pinnedLinks: TrayLink[] = [];
  for (const id of pinned) {
    const entry = index.byClientId.get(id);
    if (!entry || entry.deletedLocally || pinnedLinks.length >= TRAY_PINNED) continue;
    const link = trayLink(index, baseUrl, entry);
    if (link) pinnedLinks.push(link);
  }
  return {
    workspaceId,
    // Domains the service has (a server id): what the Shorten window offers.
    domains: index.domains
      .filter((d) => d.serverId !== null && d.host !== '' && d.host.length <= 253)
      .slice(0, TRAY_DOMAINS)
      .map((d) => ({ id: d.serverId as number, host: d.host, scheme: d.scheme.slice(0, 16) })),
    recent,
    pinned: pinnedLinks,
    status: trayStatus(status),
  };
}
