// Statistics in the mirror (per link, per type, per day range) and the scheduler that fetches them
// within the request budget: the screens' entry to this folder.
export { createStatisticsService, NOT_AVAILABLE_RECHECK_MS } from './service.ts';
export type { StatisticsService, StatisticsStatus, OnScreenStatus, ScreenRequest, Availability } from './service.ts';
export { readLinkCache, dailySeries, pickBreakdown, type DailySeries, type LinkStatisticsCache, type PickedBreakdown } from './cache.ts';
export { dailyFromSamples } from './fallback.ts';
export { readMostClicked, type RankedLink } from './most-clicked.ts';
export { todayIn, lastDays, previousPeriod, rangeDays, spanDays, customRangeProblem, type DayRange, type RangeProblem } from './days.ts';
export { BREAKDOWN_TYPES, DEFAULT_VIEW_DAYS, OVERVIEW_DAYS, viewQueries, overviewQuery } from './policy.ts';
export type { BreakdownType, BreakdownRecord, BreakdownRow, DailyStatisticsRecord } from './records.ts';
