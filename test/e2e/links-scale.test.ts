// The Links screen with 100,000 links in the mirror, in Chromium: first page after a reload,
// search keystroke → results, and the JS heap.
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startPreview, type RunningPreview } from '../../src-main/preview/preview-server.ts';
import { hasChromium, launchChromium } from '../support/browser.ts';
import { seedMirrorLinks } from '../support/mirror-seed.ts';
import { withTempDir } from '../support/temp-dir.ts';

const COUNT = 100_000;

describe.skipIf(!hasChromium)('links screen with 100,000 links in the mirror', () => {
  let preview: RunningPreview;
  let browser: Browser;
  let page: Page;
  let cleanup: () => Promise<void>;
  const totalText = () => page.getByRole('navigation', { name: 'links pages' }).getByRole('status').textContent();

  beforeAll(async () => {
    const temp = await withTempDir();
    cleanup = temp.cleanup;
    preview = await startPreview({ rendererDir: path.resolve('out/renderer'), dataDir: temp.dir, sandbox: true, logError: () => undefined });
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1360, height: 860 } });
    await page.goto(preview.url);
    await vi.waitFor(async () => expect(await totalText()).toMatch(/of 300 links/), { timeout: 15_000, interval: 100 });
    // Fill the mirror directly (as 100,000 pulled rows would leave it): raw IndexedDB, no app code.
    const current = await preview.services.router.handle('workspaces.getCurrent', {}, true);
    const workspaceId = (current as { ok: true; value: { workspaceId: string } }).value.workspaceId;
    await seedMirrorLinks(page, workspaceId, COUNT);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await preview?.close();
    await cleanup?.();
  });

  it('lists, pages and searches 100,000 mirrored links after a reload', async () => {
    // How fast is the bench's business (npm run bench: figures "Renderer at scale"); this checks it works.
    await page.reload();
    await vi.waitFor(async () => expect(await totalText()).toMatch(/of 100,300 links/), { timeout: 60_000, interval: 100 });
    await page.getByRole('button', { name: 'Last page' }).click();
    await vi.waitFor(async () => expect(await totalText()).toMatch(/^100,276–100,300 of 100,300 links$/));
    await page.getByLabel('Search').fill('bench99999');
    await vi.waitFor(async () => expect(await totalText()).toMatch(/^1–1 of 1 link$/));
    expect(await page.locator('.vtable-row').first().textContent()).toContain('https://bench.example/page/99999');
  }, 120_000);
});
