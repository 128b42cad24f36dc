// A time zone's offsets from UTC over a span of time, so SQL can turn stored click times (UTC)
// into the account's wall-clock time: statistics count days and hours where the account lives,
// as real deployments do (they convert with the user's time zone), daylight saving included.
import { wallClockText } from '../../src-preload/contract/wall-clock.ts';
import { formatServiceDatetime } from './time.ts';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

export interface ZoneShift {
  /** Minutes the wall clock is ahead of UTC. */
  minutes: number;
  /** UTC time (`YYYY-MM-DD HH:MM:SS`) from which the next shift applies; null for the last one. */
  until: string | null;
}

/** Minutes `zone`'s wall clock is ahead of UTC at `epochMs`. */
export function offsetMinutes(zone: string, epochMs: number): number {
  const at = Math.floor(epochMs / 1000) * 1000;
  const wall = Date.parse(`${wallClockText(at, zone).replace(' ', 'T')}Z`);
  return Math.round((wall - at) / MINUTE_MS);
}

/** The first minute in (before, after] whose offset is not `old` (offsets change on whole minutes). */
function changeBetween(zone: string, before: number, after: number, old: number): number {
  let lo = before;
  let hi = after;
  while (hi - lo > MINUTE_MS) {
    const mid = Math.floor((lo + hi) / 2 / MINUTE_MS) * MINUTE_MS;
    if (mid <= lo) break;
    if (offsetMinutes(zone, mid) === old) lo = mid;
    else hi = mid;
  }
  return hi;
}

/**
 * The offsets that apply from `fromMs` to `toMs`, oldest first. One per day is checked, so a zone
 * that changes its offset twice within a day (none does) would lose the day's first change.
 */
export function zoneShifts(zone: string, fromMs: number, toMs: number): ZoneShift[] {
  if (zone === 'UTC') return [{ minutes: 0, until: null }];
  const shifts: ZoneShift[] = [];
  let current = offsetMinutes(zone, fromMs);
  let at = fromMs;
  while (at < toMs) {
    const next = Math.min(at + DAY_MS, toMs);
    const offset = offsetMinutes(zone, next);
    if (offset !== current) {
      const change = changeBetween(zone, at, next, current);
      shifts.push({ minutes: current, until: formatServiceDatetime(new Date(change)) });
      current = offsetMinutes(zone, change);
    }
    at = next;
  }
  shifts.push({ minutes: current, until: null });
  return shifts;
}
