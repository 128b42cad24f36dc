// Shared by the screens, offline and conflict end-to-end tests: the preview with its sandbox in
// Chromium, the first sync, and light/dark screenshots.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { startPreview, type PreviewOptions, type RunningPreview } from '../../src-main/preview/preview-server.ts';
import { ServiceClient } from '../../src-main/service/client.ts';
import { launchChromium } from '../support/browser.ts';
import { withTempDir } from '../support/temp-dir.ts';

export const SCREENSHOTS = path.resolve('screenshots');

export interface SandboxApp {
  preview: RunningPreview;
  browser: Browser;
  page: Page;
  /** The sandbox workspace's key, read from main's vault (never from the page). */
  key: string;
  /** The service itself, for checking what reached it and for changing rows behind the app's back. */
  direct: ServiceClient;
  dataDir: string;
  close(): Promise<void>;
}

/** Starts the preview with a sandbox, opens it in Chromium and waits for the first full sync. */
export async function openSandboxApp(options: Partial<PreviewOptions> & { sandboxDataFileName?: string } = {}): Promise<SandboxApp> {
  const temp = await withTempDir();
  const { sandboxDataFileName, ...rest } = options;
  const preview = await startPreview({
    rendererDir: path.resolve('out/renderer'),
    dataDir: temp.dir,
    sandbox: true,
    logError: () => undefined,
    ...(sandboxDataFileName ? { sandboxDataFile: path.join(temp.dir, sandboxDataFileName) } : {}),
    ...rest,
  });
  const workspace = (await preview.services.workspaces.list()).find((w) => w.sandbox)!;
  const key = (await preview.services.vault.getKey(workspace.id))!;
  const browser = await launchChromium();
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await mkdir(SCREENSHOTS, { recursive: true });
  await page.goto(preview.url);
  await firstSync(page);
  return {
    preview,
    browser,
    page,
    key,
    dataDir: temp.dir,
    direct: new ServiceClient({ baseUrl: preview.sandbox!.url, apiKey: key }),
    async close() {
      await browser.close();
      await preview.close();
      await temp.cleanup();
    },
  };
}

/** Waits for the app's first full sync; on a loaded machine the start cycle may fail, so ask again as a user would. */
export async function firstSync(page: Page): Promise<void> {
  const bar = page.getByRole('contentinfo', { name: 'Sync status' });
  const synced = bar.getByText(/Last synced: (?!never)/);
  try {
    await synced.waitFor({ timeout: 20_000 });
  } catch {
    await bar.getByRole('button', { name: 'Sync now' }).click();
    await synced.waitFor({ timeout: 30_000 });
  }
}

export async function shoot(page: Page, name: string): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-${scheme}.png`) });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

export function navTo(page: Page, name: string): Promise<void> {
  return page.getByRole('navigation', { name: 'Linkdock' }).getByRole('button', { name, exact: true }).click();
}
