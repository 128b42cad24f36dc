// Clicks per day from Linkdock's own click samples, for a service without statistics: each rise of
// the count between two syncs is counted on the day (account's time zone) the later sync saw it.
// Days before the first sample are not known; after it, a day without a rise had no click that a
// sync saw. Visitors are not known this way; `fetchedAt` stays null (the last sync's age says how
// current it is: a sample is written only when the count changed). Pure.
import type { ClickSample } from '../mirror/rows.ts';
import { rangeDays, todayIn, type DayRange } from './days.ts';
import type { DailySeries } from './cache.ts';

export function dailyFromSamples(samples: readonly ClickSample[], range: DayRange, timeZone: string, now: number): DailySeries {
  const days = rangeDays(range);
  const out: DailySeries = { days, clicks: [], visitors: [], covered: 0, fetchedAt: null };
  const sorted = [...samples].sort((a, b) => a.at - b.at);
  const rises = new Map<string, number>();
  for (let i = 1; i < sorted.length; i++) {
    const rise = sorted[i]!.clicks - sorted[i - 1]!.clicks;
    // A count that fell (clicks reset on the service) says nothing about that day's clicks.
    if (rise > 0) {
      const day = todayIn(timeZone, sorted[i]!.at);
      rises.set(day, (rises.get(day) ?? 0) + rise);
    }
  }
  const first = sorted[0] ? todayIn(timeZone, sorted[0].at) : null;
  const today = todayIn(timeZone, now);
  for (const day of days) {
    const known = first !== null && day >= first && day <= today;
    out.clicks.push(known ? (rises.get(day) ?? 0) : null);
    out.visitors.push(null);
    if (known) out.covered++;
  }
  // How current this is is the last sync's age (a sample is written only when the count changed).
  return out;
}
