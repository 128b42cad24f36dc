// Click analytics end to end: the production renderer in Chromium over the sandbox's demo data. A
// new user opens a demo link's analytics from its detail and sees 100 days of clicks per day and
// every breakdown; switches the period; the service goes away, the window reloads, and the same
// figures are there, from the mirror, saying they are cached.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Link } from '../../src-preload/contract/index.ts';
import { hasChromium } from '../support/browser.ts';
import { navTo, openSandboxApp, overflowProblems, shoot, type SandboxApp } from './screens-support.ts';

const BREAKDOWNS = ['Referrers', 'Countries', 'Cities', 'Browsers', 'Operating systems', 'Devices', 'Languages', 'UTM source', 'UTM medium', 'UTM campaign'];

/** What the link's analytics shows: the totals, the chart's figures in words, every breakdown's bars. */
async function figures(page: Page): Promise<string[]> {
  const main = page.getByRole('main');
  const out = [
    (await main.locator('.analytics-totals').textContent()) ?? '',
    (await main.locator('.analytics-daily figcaption').textContent()) ?? '',
    (await main.getByRole('list', { name: 'Clicks by hour of day' }).textContent()) ?? '',
  ];
  for (const name of BREAKDOWNS) out.push(`${name}: ${(await main.getByRole('region', { name }).textContent()) ?? ''}`);
  return out;
}

/** Waits until the view shows its period from the cache, every breakdown included, and nothing is on its way. */
async function settled(page: Page, status: RegExp): Promise<void> {
  const main = page.getByRole('main');
  await main.getByRole('status').filter({ hasText: status }).waitFor({ timeout: 30_000 });
  for (const name of BREAKDOWNS)
    await expect
      .poll(
        () =>
          main
            .getByRole('region', { name })
            .getByText(/Loading|Not cached/)
            .count(),
        { timeout: 30_000 },
      )
      .toBe(0);
  await main.locator('.analytics-daily canvas').first().waitFor();
}

async function openLinkAnalytics(page: Page, alias: string): Promise<void> {
  await navTo(page, 'Links');
  await page.getByLabel('Search').fill(alias);
  await page.getByRole('button', { name: new RegExp(`/${alias}$`) }).click();
  const dialog = page.getByRole('dialog', { name: `Link ${alias}` });
  await dialog.getByRole('button', { name: 'Analytics' }).click();
  await page.getByRole('heading', { level: 1, name: `Analytics: ${alias}` }).waitFor();
}

describe.skipIf(!hasChromium)('analytics (web preview over the sandbox)', () => {
  let app: SandboxApp;
  beforeAll(async () => {
    app = await openSandboxApp();
  }, 120_000);
  afterAll(() => app?.close());

  it('shows a demo link’s 100 days of clicks and its breakdowns, and the same figures offline after a reload', { timeout: 180_000 }, async () => {
    const { page } = app;
    // The oldest demo links were made 99 or 100 days ago: the one of them with the most clicks.
    const links = (await app.direct.resource('links').list({ resultsPerPage: 1000 })).data as Link[];
    const link = links.filter((l) => l.datetime <= '2025-10-08 23:59:59').sort((a, b) => b.clicks - a.clicks)[0]!;
    expect(link.clicks).toBeGreaterThan(50);

    await openLinkAnalytics(page, link.url);
    await settled(page, /^Cached just now\.$/);
    const main = page.getByRole('main');
    await main.getByRole('radio', { name: '12 months' }).check({ force: true });
    await settled(page, /^Cached just now\.$/);
    // Every click of the link, on days from about 100 days ago on.
    const year = /: ([\d,]+) in all, on (\d+) days from (\d+ \w+ \d{4});/.exec((await main.locator('.analytics-daily figcaption').textContent()) ?? '');
    expect(year?.[1]).toBe(link.clicks.toLocaleString('en'));
    expect(Date.parse(`${year![3]} UTC`)).toBeLessThanOrEqual(Date.parse('2025-10-10T00:00:00Z'));
    expect(await main.getByRole('list', { name: 'Countries' }).getByRole('listitem').count()).toBeGreaterThan(3);

    await main.getByRole('radio', { name: '90 days' }).check({ force: true });
    await settled(page, /^Cached just now\.$/);
    const online = await figures(page);
    expect(online[0]).toMatch(/vs the 90 days before/);
    await shoot(page, 'analytics-link');
    await main.evaluate((element) => element.scrollTo(0, element.scrollHeight));
    await shoot(page, 'analytics-link-breakdowns');
    await main.evaluate((element) => element.scrollTo(0, 0));
    await page.setViewportSize({ width: 900, height: 600 });
    await shoot(page, 'analytics-link-900x600');
    // From 800×600 up nothing scrolls sideways or sits past the edge, the custom days included.
    await page.setViewportSize({ width: 800, height: 600 });
    await main.getByRole('radio', { name: 'Custom' }).check({ force: true });
    await main.getByLabel('First day').fill('2025-13-01');
    await main.getByRole('button', { name: 'Show period' }).click();
    await main.getByText('Enter the first day as YYYY-MM-DD.').waitFor();
    expect(await overflowProblems(page)).toEqual([]);
    await main.getByRole('radio', { name: '90 days' }).check({ force: true });
    await page.setViewportSize({ width: 1280, height: 800 });

    // The service goes away; the window reloads: the figures come from the mirror.
    await app.preview.sandbox!.close();
    await page.reload();
    await page.getByRole('contentinfo', { name: 'Sync status' }).getByText('Sandbox: Offline').waitFor({ timeout: 30_000 });
    await openLinkAnalytics(page, link.url);
    await main.getByRole('radio', { name: '90 days' }).check({ force: true });
    await settled(page, /^Offline: showing what is cached\. Cached /);
    expect(await figures(page)).toEqual(online);
    // How long ago depends on real time between the fetch and the reload.
    await shoot(page, 'analytics-link-offline', { mask: [main.getByRole('status')] });

    // The workspace overview: what is cached, and how many links that is.
    await navTo(page, 'Analytics');
    await main
      .getByRole('status')
      .filter({ hasText: /From the statistics cached for \d+ links? .*Offline: showing what is cached\./ })
      .waitFor();
    await main
      .getByRole('button', { name: /^Analytics of / })
      .first()
      .waitFor();
  });
});
