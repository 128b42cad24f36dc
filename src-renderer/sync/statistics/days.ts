// Days as statistics count them: `YYYY-MM-DD` in the account's time zone, ranges with both ends
// included, and the period just before a range (for comparisons). Pure.
import { addDays, daysBetween, isIsoDate } from '../../../src-preload/contract/index.ts';
import { wallClockText } from '../../../src-preload/contract/wall-clock.ts';

export interface DayRange {
  startDate: string;
  endDate: string;
}

/** Today in `timeZone` (the account's: statistics days are its days). */
export function todayIn(timeZone: string, now: number): string {
  return wallClockText(now, timeZone).slice(0, 10);
}

/** The last `days` days, today included. */
export function lastDays(days: number, today: string): DayRange {
  return { startDate: addDays(today, -(Math.max(1, days) - 1)), endDate: today };
}

/** Days in the range, both ends included. */
export function spanDays(range: DayRange): number {
  return daysBetween(range.startDate, range.endDate) + 1;
}

/** The same number of days just before the range (what it is compared with). */
export function previousPeriod(range: DayRange): DayRange {
  const days = spanDays(range);
  return { startDate: addDays(range.startDate, -days), endDate: addDays(range.startDate, -1) };
}

/** Every day of the range, oldest first. */
export function rangeDays(range: DayRange): string[] {
  const out: string[] = [];
  const days = spanDays(range);
  for (let i = 0; i < days; i++) out.push(addDays(range.startDate, i));
  return out;
}

/** The smallest range holding both. */
export function unionRange(a: DayRange, b: DayRange): DayRange {
  return { startDate: a.startDate < b.startDate ? a.startDate : b.startDate, endDate: a.endDate > b.endDate ? a.endDate : b.endDate };
}

/** True when `outer` holds every day of `inner`. */
export function covers(outer: DayRange, inner: DayRange): boolean {
  return outer.startDate <= inner.startDate && outer.endDate >= inner.endDate;
}

export const sameRange = (a: DayRange, b: DayRange): boolean => a.startDate === b.startDate && a.endDate === b.endDate;

/** What is wrong with a range typed by the user, and which end it is about. */
export interface RangeProblem {
  field: 'startDate' | 'endDate';
  message: string;
}

/** A range typed by the user: both real days, start not after end, none after today. Null when fine. */
export function customRangeProblem(range: DayRange, today: string, maxDays: number): RangeProblem | null {
  if (!isIsoDate(range.startDate)) return { field: 'startDate', message: 'Enter the first day as YYYY-MM-DD.' };
  if (!isIsoDate(range.endDate)) return { field: 'endDate', message: 'Enter the last day as YYYY-MM-DD.' };
  if (range.startDate > today) return { field: 'startDate', message: 'The first day must not be after today.' };
  if (range.endDate > today) return { field: 'endDate', message: 'The last day must not be after today.' };
  if (range.endDate < range.startDate) return { field: 'endDate', message: 'The last day must not be before the first.' };
  if (spanDays(range) > maxDays) return { field: 'startDate', message: `At most ${maxDays} days at once.` };
  return null;
}
