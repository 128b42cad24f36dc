// Figure 6: flushing 1,000 queued edits to the sandbox (no rate limit): time and requests, with
// the request minimum DESIGN.md sets (K writes plus min(K reads, one fresh pull)).
import { newIndexedDb, openSync, startSyncStack } from '../../test/support/sync-harness.ts';
import { linkRows } from '../../src-renderer/sync/mirror/link-rows.ts';
import { round } from '../lib/stats.ts';
import type { BenchContext, Figure, FigureResult } from '../lib/types.ts';

export const outboxFigure: Figure = {
  id: 'outbox',
  title: 'Outbox flush: queued edits to the sandbox',
  async run(context: BenchContext): Promise<FigureResult> {
    const edits = context.quick ? 100 : 1000;
    const stack = await startSyncStack();
    try {
      const lines = Array.from({ length: edits }, (_, i) => `https://example.com/before/${i}`).join('\n');
      await stack.direct.resource('links').create({ is_bulk: true, location_urls: lines });
      const ws = await openSync(stack, newIndexedDb());
      try {
        await ws.syncNow();
        const rows = await linkRows(ws.db).toArray();
        if (rows.length !== edits) throw new Error(`expected ${edits} mirrored links, found ${rows.length}`);
        ws.engine.counter.reset();
        context.log(`queueing ${edits} edits offline-style, then one sync`);
        const queuedAt = performance.now();
        for (const [i, row] of rows.entries()) await ws.links.update(row.clientId as string, { location_url: `https://example.com/after/${i}` });
        const queueMs = performance.now() - queuedAt;
        const started = performance.now();
        await ws.syncNow();
        await ws.engine.idle();
        const flushMs = performance.now() - started;
        const status = ws.store.getState();
        if (status.pendingCount !== 0) throw new Error(`${status.pendingCount} edits still pending after the flush`);
        const counts = ws.engine.counter.snapshot();
        const total = ws.engine.counter.total();
        const pulls = 3; // one listing page per resource (≤ 1,000 rows each)
        const minimum = edits + Math.min(edits, pulls);
        const truth = await stack.direct.resource('links').list({ resultsPerPage: 1000 });
        const applied = truth.data.filter((link) => link.location_url.includes('/after/')).length;
        return {
          id: 'outbox',
          title: this.title,
          method:
            `${edits} links pulled into a fake-indexeddb mirror in Node, each updated once (row + outbox op per edit), then one sync ` +
            'through the real contract, call router and service client to an in-memory sandbox (no rate limit). Requests counted by the engine.',
          values: {
            edits,
            'queue ms (all edits)': round(queueMs),
            'flush ms': round(flushMs),
            'edits/s': Math.round(edits / (flushMs / 1000)),
            'requests total': total,
            ...Object.fromEntries(Object.entries(counts).map(([kind, n]) => [`requests ${kind}`, n])),
            'request minimum': minimum,
            'applied on the service': applied,
          },
          goal: { text: `requests ≤ K writes + min(K reads, one pull) = ${minimum}`, met: total <= minimum },
        };
      } finally {
        ws.close();
      }
    } finally {
      await stack.close();
    }
  },
};
