// Reading statistics answers: the variations real deployments send (numbers as strings, rows keyed
// by index, no visitors, extra fields, date-times or other labels, days left out, older value
// names), and what an answer means (a missing call is `not-available`, a missing link `not-found`).
import { describe, expect, it } from 'vitest';
import { CallError, StatisticsSchema } from '../../../src-preload/contract/index.ts';
import { normaliseStatistics, type StatisticsRequest } from '../../../src-main/service/normalise-statistics.ts';
import { readStatisticsAnswer, statisticsPath, type StatisticsContext } from '../../../src-main/service/statistics-answer.ts';
import type { Exchange } from '../../../src-main/service/answer-errors.ts';
import { serviceError } from '../../../src-main/service/errors.ts';
import { parseBody } from '../../../src-main/service/normalise.ts';

const week: StatisticsRequest = { linkId: 5, startDate: '2026-06-01', endDate: '2026-06-07', type: 'overview' };

function refused(run: () => unknown): CallError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(CallError);
    return error as CallError;
  }
  throw new Error('expected a CallError');
}

describe('normaliseStatistics: overview', () => {
  it('reads strings as numbers and answers every day of the range, days without clicks as 0', () => {
    const result = normaliseStatistics(
      {
        data: [
          { pageviews: '3', visitors: '2', formatted_date: '2026-06-02' },
          { pageviews: 5, visitors: 4, formatted_date: '2026-06-05', extra: 'kept out' },
        ],
      },
      week,
    );
    expect(StatisticsSchema.parse(result)).toEqual(result);
    expect(result).toEqual({
      linkId: 5,
      startDate: '2026-06-01',
      endDate: '2026-06-07',
      type: 'overview',
      rows: [
        { date: '2026-06-01', label: '2026-06-01', pageviews: 0, visitors: 0 },
        { date: '2026-06-02', label: '2026-06-02', pageviews: 3, visitors: 2 },
        { date: '2026-06-03', label: '2026-06-03', pageviews: 0, visitors: 0 },
        { date: '2026-06-04', label: '2026-06-04', pageviews: 0, visitors: 0 },
        { date: '2026-06-05', label: '2026-06-05', pageviews: 5, visitors: 4 },
        { date: '2026-06-06', label: '2026-06-06', pageviews: 0, visitors: 0 },
        { date: '2026-06-07', label: '2026-06-07', pageviews: 0, visitors: 0 },
      ],
    });
  });

  it('an empty answer is a range of zero days', () => {
    const rows = normaliseStatistics({ data: [] }, { ...week, endDate: '2026-06-02' }).rows;
    expect(rows).toEqual([
      { date: '2026-06-01', label: '2026-06-01', pageviews: 0, visitors: 0 },
      { date: '2026-06-02', label: '2026-06-02', pageviews: 0, visitors: 0 },
    ]);
  });

  it('without visitors, visitors are unknown (null), on added days too', () => {
    const rows = normaliseStatistics([{ pageviews: '1', formatted_date: '2026-06-01' }], { ...week, endDate: '2026-06-02' }).rows;
    expect(rows).toEqual([
      { date: '2026-06-01', label: '2026-06-01', pageviews: 1, visitors: null },
      { date: '2026-06-02', label: '2026-06-02', pageviews: 0, visitors: null },
    ]);
  });

  it('takes rows keyed by index, date-time labels, the same day twice, and days outside the range', () => {
    const rows = normaliseStatistics(
      {
        data: {
          '0': { pageviews: '2', visitors: '1', formatted_date: '2026-06-01 00:00:00' },
          '3': { pageviews: '1', visitors: '1', formatted_date: '2026-06-01' },
          '4': { pageviews: '7', visitors: '7', formatted_date: '2026-05-31' },
        },
      },
      { ...week, endDate: '2026-06-01' },
    ).rows;
    expect(rows).toEqual([
      { date: '2026-05-31', label: '2026-05-31', pageviews: 7, visitors: 7 },
      { date: '2026-06-01', label: '2026-06-01', pageviews: 3, visitors: 2 },
    ]);
  });

  it('keeps rows as sent, with their labels, when a label is not a day', () => {
    const rows = normaliseStatistics(
      {
        data: [
          { pageviews: '4', visitors: '3', formatted_date: 'Jun 2026' },
          { pageviews: '1', visitors: '1', formatted_date: '2026-06-03' },
        ],
      },
      week,
    ).rows;
    expect(rows).toEqual([
      { date: null, label: 'Jun 2026', pageviews: 4, visitors: 3 },
      { date: '2026-06-03', label: '2026-06-03', pageviews: 1, visitors: 1 },
    ]);
  });

  it('refuses what cannot be statistics as bad-response, naming the row', () => {
    for (const [raw, said] of [
      [{ data: 'nope' }, /no rows/],
      [{ data: [42] }, /row 0 is not an object/],
      [{ data: [{ formatted_date: '2026-06-01' }] }, /row 0 has no usable pageviews \(missing\)/],
      [{ data: [{ pageviews: '-1', formatted_date: '2026-06-01' }] }, /pageviews/],
      [{ data: [{ pageviews: 'many', formatted_date: '2026-06-01' }] }, /pageviews \("many"\)/],
      [{ data: [{ pageviews: 1 }] }, /no formatted_date/],
      [{ errors: [] }, /no rows/],
    ] as const) {
      const error = refused(() => normaliseStatistics(raw, week));
      expect(error.kind).toBe('bad-response');
      expect(error.message).toMatch(said);
    }
  });
});

