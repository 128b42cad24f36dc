// The contract's statistics call: what its input allows (real days, an ordered range of at most
// STATISTICS_MAX_DAYS, a known type, overview by default) and that each type has its own row shape.
import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, isIsoDate, STATISTICS_MAX_DAYS, StatisticsInputSchema, StatisticsSchema } from '../../../src-preload/contract/index.ts';

const base = { workspaceId: 'ws-1', linkId: 3, startDate: '2026-06-01', endDate: '2026-06-30' };

describe('statistics input', () => {
  it('defaults the type to overview and takes every known type', () => {
    expect(StatisticsInputSchema.parse(base)).toEqual({ ...base, type: 'overview' });
    expect(StatisticsInputSchema.parse({ ...base, type: 'hour', priority: 'background' })).toMatchObject({ type: 'hour', priority: 'background' });
  });

  it('refuses unreal days, an end before the start and ranges over the limit, naming the field', () => {
    const issue = (input: object) => StatisticsInputSchema.safeParse(input).error?.issues[0];
    expect(issue({ ...base, startDate: '2026-02-29' })?.path).toEqual(['startDate']);
    expect(issue({ ...base, endDate: '2026-05-31' })).toMatchObject({ path: ['endDate'], message: 'End date must not be before the start date' });
    const last = addDays(base.startDate, STATISTICS_MAX_DAYS - 1);
    expect(StatisticsInputSchema.safeParse({ ...base, endDate: last }).success).toBe(true);
    expect(issue({ ...base, endDate: addDays(last, 1) })).toMatchObject({ path: ['endDate'], message: `At most ${STATISTICS_MAX_DAYS} days at once` });
    expect(issue({ ...base, type: 'country' })?.path).toEqual(['type']);
  });

  it('date helpers count calendar days', () => {
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('2026-6-1')).toBe(false);
    expect(addDays('2026-03-28', 2)).toBe('2026-03-30');
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2);
    expect(daysBetween('2026-03-30', '2026-03-28')).toBe(-2);
  });
});

describe('statistics output', () => {
  const head = { linkId: 3, startDate: '2026-06-01', endDate: '2026-06-01' };
  it('each type has its row shape', () => {
    expect(
      StatisticsSchema.safeParse({ ...head, type: 'overview', rows: [{ date: '2026-06-01', label: '2026-06-01', pageviews: 1, visitors: null }] }).success,
    ).toBe(true);
    expect(StatisticsSchema.safeParse({ ...head, type: 'hour', rows: [{ hour: 23, pageviews: 1 }] }).success).toBe(true);
    expect(StatisticsSchema.safeParse({ ...head, type: 'city_name', rows: [{ value: null, pageviews: 1 }] }).success).toBe(true);
    expect(StatisticsSchema.safeParse({ ...head, type: 'overview', rows: [{ hour: 23, pageviews: 1 }] }).success).toBe(false);
    expect(StatisticsSchema.safeParse({ ...head, type: 'hour', rows: [{ hour: 24, pageviews: 1 }] }).success).toBe(false);
    expect(StatisticsSchema.safeParse({ ...head, type: 'city_name', rows: [{ value: 'x', pageviews: -1 }] }).success).toBe(false);
  });
});
