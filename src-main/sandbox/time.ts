// The service writes date-times as `YYYY-MM-DD HH:MM:SS`. The sandbox keeps them in UTC (the
// document does not name a time zone; every sandbox account's time zone is UTC).

// Every served click formats "now": under load that is thousands of times in the same second.
let lastSecond = Number.NaN;
let lastText = '';

export function formatServiceDatetime(date: Date): string {
  const second = Math.floor(date.getTime() / 1000);
  if (second !== lastSecond) {
    lastText = date.toISOString().slice(0, 19).replace('T', ' ');
    lastSecond = second;
  }
  return lastText;
}

/** Parses a service date-time as UTC; null when it is not a real calendar date-time. */
export function parseServiceDatetime(value: string): Date | null {
  const date = new Date(`${value.replace(' ', 'T')}Z`);
  if (Number.isNaN(date.getTime())) return null;
  // Date rolls 2026-02-30 over to March; a round trip catches it.
  return formatServiceDatetime(date) === value ? date : null;
}
