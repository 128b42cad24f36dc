// The service writes date-times as `YYYY-MM-DD HH:MM:SS`. Creation and update times and click
// times are UTC; schedule dates (start_date, end_date) are wall-clock times in the account's time
// zone, as on real deployments, so "now" is compared with them in that zone (wallClock below).
import { wallClockText } from '../../src-preload/contract/wall-clock.ts';

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

/**
 * The zone's canonical IANA name (`europe/berlin` → `Europe/Berlin`), or null when Intl does not
 * know it. Offsets (`+02:00`), which Intl also takes, are no IANA names and are refused.
 */
export function canonicalTimeZone(zone: string): string | null {
  if (zone.trim() === '' || /^[+-]/.test(zone.trim())) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

const wallClocks = new Map<string, { second: number; text: string }>();

/** The wall-clock time in `zone` at `date`, as `YYYY-MM-DD HH:MM:SS` (the zone must be valid). */
export function wallClock(date: Date, zone: string): string {
  if (zone === 'UTC') return formatServiceDatetime(date);
  let entry = wallClocks.get(zone);
  if (!entry) wallClocks.set(zone, (entry = { second: Number.NaN, text: '' }));
  // Serving checks a schedule on every visit: format each zone once per second.
  const second = Math.floor(date.getTime() / 1000);
  if (second !== entry.second) {
    entry.text = wallClockText(date.getTime(), zone);
    entry.second = second;
  }
  return entry.text;
}
