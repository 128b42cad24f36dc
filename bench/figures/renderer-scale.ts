// Figures 3, 4 and 5: the renderer in Chromium with 100,000 links in its real IndexedDB mirror —
// reload to first list page painted, search keystroke to updated results, JS heap after GC.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { startPreview } from '../../src-main/preview/preview-server.ts';
import { hasChromium, launchChromium } from '../../test/support/browser.ts';
import { seedMirrorLinks } from '../../test/support/mirror-seed.ts';
import { percentile, round } from '../lib/stats.ts';
import type { BenchContext, Figure, FigureResult } from '../lib/types.ts';

const QUERIES = ['bench99999', 'page/4242', 'ref=42', 'example/page/1'];
/** Typed over the sandbox's 300 links alone (aliases like `spring-12`): the screen's own cost of a keystroke. */
const FLOOR_QUERIES = ['spring-1', 'launch-2', 'offer', 'guide-1'];
const SEARCH_ROUNDS = 5;

export const rendererFigure: Figure = {
  id: 'renderer',
  title: 'Renderer at scale: first page, search, memory',
  async run(context: BenchContext): Promise<FigureResult> {
    if (!hasChromium) throw new Error('no Chromium at /usr/bin/chromium (apt-get install chromium)');
    const dataDir = await mkdtemp(path.join(tmpdir(), 'linkdock-bench-'));
    const preview = await startPreview({ rendererDir: path.resolve('out/renderer'), dataDir, sandbox: true, logError: () => undefined });
    const browser = await launchChromium();
    try {
      const page = await browser.newPage({ viewport: { width: 1360, height: 860 } });
      const total = () => page.locator('.links-page .pager-total').textContent();
      await page.goto(preview.url);
      await waitFor(async () => /of 300 links/.test((await total()) ?? ''), 30_000);
      // The floor of a reload: the same renderer, the same steps, with the sandbox's 300 links only
      // (after two reloads not counted, as the measured reloads below come after others: caches warm).
      const floor: number[] = [];
      for (let i = 0; i < (context.quick ? 1 : 7); i += 1) {
        const t0 = performance.now();
        await page.reload();
        await waitFor(async () => /of 300 links/.test((await total()) ?? ''), 30_000);
        if (context.quick || i >= 2) floor.push(performance.now() - t0);
      }
      // The floor of a keystroke: the same screen, the same typing, an index of 300 links.
      const floorKeystrokes: number[] = [];
      for (let round = 0; round < (context.quick ? 1 : SEARCH_ROUNDS); round += 1) {
        for (const query of FLOOR_QUERIES) floorKeystrokes.push(...(await typeAndTime(page, query)));
      }
      await typeAndTime(page, '');
      const current = await preview.services.router.handle('workspaces.getCurrent', {}, true);
      const workspaceId = (current as { ok: true; value: { workspaceId: string } }).value.workspaceId;
      context.log(`seeding ${context.links} links into the page's IndexedDB mirror`);
      await seedMirrorLinks(page, workspaceId, context.links);
      const expected = (context.links + 300).toLocaleString('en');
      const painted = async () => waitFor(async () => ((await total()) ?? '').includes(`of ${expected} links`), 120_000);

      let started = performance.now();
      await page.reload();
      await painted();
      const coldMs = performance.now() - started;
      // The list stores its compact index a few seconds after a full read: the reloads below start
      // from it once it is there (a fixed wait missed it on a loaded machine, and every reload then read the rows).
      await waitFor(() => hasStoredIndex(page, workspaceId), 60_000);
      const warm: number[] = [];
      for (let i = 0; i < (context.quick ? 1 : 5); i += 1) {
        started = performance.now();
        await page.reload();
        await painted();
        warm.push(performance.now() - started);
      }

      const keystrokes: number[] = [];
      // Several rounds: one round is 19 timed keystrokes, too few for a p95 (it would be the single worst one).
      for (let round = 0; round < (context.quick ? 1 : SEARCH_ROUNDS); round += 1) {
        for (const query of QUERIES) keystrokes.push(...(await typeAndTime(page, query)));
      }
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('HeapProfiler.collectGarbage');
      const heap = await page.evaluate(() => (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? 0);
      // Typed arrays' memory (the list's search structures) is counted in the heap above; said apart too.
      const usage = (await cdp.send('Runtime.getHeapUsage')) as { backingStorageSize?: number };
      const warmP50 = percentile(warm, 50);
      const floorP50 = percentile(floor, 50);
      const p95 = percentile(keystrokes, 95);
      const floorP95 = percentile(floorKeystrokes, 95);
      const heapMiB = heap / 1048576;
      return {
        id: 'renderer',
        title: this.title,
        method:
          `${context.links.toLocaleString('en')} synced links written into the mirror in Chromium's IndexedDB (plus the sandbox's 300), ` +
          'then the real renderer (npm run preview:web build) reloaded: time from reload to the list showing its total (the same with the 300 links alone, before seeding, as the floor); ' +
          `${keystrokes.length} search keystrokes (${QUERIES.length} queries typed ${context.quick ? 1 : SEARCH_ROUNDS} times, right after the reloads), each timed from the input event to the result count changing in the DOM (the same typing over the 300 links alone, before seeding, as the floor); ` +
          'used JS heap after a forced GC with the list open (performance.memory, which counts ArrayBuffer contents; those alone from CDP Runtime.getHeapUsage). Debian Chromium, headless.',
        values: {
          'first page, first read of the mirror ms': round(coldMs),
          'first page after reload (stored index) p50 ms': round(warmP50),
          'floor: first page after reload with 300 links p50 ms': round(floorP50),
          'search keystroke p50 ms': round(percentile(keystrokes, 50)),
          'search keystroke p95 ms': round(p95),
          'search keystroke max ms': round(Math.max(...keystrokes)),
          'floor: search keystroke with 300 links p50 ms': round(percentile(floorKeystrokes, 50)),
          'floor: search keystroke with 300 links p95 ms': round(floorP95),
          'JS heap after GC MiB': round(heapMiB),
          'of which ArrayBuffer contents MiB': round((usage.backingStorageSize ?? 0) / 1048576),
        },
        goal: {
          text:
            `first page after reload < 100 ms (${warmP50 < 100 ? 'met' : 'not met'}); search p95 < 4 ms (${p95 < 4 ? 'met' : 'not met'}); ` +
            `heap < 64 MiB (${heapMiB < 64 ? 'met' : 'not met'})`,
          met: warmP50 < 100 && p95 < 4 && heapMiB < 64,
        },
        notes:
          'A reload includes loading and parsing the renderer bundle and opening the database; the first read of a mirror builds the compact index that later reloads start from. ' +
          `The floor is the same reload with the sandbox's 300 links (nothing stored to decode): ${round(floorP50)} ms, so a first page under 100 ms is ` +
          `${floorP50 >= 100 ? 'out of reach here whatever the mirror holds (page load, bundle, database open and the wait for the load event)' : 'not ruled out by the page load'}. ` +
          `The search floor is the same typing over the 300 links alone (${floorKeystrokes.length} keystrokes): the list's own render and the ` +
          `browser's event and DOM work, with next to no index to search; its p95 is ${round(floorP95)} ms, so a p95 under 4 ms at ` +
          `${context.links.toLocaleString('en')} links is ${floorP95 >= 4 ? 'out of reach here whatever the search structures do' : 'not ruled out by the screen'}.`,
      };
    } finally {
      await browser.close();
      await preview.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  },
};

/** Whether the mirror's key/value table holds the list's stored index (raw IndexedDB, no app code). */
async function hasStoredIndex(page: Page, workspaceId: string): Promise<boolean> {
  return page.evaluate(async (name) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open(name);
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    try {
      const count = await new Promise<number>((resolve, reject) => {
        const request = db.transaction('syncState').objectStore('syncState').count('links:index-snapshot');
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      return count > 0;
    } finally {
      db.close();
    }
  }, `linkdock-mirror-${workspaceId}`);
}

async function waitFor(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!(await check())) {
    if (performance.now() > deadline) throw new Error('timed out waiting for the list');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Types `query` one character at a time; ms from each input event to the list changing on screen. */
async function typeAndTime(page: Page, query: string): Promise<number[]> {
  return page.evaluate(async (text) => {
    const input = document.getElementById('list-search') as HTMLInputElement;
    // The page, not the pager: an empty result has no pager to observe.
    const total = document.querySelector('.links-page') as HTMLElement;
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    const times: number[] = [];
    setValue.call(input, '');
    input.dispatchEvent(new Event('input', { bubbles: true }));
    await new Promise((resolve) => setTimeout(resolve, 300));
    let typed = '';
    for (const ch of text) {
      typed += ch;
      await new Promise((resolve) => setTimeout(resolve, 50));
      const t0 = performance.now();
      const changed = new Promise<number>((resolve) => {
        const observer = new MutationObserver(() => {
          observer.disconnect();
          resolve(performance.now() - t0);
        });
        observer.observe(total, { childList: true, characterData: true, subtree: true });
      });
      setValue.call(input, typed);
      input.dispatchEvent(new Event('input', { bubbles: true }));
      // A keystroke that leaves the count as it was changes nothing to observe.
      const ms = await Promise.race([changed, new Promise<number>((resolve) => setTimeout(() => resolve(-1), 1000))]);
      if (ms >= 0) times.push(ms);
    }
    return times;
  }, query);
}
