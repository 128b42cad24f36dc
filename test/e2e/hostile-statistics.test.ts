// 200,000 statistics rows from a hostile service, in Chromium (issue #36 item 7): the production
// renderer over the preview's real main services, one workspace on a service on 127.0.0.1 that
// answers every breakdown with 200,000 rows. They reached the window, the bars spread them into
// Math.max (a stack overflow) and, with no error boundary, the whole window went blank; cached in
// the mirror, on every start. Main now keeps the first 1,000 and the card says so; the app works on.
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPreview, type RunningPreview } from '../../src-main/preview/preview-server.ts';
import { hasChromium, launchChromium } from '../support/browser.ts';
import { fullRawLink } from '../support/real-service.ts';
import { withTempDir } from '../support/temp-dir.ts';
import { firstSync, navTo, newScreenshotPage } from './screens-support.ts';

const KEY = 'hostile-statistics-e2e-key';
const ROWS = 200_000;

/** One link, nothing else, and statistics: an honest overview, 200,000 rows for every breakdown. */
function hostileService(): Server {
  const link = fullRawLink(7, { url: 'hostile', clicks: 12 });
  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const list = (rows: unknown[]) => ({ data: rows, meta: { page: 1, results_per_page: 1000, total: rows.length, total_pages: rows.length > 0 ? 1 : 0 } });
  return createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const route = url.pathname.replace(/\/+$/, '');
    if (req.headers.authorization !== `Bearer ${KEY}`) return send(res, 401, { errors: [{ title: 'Please provide a valid API key.' }] });
    if (route === '/api/user') return send(res, 200, { data: { id: 1, name: 'Hostile', email: 'h@example.com', timezone: 'UTC' } });
    if (route === '/api/links') return send(res, 200, list([link]));
    if (route === '/api/links/7') return send(res, 200, { data: link });
    if (route === '/api/domains' || route === '/api/notification-handlers') return send(res, 200, list([]));
    if (route === '/api/statistics/7') {
      const type = url.searchParams.get('type') ?? 'overview';
      if (type === 'overview') return send(res, 200, { data: [{ formatted_date: url.searchParams.get('end_date'), pageviews: 12, visitors: 3 }] });
      const rows = Array.from({ length: ROWS }, (_, i) => (type === 'hour' ? { hour: i % 24, pageviews: 1 } : { [type]: `${type}-${i}`, pageviews: ROWS - i }));
      return send(res, 200, { data: rows });
    }
    send(res, 404, { errors: [{ title: 'No such route.' }] });
  });
}

describe.skipIf(!hasChromium)('a hostile service’s 200,000 statistics rows (web preview)', () => {
  let server: Server;
  let preview: RunningPreview;
  let browser: Browser;
  let page: Page;
  let cleanupDir: () => Promise<void>;
  beforeAll(async () => {
    server = hostileService();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const temp = await withTempDir();
    cleanupDir = temp.cleanup;
    preview = await startPreview({ rendererDir: path.resolve('out/renderer'), dataDir: temp.dir, logError: () => undefined });
    const added = await preview.services.router.handle(
      'workspaces.add',
      { name: 'Hostile', baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, apiKey: KEY },
      true,
    );
    expect(added.ok).toBe(true);
    browser = await launchChromium();
    page = await newScreenshotPage(browser);
    await page.goto(preview.url);
    await firstSync(page);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await preview?.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await cleanupDir?.();
  });

  it('shows each breakdown’s first 1,000 rows with a note, and the rest of the app keeps working', { timeout: 120_000 }, async () => {
    await navTo(page, 'Links');
    await page.getByRole('button', { name: /\/hostile$/ }).click();
    await page.getByRole('dialog', { name: 'Link hostile' }).getByRole('button', { name: 'Analytics' }).click();
    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 1, name: 'Analytics: hostile' }).waitFor();
    const countries = main.getByRole('region', { name: 'Countries' });
    await countries.getByText('Showing the first 1,000 rows the service sent; 199,000 more were left out.').waitFor({ timeout: 60_000 });
    expect(await countries.getByRole('list', { name: 'Countries' }).getByRole('listitem').count()).toBe(8);
    await countries.getByRole('button', { name: 'Show all 1000 countries' }).waitFor();
    expect(await main.getByRole('alert').count()).toBe(0);
    // The frame and the other screens answer as before.
    await navTo(page, 'Domains');
    await main.getByRole('heading', { level: 1, name: 'Domains' }).waitFor();
  });
});
