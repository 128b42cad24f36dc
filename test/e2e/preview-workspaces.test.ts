import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startPreview, type RunningPreview } from '../../src-main/preview/preview-server.ts';
import { hasChromium, launchChromium } from '../support/browser.ts';
import { withTempDir } from '../support/temp-dir.ts';
import { newScreenshotPage, shoot } from './screens-support.ts';

describe.skipIf(!hasChromium)('web preview: the renderer lists and adds workspaces through the contract', () => {
  let preview: RunningPreview;
  let browser: Browser;
  let page: Page;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    const temp = await withTempDir();
    cleanup = temp.cleanup;
    preview = await startPreview({ rendererDir: path.resolve('out/renderer'), dataDir: temp.dir, logError: () => undefined });
    browser = await launchChromium();
    page = await newScreenshotPage(browser);
  });
  afterAll(async () => {
    await browser?.close();
    await preview?.close();
    await cleanup?.();
  });

  it('shows an empty list, tests a connection, saves a workspace and lists it', async () => {
    await page.goto(preview.url);
    await page.getByRole('button', { name: 'Add a service' }).click();
    await expect.poll(() => page.getByText('No workspaces yet').isVisible()).toBe(true);

    await page.getByLabel('Name').fill('Nowhere');
    await page.getByLabel('Base URL').fill('http://127.0.0.1:9/');
    await page.getByLabel('API key').fill('a-key-that-stays-in-main');
    await page.getByRole('button', { name: 'Test connection' }).click();
    await expect.poll(() => page.getByRole('alert').first().textContent()).toMatch(/Connection test failed: .*Could not connect/);

    // Save tests again, and keeps an unreachable service only when the user says so.
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('button', { name: 'Save anyway' }).click();
    await page.getByText('Key stored').waitFor();
    expect(await page.locator('.workspace-list li').allTextContents()).toEqual([expect.stringContaining('Nowhere')]);
    // Saving the first workspace opens it.
    await expect.poll(() => page.locator('.workspace-list li[aria-current="true"]').textContent()).toContain('Nowhere');
    // The key went to main and stays there: the page holds no copy of it.
    expect(await page.content()).not.toContain('a-key-that-stays-in-main');
    await shoot(page, 'workspaces');
  });

  it('shows the schema message beside a field the user got wrong, without calling main', async () => {
    await page.getByLabel('Base URL').fill('ftp://example.com');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByText(/Enter the service address/).isVisible()).toBe(true);
  });

  it('refuses WebSocket connections without the token or from another origin', async () => {
    const tryConnect = (url: string, origin: string) =>
      new Promise<string>((resolve) => {
        const ws = new WebSocket(url, { origin });
        ws.on('open', () => {
          ws.close();
          resolve('open');
        });
        ws.on('unexpected-response', (_req, res) => resolve(String(res.statusCode)));
        ws.on('error', () => resolve('error'));
      });
    const wsBase = preview.origin.replace('http', 'ws');
    expect(await tryConnect(`${wsBase}/contract`, preview.origin)).toBe('403');
    expect(await tryConnect(`${wsBase}/contract?token=wrong`, preview.origin)).toBe('403');
    expect(await tryConnect(`${wsBase}/contract?token=${preview.token}`, 'http://evil.example')).toBe('403');
    expect(await tryConnect(`${wsBase}/contract?token=${preview.token}`, preview.origin)).toBe('open');
  });

  it('serves the page with a strict CSP', async () => {
    const response = await fetch(`${preview.origin}/`);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain(`connect-src 'self' ${preview.origin.replace('http', 'ws')}`);
  });
});
