// Figure: bulk create of 1,000 links through the service's bulk mode (#19 item 9), against the
// sandbox at the real 60 requests a minute, counted on the wire: the create requests, and what
// the sync cycle adds to learn the aliases the service picked.
import { WireCounter } from '../../test/support/request-economy.ts';
import { newIndexedDb, openSync, serverTruth, startSyncStack } from '../../test/support/sync-harness.ts';
import { linkRows } from '../../src-renderer/sync/mirror/link-rows.ts';
import { round } from '../lib/stats.ts';
import type { BenchContext, Figure, FigureResult } from '../lib/types.ts';

const LINKS = 1000;
const RATE_LIMIT = 60;

export const bulkFigure: Figure = {
  id: 'bulk',
  title: 'Bulk create: 1,000 links in the service’s bulk mode',
  countsOnly: true,
  async run(context: BenchContext): Promise<FigureResult> {
    const wire = new WireCounter();
    const stack = await startSyncStack({ rateLimit: RATE_LIMIT, interceptor: wire.interceptor() });
    try {
      const ws = await openSync(stack, newIndexedDb(), { autoStart: false });
      try {
        await ws.syncNow();
        const before = { ...wire.requests };
        const urls = Array.from({ length: LINKS }, (_, i) => `https://example.com/bulk/${i}`);
        context.log(`queueing ${LINKS} links without aliases (shared UTM source), then one sync`);
        const started = performance.now();
        const { rowIds, opIds } = await ws.createBulkLinks(urls, { utm_source: 'bench' });
        const queueMs = performance.now() - started;
        await ws.syncNow();
        const syncMs = performance.now() - started;
        const creates = wire.requests.create - before.create;
        const total = Object.entries(wire.requests).reduce((sum, [kind, n]) => sum + n - before[kind as keyof typeof before], 0);
        const rows = await linkRows(ws.db).bulkGet(rowIds);
        const mapped = rows.filter((row) => row?.serverId != null && row.base !== null && !row.baseIsProvisional && (row.base as { url: string }).url !== '');
        const made = (await serverTruth(stack.direct)).links.filter((link) => link.location_url.startsWith('https://example.com/bulk/')).length;
        if (mapped.length !== LINKS || made !== LINKS)
          throw new Error(`${mapped.length} rows mapped with their alias, ${made} links on the service; expected ${LINKS}`);
        return {
          id: 'bulk',
          title: this.title,
          method:
            `${LINKS} destinations queued as a bulk create (Bulk create dialog, no aliases) in a fake-indexeddb mirror in Node, then one sync through the ` +
            `real contract, call router, request budget and service client to the sandbox at --rate-limit ${RATE_LIMIT}. Requests counted on the wire.`,
          values: {
            links: LINKS,
            'outbox operations': opIds.length,
            'requests for 1,000 links': creates,
            'requests of the sync (create + listing for the aliases)': total,
            'queue ms': round(queueMs),
            'sync ms (until every row shows its alias)': round(syncMs),
            'requests one per link (before)': LINKS,
            'minutes one per link at 60/min (before)': round(LINKS / RATE_LIMIT),
          },
          goal: { text: 'bulk create of 1,000 links in ≤ 2 requests', met: creates <= 2 },
        };
      } finally {
        ws.close();
      }
    } finally {
      await stack.close();
    }
  },
};
