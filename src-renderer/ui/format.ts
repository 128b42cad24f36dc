/** When a workspace last synced in full; "…" while its mirror has not been read yet (not "never"). */
export function lastSyncedText(status: { counted: boolean; lastPullAt: number | null }, now: number): string {
  if (!status.counted) return '…';
  return status.lastPullAt === null ? 'never' : timeAgo(status.lastPullAt, now);
}

/** "just now", "3 min ago", "2 h ago", or the date: how long ago a sync happened. */
export function timeAgo(at: number, now: number): string {
  const seconds = Math.max(0, Math.round((now - at) / 1000));
  if (seconds < 45) return 'just now';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  return new Date(at).toLocaleString();
}

/** "0:42" until a rate-limit window reopens. */
export function countdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}

const COUNT = new Intl.NumberFormat();

/**
 * `n.toLocaleString()`, from one shared formatter: Chromium builds a formatter per toLocaleString
 * call (~50 µs), more than the rest of a list row costs to render.
 */
export function formatCount(n: number): string {
  return COUNT.format(n);
}
