// Time to paint a link's analytics from the mirror: the real renderer in Chromium with the
// sandbox's demo data (and, at scale, 100,000 more links in the mirror), the link's statistics
// cached once online, then the service stopped and the window reloaded: from the click on the
// link in the overview to its chart and breakdowns painted.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { startPreview } from '../../src-main/preview/preview-server.ts';
import { hasChromium, launchChromium } from '../../test/support/browser.ts';
import { seedMirrorLinks } from '../../test/support/mirror-seed.ts';
import { percentile, round } from '../lib/stats.ts';
import type { BenchContext, Figure, FigureResult } from '../lib/types.ts';

export const analyticsPaintFigure: Figure = {
  id: 'analytics-paint',
  title: 'Analytics painted from the mirror',
  async run(context: BenchContext): Promise<FigureResult> {
    if (!hasChromium) throw new Error('no Chromium at /usr/bin/chromium (apt-get install chromium)');
    const dataDir = await mkdtemp(path.join(tmpdir(), 'linkdock-bench-'));
    const preview = await startPreview({ rendererDir: path.resolve('out/renderer'), dataDir, sandbox: true, logError: () => undefined });
    const browser = await launchChromium();
    try {
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      await page.goto(preview.url);
      await page.getByText(/Last synced: (?!never|…)/).waitFor({ timeout: 60_000 });
      const current = await preview.services.router.handle('workspaces.getCurrent', {}, true);
      const workspaceId = (current as { ok: true; value: { workspaceId: string } }).value.workspaceId;
      context.log(`seeding ${context.links} more links into the page's IndexedDB mirror`);
      await seedMirrorLinks(page, workspaceId, context.links);
      await page.reload();
      await page.getByText(/Last synced: (?!never|…)/).waitFor({ timeout: 120_000 });

      // Online once: the most-clicked link's analytics fetched into the mirror.
      await openOverview(page);
      const link = page.getByRole('button', { name: /^Analytics of / }).first();
      const name = (await link.getAttribute('aria-label'))!;
      await link.click();
      await page
        .getByRole('main')
        .getByRole('status')
        .filter({ hasText: /^Cached just now\.$/ })
        .waitFor({ timeout: 60_000 });

      // Offline: nothing but the mirror can paint it.
      await preview.sandbox!.close();
      await page.reload();
      await openOverview(page);
      const times: number[] = [];
      for (let round = 0; round < (context.quick ? 3 : 10); round++) {
        times.push(await timePaint(page, name));
        await page.getByRole('button', { name: 'All links', exact: true }).click();
        await page.getByRole('button', { name }).waitFor();
      }
      const p50 = percentile(times, 50);
      return {
        id: 'analytics-paint',
        title: this.title,
        method:
          `The sandbox's demo workspace with ${context.links.toLocaleString('en')} more links written into the mirror (Chromium's IndexedDB); the most-clicked ` +
          'link’s analytics (30 days: a year of days and 11 breakdowns) fetched once online; then the sandbox stopped and the page reloaded. ' +
          `${times.length} times: from the click on the link in the workspace overview to its chart and breakdowns painted (two animation frames after they are in the DOM). Debian Chromium, headless.`,
        values: { 'link analytics painted p50 ms': round(p50), 'max ms': round(Math.max(...times)), rounds: times.length },
      };
    } finally {
      await browser.close();
      await preview.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  },
};

async function openOverview(page: Page): Promise<void> {
  const nav = page.getByRole('navigation', { name: 'Linkdock' });
  await nav.getByRole('button', { name: 'Analytics', exact: true }).click();
  await page
    .getByRole('button', { name: /^Analytics of / })
    .first()
    .waitFor({ timeout: 60_000 });
}

/** Clicks the link in the overview; ms until its analytics (chart and breakdowns) are painted. */
function timePaint(page: Page, name: string): Promise<number> {
  return page.evaluate(async (label) => {
    const button = [...document.querySelectorAll('button')].find((b) => b.getAttribute('aria-label') === label)!;
    const painted = () =>
      document.querySelector('.analytics-page[aria-busy="false"] .analytics-daily canvas') !== null &&
      document.querySelectorAll('ol[aria-label="Countries"] li').length > 0 &&
      document.querySelector('.analytics-page')?.textContent?.includes('Loading') === false;
    const t0 = performance.now();
    button.click();
    await new Promise<void>((resolve) => {
      const observer = new MutationObserver(() => {
        if (!painted()) return;
        observer.disconnect();
        resolve();
      });
      observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    });
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    return performance.now() - t0;
  }, name);
}
