// What a statistics view says about where its figures come from and how old they are (pure): never
// a figure without its age, never "no clicks" for what is simply not cached.
import type { Availability, Connection, OnScreenStatus } from '../../sync/index.ts';
import { countdown, timeAgo } from '../../ui/format.ts';

/** "just now", "3 min ago", "2 h ago", "3 days ago". */
export function ageText(at: number, now: number): string {
  const days = Math.floor((now - at) / 86_400_000);
  if (days < 1) return timeAgo(at, now);
  return days === 1 ? '1 day ago' : `${days} days ago`;
}

export interface FreshnessInput {
  availability: Availability;
  connection: Connection;
  /** The screen's fetching, when the view has a link on screen. */
  onScreen: OnScreenStatus | null;
  /** When the oldest cached answer shown was fetched; null when nothing is cached. */
  cachedAt: number | null;
  /** The link is on the service (has a server id); a new link's statistics come once synced. */
  synced: boolean;
  /** When the workspace last synced in full (the click samples' age), for the fallback. */
  lastSyncAt: number | null;
  now: number;
}

export interface Freshness {
  tone: 'info' | 'warning' | 'danger' | 'muted';
  text: string;
}

export function freshness(input: FreshnessInput): Freshness {
  const { onScreen, now } = input;
  if (!input.synced) return { tone: 'info', text: 'Not synced yet: this link’s statistics come once it is on the service.' };
  if (input.availability === 'not-available') {
    const synced = input.lastSyncAt === null ? 'not synced yet' : `last synced ${ageText(input.lastSyncAt, now)}`;
    return {
      tone: 'info',
      text: `Statistics are not available on this service. Showing Linkdock’s own click counts instead, recorded at each sync (${synced}): clicks count on the day a sync saw them.`,
    };
  }
  const offline = input.connection === 'offline';
  const waiting = onScreen?.blockedUntil && onScreen.blockedUntil > now ? countdown(onScreen.blockedUntil - now) : null;
  if (input.cachedAt === null) {
    if (offline) return { tone: 'warning', text: 'Offline, and nothing is cached for this period yet.' };
    if (waiting) return { tone: 'info', text: `Not cached yet: waiting for the service’s request limit (${waiting}).` };
    if (onScreen?.busy) return { tone: 'muted', text: 'Not cached yet: loading statistics…' };
    return { tone: 'muted', text: 'Not cached yet.' };
  }
  const age = `Cached ${ageText(input.cachedAt, now)}`;
  if (offline) return { tone: 'warning', text: `Offline: showing what is cached. ${age}.` };
  if (waiting) return { tone: 'info', text: `${age}; the update waits for the service’s request limit (${waiting}).` };
  if (onScreen?.busy) return { tone: 'muted', text: `${age}; updating…` };
  return { tone: 'muted', text: `${age}.` };
}