describe('normaliseStatistics: dimensions and hours', () => {
  it('reads values under the type, numbers as text, "" and null as one unknown, most clicks first', () => {
    const result = normaliseStatistics(
      {
        data: [
          { referrer_host: 't.co', pageviews: '2' },
          { referrer_host: '', pageviews: '1' },
          { referrer_host: null, pageviews: '2' },
          { referrer_host: 'www.google.com', pageviews: '5', visitors: '4' },
          { referrer_host: 'a.example', pageviews: '2' },
        ],
      },
      { ...week, type: 'referrer_host' },
    );
    expect(result).toMatchObject({ type: 'referrer_host' });
    expect(result.rows).toEqual([
      { value: 'www.google.com', pageviews: 5 },
      { value: null, pageviews: 3 },
      { value: 'a.example', pageviews: 2 },
      { value: 't.co', pageviews: 2 },
    ]);
    expect(normaliseStatistics({ data: [{ utm_campaign: 2026, pageviews: 1 }] }, { ...week, type: 'utm_campaign' }).rows).toEqual([
      { value: '2026', pageviews: 1 },
    ]);
  });

  it('takes the one other key of a row when the type is not there (older releases name it country, os …)', () => {
    const rows = normaliseStatistics({ data: [{ country: 'DE', pageviews: '3' }, { pageviews: '1' }] }, { ...week, type: 'country_code' }).rows;
    expect(rows).toEqual([
      { value: 'DE', pageviews: 3 },
      { value: null, pageviews: 1 },
    ]);
    expect(refused(() => normaliseStatistics({ data: [{ country_code: { a: 1 }, pageviews: 1 }] }, { ...week, type: 'country_code' })).kind).toBe(
      'bad-response',
    );
  });

  it('reads hours as numbers, digit strings, "14:00" or "2 PM", and refuses others', () => {
    const rows = normaliseStatistics(
      {
        data: [
          { hour: '14', pageviews: '3' },
          { hour: 9, pageviews: 3 },
          { hour: '2 PM', pageviews: '1' },
          { hour: '12 AM', pageviews: '2' },
          { hour: '07:00', pageviews: '1' },
        ],
      },
      { ...week, type: 'hour' },
    ).rows;
    expect(rows).toEqual([
      { hour: 14, pageviews: 4 },
      { hour: 9, pageviews: 3 },
      { hour: 0, pageviews: 2 },
      { hour: 7, pageviews: 1 },
    ]);
    for (const hour of ['24', 'noon', null, '13 PM', -1]) {
      expect(refused(() => normaliseStatistics({ data: [{ hour, pageviews: 1 }] }, { ...week, type: 'hour' })).kind, String(hour)).toBe('bad-response');
    }
  });
});

