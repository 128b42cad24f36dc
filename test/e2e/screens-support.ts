// Shared by the end-to-end tests: the preview with its sandbox in Chromium, the first sync, and
// light/dark screenshots compared with the committed baselines in test/e2e/baselines/.
import { appendFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContextOptions, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { startPreview, type PreviewOptions, type RunningPreview } from '../../src-main/preview/preview-server.ts';
import { ServiceClient } from '../../src-main/service/client.ts';
import { launchChromium } from '../support/browser.ts';
import { withTempDir } from '../support/temp-dir.ts';
import { baselineModeFromEnv, checkBaseline } from '../support/visual-compare.ts';

/** This run's captures, and on a mismatch the actual, expected and diff images (gitignored). */
export const SCREENSHOTS = path.resolve('screenshots');
export const BASELINES = path.resolve('test/e2e/baselines');
export const UPDATE_COMMAND = 'npm run test:screens:update';

/** The instant the screenshot tests live at, so dates on screen repeat run to run. */
export const SCREENSHOT_TIME = new Date('2026-01-15T09:30:00Z');
/**
 * The sandbox's clock stands still at SCREENSHOT_TIME: the demo data's dates (days before "now") and
 * the created times of what the tests make are the same every run. Only the sandbox's: the app's own
 * timers (sync retries, backoff) need time that moves.
 */
export const fixedSandboxClock = (): Date => new Date(SCREENSHOT_TIME);

/**
 * A page whose screenshots repeat: fixed locale and time zone, and a fake clock that starts at
 * SCREENSHOT_TIME and then runs (the sync engine's timers work as usual; relative times such as
 * "Last synced: just now" stay "just now" because every capture follows a sync within seconds).
 */
export async function newScreenshotPage(browser: Browser, options: BrowserContextOptions = {}): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, locale: 'en-US', timezoneId: 'UTC', ...options });
  await page.clock.install({ time: SCREENSHOT_TIME });
  return page;
}

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
    sandboxNow: fixedSandboxClock,
    logError: () => undefined,
    ...(sandboxDataFileName ? { sandboxDataFile: path.join(temp.dir, sandboxDataFileName) } : {}),
    ...rest,
  });
  const workspace = (await preview.services.workspaces.list()).find((w) => w.sandbox)!;
  const key = (await preview.services.vault.getKey(workspace.id))!;
  const browser = await launchChromium();
  const page = await newScreenshotPage(browser);
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

/**
 * Waits for the app's first full sync ("Last synced: …" is the bar before the mirror was read,
 * "never" before a sync); on a loaded machine the start cycle may fail, so ask again as a user would.
 */
export async function firstSync(page: Page): Promise<void> {
  const bar = page.getByRole('contentinfo', { name: 'Sync status' });
  const synced = bar.getByText(/Last synced: (?!never|…)/);
  try {
    await synced.waitFor({ timeout: 20_000 });
  } catch {
    await bar.getByRole('button', { name: 'Sync now' }).click();
    await synced.waitFor({ timeout: 30_000 });
  }
}

/**
 * Captures the page in the light and the dark scheme and compares each with its baseline
 * (`<name>-light.png`, `<name>-dark.png`). A mismatch fails the test softly: the flow goes on, so one
 * run reports every screen that changed. `mask`: parts whose content varies from run to run by nature
 * (say why at the call), covered by a solid box.
 */
export async function shoot(page: Page, name: string, options: { mask?: Locator[]; steady?: () => Promise<boolean> } = {}): Promise<void> {
  const failures: string[] = [];
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    const result = await checkBaseline({
      name: `${name}-${scheme}`,
      actual: await settledScreenshot(page, options.mask ?? [], options.steady),
      baselineDir: BASELINES,
      outputDir: SCREENSHOTS,
      mode: baselineModeFromEnv(),
      updateCommand: UPDATE_COMMAND,
    });
    // One line per capture: the noise actually seen, to check the tolerance against.
    await appendFile(path.join(SCREENSHOTS, 'comparisons.tsv'), `${name}-${scheme}\t${result.status}\t${result.diffPixels}\t${result.diffShare}\n`);
    if (result.status === 'written' || result.status === 'updated') console.warn(`screenshots: ${result.message}`);
    if (!result.ok) failures.push(result.message);
  }
  await page.emulateMedia({ colorScheme: 'light' });
  expect.soft(failures, `${name}: screenshots differ from their baselines`).toEqual([]);
}

/**
 * Waits for fonts, then captures until two captures in a row are the same (React redraws after a
 * scheme switch, images decode). A capture counts only when the screen held the state the baseline
 * shows just before and just after it: no sync under way in the status bar, and `steady` (a
 * background retry can flip the status bar for a moment between two identical captures).
 */
