// The Links screen end to end: the production renderer in Chromium, the real main services and
// an embedded sandbox service with demo data (a few hundred links, 2 domains, 3 handlers).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startPreview, type RunningPreview } from '../../src-main/preview/preview-server.ts';
import { RESULTS_PER_PAGE, type Link } from '../../src-preload/contract/index.ts';
import { hasChromium, launchChromium } from '../support/browser.ts';
import { withTempDir } from '../support/temp-dir.ts';
import { fixedSandboxClock, navTo, newScreenshotPage, shoot } from './screens-support.ts';

/** The list follows an edit once its IndexedDB transaction and the index settle: seconds on a loaded machine. */
const LIST_SETTLES = { timeout: 10_000 };

describe.skipIf(!hasChromium)('links screen (web preview over the sandbox)', () => {
  let preview: RunningPreview;
  let browser: Browser;
  let page: Page;
  let cleanup: () => Promise<void>;
  let downloads: string;
  const clipboard: string[] = [];

  const totalText = () => page.getByRole('navigation', { name: 'links pages' }).getByRole('status').textContent();
  /**
   * The list's count; 0 when no pager shows (an empty list has none). Read in one look that does
   * not wait: asking whether the pager is there and then for its text waited 30 s for a pager that
   * went in between (the list emptying), longer than the poll around it.
   */
  const linkCount = async () => {
    const totals = await page.getByRole('navigation', { name: 'links pages' }).getByRole('status').allTextContents();
    if (totals.length === 0) return 0;
    return Number(/of ([\d,]+) links?$/.exec(totals[0] ?? '')?.[1]?.replaceAll(',', '') ?? NaN);
  };
  const shot = (name: string) => shoot(page, name);
  /** The same screen in a 900×600 window: the layout's narrow end. */
  const narrowShot = async (name: string) => {
    await page.setViewportSize({ width: 900, height: 600 });
    await shoot(page, `${name}-900x600`);
    await page.setViewportSize({ width: 1360, height: 860 });
  };
  /** Every link the service holds, read through main's own client. */
  const serviceLinks = async (): Promise<Link[]> => {
    const current = await preview.services.router.handle('workspaces.getCurrent', {}, true);
    const id = (current as { ok: true; value: { workspaceId: string } }).value.workspaceId;
    const all: Link[] = [];
    for (let p = 1; ; p++) {
      const result = await preview.services.router.handle('links.list', { workspaceId: id, page: p, resultsPerPage: 1000 }, true);
      if (!result.ok) throw new Error(result.error.message);
      const list = result.value as { data: Link[]; meta: { total_pages: number } };
      all.push(...list.data);
      if (p >= list.meta.total_pages) return all;
    }
  };
  const search = async (text: string) => {
    await page.getByLabel('Search').fill(text);
  };

  beforeAll(async () => {
    const temp = await withTempDir();
    cleanup = temp.cleanup;
    downloads = temp.dir;
    preview = await startPreview({
      rendererDir: path.resolve('out/renderer'),
      dataDir: temp.dir,
      sandbox: true,
      sandboxNow: fixedSandboxClock,
      logError: () => undefined,
      writeClipboard: async (text) => {
        clipboard.push(text);
      },
    });
    browser = await launchChromium();
    page = await newScreenshotPage(browser, { viewport: { width: 1360, height: 860 }, acceptDownloads: true });
    await page.goto(preview.url);
    // The first pull fills the mirror: the pager counts the sandbox's links.
    await vi.waitFor(async () => expect(await linkCount()).toBeGreaterThan(100), { timeout: 15_000, interval: 100 });
  });
  afterAll(async () => {
    await browser?.close();
    await preview?.close();
    await cleanup?.();
  });

  it('pages the list at every page size the API offers, with totals', { timeout: 60_000 }, async () => {
    const total = await linkCount();
    for (const size of RESULTS_PER_PAGE) {
      await page.getByRole('button', { name: /Per page/ }).click();
      await page.getByRole('option', { name: String(size), exact: true }).click();
      const expectedEnd = Math.min(size, total);
      await expect.poll(totalText).toBe(`1–${expectedEnd} of ${total.toLocaleString('en-US')} links`);
      const pages = Math.max(1, Math.ceil(total / size));
      await expect.poll(() => page.locator('.pager-page').textContent()).toBe(`Page 1 of ${pages}`);
      if (pages > 1) {
        await page.getByRole('button', { name: 'Last page' }).click();
        await expect.poll(totalText).toBe(`${(pages - 1) * size + 1}–${total} of ${total.toLocaleString('en-US')} links`);
        await page.getByRole('button', { name: 'First page' }).click();
      }
    }
    await page.getByRole('button', { name: /Per page/ }).click();
    await page.getByRole('option', { name: '25', exact: true }).click();
    await expect.poll(() => page.locator('.last-synced').textContent()).not.toContain('never');
    await shot('links-list');
    await narrowShot('links-list');
  });

  it('a link on a global domain (the sandbox demo has some; the newest is one) says "domain not in your list" instead of a Copy', async () => {
    const row = page.locator('.links-page [role="row"]', { has: page.getByText('domain not in your list') }).first();
    await row.waitFor();
    const badge = row.getByText('domain not in your list');
    expect(await badge.getAttribute('title')).toMatch(/offers to all accounts, which is not in this workspace's Domains list/);
    expect(await row.getByRole('button', { name: /^Copy short URL/ }).count()).toBe(0);
    // Among the newest: the Links list screenshot above shows it.
    expect(await row.getByText('team-300').count()).toBe(1);
    expect(await row.isVisible()).toBe(true);
    // At 900×600 the badge gives way to the alias with an ellipsis (its tooltip says it all), never cut off mid-word.
    await page.setViewportSize({ width: 900, height: 600 });
    try {
      const fit = await badge.evaluate((el) => {
        const cell = el.closest('[role="cell"]')!.getBoundingClientRect();
        const style = getComputedStyle(el);
        return {
          inside: el.getBoundingClientRect().right <= cell.right + 0.5,
          fits: el.scrollWidth <= el.clientWidth,
          ellipsis: style.textOverflow === 'ellipsis' && (style.display === 'block' || style.display === 'inline-block'),
        };
      });
      expect(fit.inside).toBe(true);
      expect(fit.fits || fit.ellipsis).toBe(true);
    } finally {
      await page.setViewportSize({ width: 1360, height: 860 });
    }
  });

  it('lines the Clicks numbers up under their header, digit under digit, with or without a trend', async () => {
    const edges = await page.evaluate(() => {
      const table = document.querySelector('.links-page [role="table"]')!;
      const headers = [...table.querySelectorAll('[role="columnheader"]')];
      const clicks = headers.findIndex((h) => h.textContent?.includes('Clicks'));
      const header = headers[clicks]!.querySelector('button')!.getBoundingClientRect().right;
      const counts = [...table.querySelectorAll('[role="row"] [role="cell"] .click-count')].map((c) => c.getBoundingClientRect().right);
      return { header, counts };
    });
    expect(edges.counts.length).toBeGreaterThan(5);
    for (const right of edges.counts) {
      expect(Math.abs(right - edges.counts[0]!)).toBeLessThan(1);
      expect(Math.abs(right - edges.header)).toBeLessThan(2);
    }
  });

  it('creates, edits and deletes a link', { timeout: 60_000 }, async () => {
    await page.getByRole('button', { name: 'New link' }).click();
    const dialog = page.getByRole('dialog', { name: 'New link' });
    await dialog.getByLabel('Destination URL').fill('not a url');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => dialog.getByText('Enter a full http:// or https:// URL').isVisible()).toBe(true);
    await dialog.getByLabel('Destination URL').fill('https://example.com/e2e-created');
    await dialog.getByLabel('Alias', { exact: true }).fill('e2e-made');
    await shot('links-editor');
    await narrowShot('links-editor');
    // Escape on a started link asks, and the safe answer has focus: Enter keeps the work.
    await page.keyboard.press('Escape');
    await page.getByRole('alertdialog', { name: 'Discard your changes?' }).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Keep editing');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('alertdialog').count()).toBe(0);
    expect(await dialog.getByLabel('Destination URL').inputValue()).toBe('https://example.com/e2e-created');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);

    await search('e2e-made');
    await expect.poll(linkCount, LIST_SETTLES).toBe(1);
    // Pushed: the sandbox has it.
    await expect.poll(() => page.locator('.badge', { hasText: 'Pending sync' }).count(), { timeout: 15_000 }).toBe(0);
    const created = (await serviceLinks()).find((l) => l.url === 'e2e-made');
    expect(created?.location_url).toBe('https://example.com/e2e-created');

    await page.getByRole('button', { name: 'Edit e2e-made' }).click();
    const editor = page.getByRole('dialog', { name: 'Edit link' });
    await editor.getByLabel('Destination URL').fill('https://example.com/e2e-edited');
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => editor.isVisible()).toBe(false);
    await expect
      .poll(async () => (await serviceLinks()).find((l) => l.url === 'e2e-made')?.location_url, { timeout: 15_000 })
      .toBe('https://example.com/e2e-edited');

    await page.getByRole('button', { name: 'Edit e2e-made' }).click();
    await editor.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog', { name: 'Delete link?' }).getByRole('button', { name: 'Delete' }).click();
    await expect.poll(linkCount, LIST_SETTLES).toBe(0);
    // The toast offers Undo while the delete waits; Undo brings the link back, on screen and on the service.
    await page
      .getByRole('alertdialog', { name: /Deleted 1 link/ })
      .getByRole('button', { name: 'Undo' })
      .click();
    await expect.poll(linkCount, LIST_SETTLES).toBe(1);
    await page.getByRole('button', { name: 'Edit e2e-made' }).click();
    await editor.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog', { name: 'Delete link?' }).getByRole('button', { name: 'Delete' }).click();
    await expect.poll(linkCount, LIST_SETTLES).toBe(0);
    // Sync now sends it without waiting out the Undo time.
    await page.getByRole('contentinfo').getByRole('button', { name: 'Sync now' }).click();
    await expect.poll(async () => (await serviceLinks()).some((l) => l.url === 'e2e-made'), { timeout: 15_000 }).toBe(false);
    // A dialog opened while notifications show: they cover none of its controls (they sat over its
    // buttons, and hovering one to reach a button kept it there); they wait behind the backdrop.
    await page.getByRole('button', { name: 'New link' }).click();
    const fresh = page.getByRole('dialog', { name: 'New link' });
    await fresh.waitFor();
    expect(await page.locator('.toast').count()).toBeGreaterThan(0);
    const overlaps = await page.evaluate(() => {
      const dialog = document.querySelector('[role="dialog"]')!;
      // What a click at each control's centre would hit: the control itself, not a notification.
      return [...dialog.querySelectorAll('button, input')]
        .map((control) => ({ control, box: control.getBoundingClientRect() }))
        .filter(({ box }) => box.width > 0 && box.height > 0 && box.bottom <= window.innerHeight)
        .filter(({ box }) => document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2)?.closest('.toast-region'))
        .map(({ control }) => control.getAttribute('aria-label') || control.textContent || control.id);
    });
    expect(overlaps).toEqual([]);
    await fresh.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => fresh.isVisible()).toBe(false);
    await search('');
  });

  it('schedules a link with the date-time picker, by keyboard, in the account time zone', { timeout: 60_000 }, async () => {
    // The screenshot shows a settled list: the previous test's delete has gone out.
    await search('');
    await expect.poll(() => page.getByRole('contentinfo').getByText('No pending changes').count(), { timeout: 15_000 }).toBe(1);
    await page.getByRole('button', { name: 'New link' }).click();
    const dialog = page.getByRole('dialog', { name: 'New link' });
    await dialog.getByLabel('Destination URL').fill('https://example.com/e2e-scheduled');
    await dialog.getByRole('switch', { name: 'Schedule' }).focus();
    await page.keyboard.press('Space');
    await dialog.getByLabel('Start', { exact: true }).fill('2026-06-10 08:30:00');
    await dialog.getByRole('button', { name: 'Pick End date and time' }).click();
    const picker = page.getByRole('dialog', { name: 'End: date and time' });
    await picker.waitFor();
    // An empty End starts on today (the sandbox's account zone), end of day.
    expect(await picker.getByRole('spinbutton', { name: /hour/i }).textContent()).toBe('23');
    await shot('links-schedule-picker');
    await narrowShot('links-schedule-picker');
    // Keyboard only: the calendar's day by arrows, then the time's hour, then Use.
    await picker.getByRole('button', { name: /Next month/ }).click();
    await picker
      .getByRole('grid')
      .getByRole('button', { name: /, \w+ 1, \d{4}/ })
      .first()
      .focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await picker.getByRole('spinbutton', { name: /hour/i }).focus();
    await page.keyboard.type('18');
    const chosen = (await picker.getByRole('status', { name: 'Chosen date and time' }).textContent()) ?? '';
    expect(chosen).toMatch(/^\d{4}-\d{2}-02 18:59:59$/);
    await picker.getByRole('button', { name: 'Use', exact: true }).click();
    await expect.poll(() => picker.isVisible()).toBe(false);
    expect(await dialog.getByLabel('End', { exact: true }).inputValue()).toBe(chosen);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
  });

  it('creates links in bulk from a CSV file: preview, invalid rows flagged, valid ones created', async () => {
    await page.getByRole('button', { name: 'Bulk create' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create links in bulk' });
    const csv =
      'location_url,alias\nhttps://example.com/b1,e2e-bulk-1\nftp://example.com/nope,e2e-bulk-x\nhttps://example.com/b2,e2e-bulk-2\nhttps://example.com/b3,e2e-bulk-3\n';
    await dialog.getByLabel('Or a CSV file').setInputFiles({ name: 'links.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await expect.poll(() => dialog.getByText('3 of 4 rows ready').isVisible()).toBe(true);
    expect(await dialog.locator('tr.row-invalid').textContent()).toContain('Enter a full http:// or https:// URL');
    await dialog.getByRole('button', { name: 'Create 3 links' }).click();
    // The dialog closes; a toast says what was saved and that the invalid row was skipped.
    await page
      .getByRole('alertdialog', { name: /Saved 3 new links/ })
      .getByText(/1 row was skipped/)
      .waitFor();
    await dialog.waitFor({ state: 'detached' });
    await search('e2e-bulk');
    await expect.poll(linkCount).toBe(3);
    await expect
      .poll(
        async () =>
          (await serviceLinks())
            .filter((l) => l.url.startsWith('e2e-bulk'))
            .map((l) => l.url)
            .sort(),
        { timeout: 15_000 },
      )
      .toEqual(['e2e-bulk-1', 'e2e-bulk-2', 'e2e-bulk-3']);
  });

  it('exports the filtered, sorted list to CSV', async () => {
    await page.getByRole('button', { name: /Sort/ }).click();
    await page.getByRole('option', { name: 'Alias Z–A' }).click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toBe('links.csv');
    const file = path.join(downloads, 'export.csv');
    await download.saveAs(file);
    const text = await readFile(file, 'utf8');
    // Excel needs the byte-order mark to read UTF-8.
    expect(text.startsWith('\uFEFF')).toBe(true);
    const lines = text.slice(1).trim().split(/\r?\n/);
    expect(lines[0]).toBe('short_url,alias,destination,domain,clicks,created,enabled,scheduled,protected,expired,sync');
    expect(lines.slice(1).map((line) => line.split(',').slice(0, 3))).toEqual(
      [3, 2, 1].map((n) => [`${preview.sandbox!.url}e2e-bulk-${n}`, `e2e-bulk-${n}`, `https://example.com/b${n}`]),
    );
  });

  it('copies a short URL through main, by button and by Ctrl+C on the focused row', async () => {
    clipboard.length = 0;
    await page.getByRole('button', { name: 'Copy short URL e2e-bulk-2' }).click();
    await expect.poll(() => clipboard.at(-1)).toBe(`${preview.sandbox!.url}e2e-bulk-2`);
    await page.getByRole('row').filter({ hasText: 'example.com/b3' }).getByText('https://example.com/b3').click();
    await page.keyboard.press('Control+c');
    await expect.poll(() => clipboard.at(-1)).toBe(`${preview.sandbox!.url}e2e-bulk-3`);
    expect(clipboard).toHaveLength(2);
  });

  it('shows a link’s detail with its QR code and clicks per day', { timeout: 60_000 }, async () => {
    // Two visits and a sync: the click history gets a second sample. (The sandbox's API writes the
    // clicks it served before it answers, so the sync's listing counts them: nothing to wait for.)
    for (let i = 0; i < 2; i++) await fetch(`${preview.sandbox!.url}e2e-bulk-1`, { redirect: 'manual' });
    await page.getByRole('contentinfo').getByRole('button', { name: 'Sync now' }).click();
    await expect.poll(() => page.getByRole('row').filter({ hasText: 'example.com/b1' }).locator('.click-count').textContent(), { timeout: 15_000 }).toBe('2');
    await page.getByRole('button', { name: `${preview.sandbox!.url.replace('http://', '')}e2e-bulk-1`, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Link e2e-bulk-1' });
    // The detail and its QR code load on first use: on a loaded machine that takes a while.
    await expect.poll(() => dialog.getByRole('img', { name: `QR code for ${preview.sandbox!.url}e2e-bulk-1` }).isVisible(), { timeout: 10_000 }).toBe(true);
    // Clicks per day from the link's statistics (fetched as the detail opens), not a running total.
    await expect.poll(() => dialog.locator('.daily-chart canvas').count(), { timeout: 10_000 }).toBe(1);
    expect(await dialog.getByRole('region', { name: 'Clicks per day' }).locator('figcaption').textContent()).toBe(
      'Clicks per day over the last 30 days: 2 in all.',
    );
    await shot('links-detail');
    const [png] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download PNG' }).click()]);
    expect(png.suggestedFilename()).toBe('e2e-bulk-1-qr.png');
    const [svg] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download SVG' }).click()]);
    const svgFile = path.join(downloads, 'qr.svg');
    await svg.saveAs(svgFile);
    expect(await readFile(svgFile, 'utf8')).toMatch(/^<svg/);
    clipboard.length = 0;
    await dialog.getByRole('button', { name: 'Copy destination' }).click();
    await expect.poll(() => clipboard.at(-1)).toBe('https://example.com/b1');
    await dialog.getByRole('button', { name: 'Close', exact: true }).first().click();
  });

  it('opens a link by alias from the command palette (Ctrl+K)', async () => {
    await search('');
    await page.getByRole('heading', { name: 'Links' }).click();
    await page.keyboard.press('Control+k');
    await page.getByRole('searchbox', { name: 'Command' }).waitFor();
    await page.keyboard.type('e2e-bulk-2');
    await page.getByRole('menuitem', { name: /Open link e2e-bulk-2/ }).waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Link e2e-bulk-2' }).waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    // Commands by name: "New link" opens the editor, "Go to Domains" switches the view.
    await page.keyboard.press('Control+k');
    await page.keyboard.type('new link');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'New link' }).waitFor();
    await page.getByRole('dialog', { name: 'New link' }).getByRole('button', { name: 'Cancel' }).click();
    await page.keyboard.press('Control+k');
    await page.keyboard.type('go to domains');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('main').getAttribute('aria-label')).toBe('Domains');
  });
  it('creates links without aliases in the service’s bulk mode: one change, aliases from the service after the sync', { timeout: 60_000 }, async () => {
    await navTo(page, 'Links');
    await page.getByRole('button', { name: 'Bulk create' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create links in bulk' });
    await dialog
      .getByLabel('Destination URLs')
      .fill(['https://example.com/svc-picks/1', 'https://example.com/svc-picks/2', 'https://example.com/svc-picks/3'].join('\n'));
    await dialog.getByText(/3 links without an alias are created together in one request/).waitFor();
    await dialog.getByLabel('UTM campaign').fill('e2e-batch');
    await dialog.getByRole('button', { name: 'Create 3 links' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect
      .poll(
        async () =>
          (await serviceLinks())
            .filter((l) => l.location_url.startsWith('https://example.com/svc-picks/'))
            .map((l) => [l.location_url, l.url.length > 0, (l.settings.utm as { campaign?: string } | undefined)?.campaign ?? null])
            .sort(),
        { timeout: 15_000 },
      )
      .toEqual([1, 2, 3].map((n) => [`https://example.com/svc-picks/${n}`, true, 'e2e-batch']));
    // After the sync the list shows the aliases the service picked, each with its short URL to copy.
    await search('svc-picks');
    await expect.poll(linkCount, { timeout: 15_000 }).toBe(3);
    await expect.poll(() => page.getByText('Alias from the service (after sync)').count(), { timeout: 15_000 }).toBe(0);
    const created = (await serviceLinks()).filter((l) => l.location_url === 'https://example.com/svc-picks/2')[0]!;
    await page.getByRole('button', { name: `Copy short URL ${created.url}` }).click();
    await expect.poll(() => clipboard.at(-1)).toBe(`${preview.sandbox!.url}${created.url}`);
  });
});
