// A hostile service's statistics against main's real statistics path (issue #36 item 7): a service
// on 127.0.0.1 answering `GET /api/statistics/{id}` with 200,000 rows. What main accepts is bounded
// (the contract's STATISTICS_ACCEPTED_ROWS for a breakdown, _DAYS for an overview), the rest is
// counted in `dropped` for the screen to say so; read by the service client and by `statistics.get`
// through main's router, as the window asks.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServiceClient } from '../../../src-main/service/index.ts';
import { STATISTICS_ACCEPTED_DAYS, STATISTICS_ACCEPTED_ROWS, StatisticsSchema, type StatisticsQuery } from '../../../src-preload/contract/index.ts';
import { createContractApi } from '../../../src-renderer/contract/contract-client.ts';
import { createEventHub, routerBridge } from '../../support/sync-harness.ts';
import { testMainServices } from '../../support/main-services.ts';
import { withTempDir } from '../../support/temp-dir.ts';

const KEY = 'hostile-statistics-key';
const ROWS = 200_000;

/** 200,000 rows of the type asked for: distinct values, or days from year 1000 on (outside any range), or hours. */
function hostileRows(type: string): unknown[] {
  if (type === 'overview')
    return Array.from({ length: ROWS }, (_, i) => ({ formatted_date: new Date(Date.UTC(1000, 0, 1 + i)).toISOString().slice(0, 10), pageviews: 1 }));
  if (type === 'hour') return Array.from({ length: ROWS }, (_, i) => ({ hour: i % 24, pageviews: 1 }));
  return Array.from({ length: ROWS }, (_, i) => ({ [type]: `value-${i}`, pageviews: ROWS - i }));
}

let server: Server;
let url: string;
beforeAll(async () => {
  server = createServer((req, res) => {
    const address = new URL(req.url ?? '/', 'http://x');
    res.writeHead(/^\/api\/statistics\/\d+$/.test(address.pathname) ? 200 : 404, { 'content-type': 'application/json' });
    // Half of the answers as a PHP array with gaps (an object keyed by index): bounded the same.
    const rows = hostileRows(address.searchParams.get('type') ?? 'overview');
    res.end(
      JSON.stringify({ data: address.searchParams.get('type') === 'country_code' ? Object.fromEntries(rows.map((row, i) => [String(i * 2), row])) : rows }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const june = (type: StatisticsQuery['type']): StatisticsQuery => ({ startDate: '2026-06-01', endDate: '2026-06-30', type });

describe('200,000 statistics rows from a hostile service', () => {
  it('the service client keeps the first rows it sent, up to the bound, and counts the rest', async () => {
    const client = new ServiceClient({ baseUrl: url, apiKey: KEY });
    for (const type of ['referrer_host', 'country_code', 'utm_source'] as const) {
      const answer = await client.statistics(7, june(type));
      expect(answer.rows).toHaveLength(STATISTICS_ACCEPTED_ROWS);
      expect(answer.dropped).toBe(ROWS - STATISTICS_ACCEPTED_ROWS);
      expect(answer.type !== 'overview' && answer.type !== 'hour' && answer.rows[0]).toEqual({ value: 'value-0', pageviews: ROWS });
      expect(StatisticsSchema.parse(answer)).toEqual(answer);
    }
    const hours = await client.statistics(7, june('hour'));
    expect(hours.rows).toHaveLength(24);
    expect(hours.dropped).toBe(ROWS - STATISTICS_ACCEPTED_ROWS);
    // An overview: the first days sent (outside the range, kept) and every day of the range.
    const overview = await client.statistics(7, june('overview'));
    expect(overview.rows).toHaveLength(STATISTICS_ACCEPTED_DAYS + 30);
    expect(overview.dropped).toBe(ROWS - STATISTICS_ACCEPTED_DAYS);
  });

  it('statistics.get through main’s router answers the bounded rows', async () => {
    const temp = await withTempDir();
    const agent = new Agent();
    const hub = createEventHub();
    try {
      const services = await testMainServices(temp.dir, {
        emit: (event, payload) => hub.emit(event, payload),
        dispatcher: agent,
      });
      const api = createContractApi(routerBridge(services, hub));
      const { id: workspaceId } = await api.call('workspaces.add', { name: 'Hostile', baseUrl: url, apiKey: KEY });
      const answer = await api.call('statistics.get', { workspaceId, linkId: 7, ...june('city_name') });
      expect(answer.rows).toHaveLength(STATISTICS_ACCEPTED_ROWS);
      expect(answer.dropped).toBe(ROWS - STATISTICS_ACCEPTED_ROWS);
    } finally {
      await agent.close();
      await temp.cleanup();
    }
  });
});
