// Figure 1: a full pull of many links into Chromium's real IndexedDB, through the real renderer,
// contract (preview WebSocket), call router and service client, against the same pages fetched
// and JSON-parsed in Node with nothing stored (the raw baseline), at the engine's concurrency.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { request } from 'undici';
import { startPreview } from '../../src-main/preview/preview-server.ts';
import { mirrorDbName } from '../../src-renderer/sync/mirror/db.ts';
import { hasChromium, launchChromium } from '../../test/support/browser.ts';
import { startChild } from '../lib/child.ts';
import { round } from '../lib/stats.ts';
import type { BenchContext, Figure, FigureResult } from '../lib/types.ts';
import { seedLinks } from './sandbox.ts';

const KEY = 'bench-key';
const CONCURRENCY = 4; // the engine's page concurrency

export const syncFigure: Figure = {
  id: 'sync',
  title: 'Sync throughput: full pull into IndexedDB vs raw fetch',
  async run(context: BenchContext): Promise<FigureResult> {
    if (!hasChromium) throw new Error('no Chromium at /usr/bin/chromium (apt-get install chromium)');
    const sandbox = await startChild(['scripts/sandbox.ts', '--port', '0', '--key', KEY, '--data', ':memory:'], /Sandbox listening on (http:\S+)/);
    const dataDir = await mkdtemp(path.join(tmpdir(), 'linkdock-bench-'));
    const preview = await startPreview({ rendererDir: path.resolve('out/renderer'), dataDir, logError: () => undefined });
    const browser = await launchChromium();
    try {
      const base = `${sandbox.match[1]}/`;
      context.log(`seeding ${context.links} links`);
      await seedLinks(base, context.links);
      const pages = Math.ceil(context.links / 1000);

      const rawMs = await rawListing(base, pages);
      const workspace = await preview.services.workspaces.add({ name: 'Bench', baseUrl: base, apiKey: KEY });
      await preview.services.store.setCurrent(workspace.id);

      const page = await browser.newPage({ viewport: { width: 1360, height: 860 } });
      const expected = `of ${context.links.toLocaleString('en')} links`;
      const started = performance.now();
      await page.goto(preview.url);
      const deadline = started + 600_000;
      while (
        !(
          (await page
            .locator('.links-page .pager-total')
            .textContent()
            .catch(() => '')) ?? ''
        ).includes(expected)
      ) {
        if (performance.now() > deadline) throw new Error('the pull did not finish in 10 minutes');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const syncMs = performance.now() - started;
      // The pull's click samples become rows just after its commit (click journal): the figure
      // also says when the whole pull, click history included, is in the mirror.
      const countSamples = () =>
        page.evaluate(
          (name) =>
            new Promise<number>((resolve, reject) => {
              const open = indexedDB.open(name);
              open.onerror = () => reject(open.error);
              open.onsuccess = () => {
                const db = open.result;
                const count = db.transaction('clickSamples').objectStore('clickSamples').count();
                count.onsuccess = () => {
                  db.close();
                  resolve(count.result);
                };
              };
            }),
          mirrorDbName(workspace.id),
        );
      while ((await countSamples()) < context.links) {
        if (performance.now() > deadline) throw new Error('the click samples were not written in 10 minutes');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const completeMs = performance.now() - started;
      const floorMs = await storeFloor(page, mirrorDbName(workspace.id), context.links);
      const ratio = syncMs / rawMs;
      return {
        id: 'sync',
        title: this.title,
        method:
          `${context.links.toLocaleString('en')} links in a sandbox (own process, no rate limit). Sync: from opening the renderer (web preview, ` +
          `Chromium) on an empty mirror until the links list shows all of them — ${pages} list requests at 1,000 per page through the contract ` +
          `WebSocket, main's service client and the engine's pull into IndexedDB. Raw: the same ${pages} pages fetched with undici in Node ` +
          `and JSON-parsed, ${CONCURRENCY} at a time, nothing stored.`,
        values: {
          links: context.links,
          'sync ms (list shows all)': round(syncMs),
          'raw fetch+parse ms': round(rawMs),
          'ratio sync/raw': round(ratio, 2),
          'pull complete, click history included, ms': round(completeMs),
          'ratio complete/raw': round(completeMs / rawMs, 2),
          'floor: storing as many link rows in one IndexedDB transaction, ms': round(floorMs),
          'ratio floor/raw': round(floorMs / rawMs, 2),
        },
        goal: { text: 'sync time ≤ 1.5× raw', met: ratio <= 1.5 },
        notes:
          'The sync time includes loading the renderer page and painting the list. The floor is raw IndexedDB in the same Chromium, ' +
          'nothing else running: as many copies of a mirrored link row (same shape, same indexes) put in one transaction. When the floor alone ' +
          'is above 1.5× raw, the goal cannot be met with one record per link.',
      };
    } finally {
      await browser.close();
      await preview.close();
      await sandbox.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  },
};

async function rawListing(base: string, pages: number): Promise<number> {
  const started = performance.now();
  let next = 1;
  const worker = async () => {
    while (next <= pages) {
      const page = next++;
      const response = await request(`${base}api/links/?page=${page}&results_per_page=1000`, { headers: { authorization: `Bearer ${KEY}` } });
      const body = (await response.body.json()) as { data: unknown[] };
      if (!Array.isArray(body.data)) throw new Error('raw listing: no data');
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return performance.now() - started;
}

/**
 * The cost of storing `count` mirrored link rows with nothing else going on: copies of a row the
 * pull wrote, put into a scratch database with the links table's key and index, one transaction.
 */
async function storeFloor(page: Page, mirrorName: string, count: number): Promise<number> {
  return page.evaluate(
    async ({ mirrorName, count }) => {
      const request = <T>(r: IDBRequest<T>) =>
        new Promise<T>((resolve, reject) => ((r.onsuccess = () => resolve(r.result)), (r.onerror = () => reject(r.error))));
      const mirror = await request(indexedDB.open(mirrorName));
      const sample = (await request(mirror.transaction('links').objectStore('links').openCursor()))!.value as { clientId: string; serverId: number };
      mirror.close();
      const rows = Array.from({ length: count }, (_, i) => ({ ...structuredClone(sample), clientId: crypto.randomUUID(), serverId: i + 1 }));
      const opening = indexedDB.open('bench-store-floor', 1);
      opening.onupgradeneeded = () => opening.result.createObjectStore('links', { keyPath: 'clientId' }).createIndex('serverId', 'serverId');
      const scratch = await request(opening);
      const started = performance.now();
      const tx = scratch.transaction('links', 'readwrite');
      const store = tx.objectStore('links');
      for (const row of rows) store.put(row);
      await new Promise<void>((resolve, reject) => ((tx.oncomplete = () => resolve()), (tx.onerror = () => reject(tx.error))));
      const ms = performance.now() - started;
      scratch.close();
      await request(indexedDB.deleteDatabase('bench-store-floor'));
      return ms;
    },
    { mirrorName, count },
  );
}