async function settledScreenshot(page: Page, mask: Locator[], steady: () => Promise<boolean> = async () => true): Promise<Buffer> {
  // No baseline shows a sync under way: the engine's background syncs flip the status bar for a moment.
  const syncing = page.getByRole('status').filter({ hasText: 'Syncing…' });
  const held = async () => (await syncing.count()) === 0 && (await steady());
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  const capture = async () => {
    await page.evaluate(hideEphemeralPorts);
    // Toasts come and go on their own clock: a capture shows the screen without them.
    await page.evaluate(() => document.querySelector<HTMLElement>('.toast-region')?.style.setProperty('visibility', 'hidden'));
    return page.screenshot({
      animations: 'disabled',
      caret: 'hide',
      // A QR code encodes the short URL, port and all (see hideEphemeralPorts): no fixed picture.
      mask: [page.locator('.qr img'), ...mask],
    });
  };
  const steadyCapture = async () => {
    for (let attempt = 0; attempt < 20; attempt += 1) {
      if (!(await held())) {
        await page.waitForTimeout(100);
        continue;
      }
      const shot = await capture();
      if (await held()) return shot;
    }
    // Never steady: compared as it is, the mismatch message says how far off it is.
    return capture();
  };
  try {
    let previous = await steadyCapture();
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const next = await steadyCapture();
      if (next.equals(previous)) return next;
      previous = next;
    }
    // Never still: compared as it is, the mismatch message says how far off it is.
    return previous;
  } finally {
    await page.evaluate(restoreEphemeralPorts);
    await page.evaluate(() => document.querySelector<HTMLElement>('.toast-region')?.style.removeProperty('visibility'));
  }
}

interface PortRestore {
  __screenshotRestore?: (() => void)[];
}

/**
 * Runs in the page. The sandbox listens on a port the OS picks (a fixed one would collide with
 * parallel runs), and short URLs, the default domain and the workspace address show it: for the
 * capture, `127.0.0.1:<5 digits>` reads `127.0.0.1:00000` (same length, same layout).
 */
function hideEphemeralPorts(): void {
  const pattern = /(127\.0\.0\.1:)\d{5}(?!\d)/g;
  const fixed = (text: string) => text.replace(pattern, (_match, host: string) => `${host}00000`);
  const restore = ((window as unknown as PortRestore).__screenshotRestore ??= []);
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.nodeValue ?? '';
    const shown = fixed(text);
    if (shown === text) continue;
    const textNode = node;
    textNode.nodeValue = shown;
    // Put back only what React has not rewritten since.
    restore.push(() => {
      if (textNode.nodeValue === shown) textNode.nodeValue = text;
    });
  }
  for (const input of document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')) {
    const value = input.value;
    const shown = fixed(value);
    if (shown === value) continue;
    input.value = shown;
    restore.push(() => {
      if (input.value === shown) input.value = value;
    });
  }
}

function restoreEphemeralPorts(): void {
  const restore = (window as unknown as PortRestore).__screenshotRestore ?? [];
  // Newest first: a node changed twice goes back to its first text.
  for (const undo of restore.reverse()) undo();
  (window as unknown as PortRestore).__screenshotRestore = [];
}

/** Goes to a screen through the sidebar, opening it first where a narrow window folded it away. */
export async function navTo(page: Page, name: string): Promise<void> {
  const show = page.getByRole('button', { name: 'Show navigation' });
  const item = page.getByRole('navigation', { name: 'Linkdock' }).getByRole('button', { name, exact: true });
  // Just after a resize the sidebar may still be folding or unfolding: ask again until it holds.
  for (let attempt = 0; ; attempt++) {
    try {
      await item.or(show).first().waitFor({ timeout: 5_000 });
      if (await show.isVisible()) await show.click({ timeout: 2_000 });
      await item.click({ timeout: 2_000 });
      return;
    } catch (error) {
      if (attempt >= 5) throw error;
    }
  }
}

/**
 * What does not fit the window, in words: the page or a scroll area scrolling sideways, or a
 * visible control (button, field, link) reaching past the window's right edge. Empty when all fits.
 */
export async function overflowProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const width = window.innerWidth;
    const root = document.scrollingElement ?? document.documentElement;
    if (root.scrollWidth > width) problems.push(`the page is ${root.scrollWidth}px wide in a ${width}px window`);
    for (const el of document.querySelectorAll<HTMLElement>('.main, .vtable-body, .dialog, .modal-overlay')) {
      if (el.scrollWidth > el.clientWidth + 1) problems.push(`${el.className} scrolls sideways (${el.scrollWidth}px in ${el.clientWidth}px)`);
    }
    for (const el of document.querySelectorAll<HTMLElement>('button, input, select, textarea, a[href]')) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || box.bottom < 0 || box.top > window.innerHeight) continue;
      if (
        el.closest('.vtable-cell') &&
        getComputedStyle(el.closest('.vtable-cell')!).overflow === 'hidden' &&
        box.right > el.closest('.vtable-cell')!.getBoundingClientRect().right + 1
      ) {
        problems.push(`"${el.getAttribute('aria-label') ?? el.textContent?.trim()}" is cut off in its cell`);
      } else if (box.right > width + 1)
        problems.push(`"${el.getAttribute('aria-label') ?? el.textContent?.trim()}" ends at ${Math.round(box.right)}px, past the window's ${width}px`);
    }
    return problems;
  });
}