describe('statisticsPath', () => {
  it('asks for the range and type, and refuses what the contract refuses before any request', () => {
    expect(statisticsPath(5, { startDate: '2026-06-01', endDate: '2026-06-07', type: 'city_name' })).toBe(
      'api/statistics/5?start_date=2026-06-01&end_date=2026-06-07&type=city_name',
    );
    for (const query of [
      { startDate: '2026-02-30', endDate: '2026-03-01', type: 'overview' },
      { startDate: '2026-06-02', endDate: '2026-06-01', type: 'overview' },
      { startDate: '2026-06-01', endDate: '2026-06-01', type: 'clicks' },
    ]) {
      expect(refused(() => statisticsPath(5, query as never)).kind).toBe('invalid-input');
    }
  });
});

describe('readStatisticsAnswer: what an answer means', () => {
  const answer = (status: number, text: string): Exchange => ({ status, headers: {}, body: parseBody(text) });
  /** The link read answers `linkStatus`; other failures become a named error. */
  const context = (linkStatus: number) => {
    const reads: number[] = [];
    const ctx: StatisticsContext = {
      readLink: async () => {
        reads.push(linkStatus);
        return answer(linkStatus, linkStatus === 404 ? '{"errors":[{"title":"Link not found","status":404}]}' : '{"data":{}}');
      },
      failure: async (kind, failed) =>
        serviceError(failed.status === 404 ? 'not-found' : 'server', `${kind} failed with ${failed.status}`, { status: failed.status }),
    };
    return { ctx, reads };
  };
  const outcome = async (exchange: Exchange, linkStatus = 200) => {
    const { ctx, reads } = context(linkStatus);
    const error = await readStatisticsAnswer(exchange, week, ctx).then(
      () => null,
      (e: unknown) => e as CallError,
    );
    return { kind: error?.kind, message: error?.message, reads: reads.length };
  };

  it('a web page is no statistics call here, whatever its status below 500, without another request', async () => {
    for (const status of [200, 403, 404]) {
      expect(await outcome(answer(status, '<!DOCTYPE html><html><body>Not found</body></html>'))).toEqual({
        kind: 'not-available',
        message: 'Statistics are not available on this service.',
        reads: 0,
      });
    }
    // A server error page is server trouble, as for any call.
    expect((await outcome(answer(500, '<html>Fatal error</html>'))).kind).toBe('server');
  });

  it('a JSON 404 or a redirect is settled by reading the link: there → not-available; gone → not-found', async () => {
    const missingRoute = answer(404, '{"errors":[{"title":"No such route.","status":"404"}]}');
    expect(await outcome(missingRoute, 200)).toMatchObject({ kind: 'not-available', reads: 1 });
    expect(await outcome(missingRoute, 404)).toMatchObject({ kind: 'not-found', message: 'read failed with 404', reads: 1 });
    expect(await outcome(answer(302, ''), 200)).toMatchObject({ kind: 'not-available', reads: 1 });
  });

  it('other failures are the service error of the answer; an empty 200 is a bad response', async () => {
    expect(await outcome(answer(400, '{"errors":[{"title":"bad date","status":400}]}'))).toMatchObject({
      kind: 'server',
      message: 'statistics failed with 400',
      reads: 0,
    });
    expect(await outcome(answer(200, ''))).toMatchObject({ kind: 'bad-response', reads: 0 });
    expect(await outcome(answer(200, '{"data":[]}'))).toEqual({ kind: undefined, message: undefined, reads: 0 });
  });
});
