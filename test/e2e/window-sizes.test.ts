// Every screen works in every window from 800×600 up: nothing scrolls sideways, no control sits
// past the window's edge or is cut off in its table cell, and the sidebar folds to a rail that
// opens over the screen and closes once a screen is chosen.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium } from '../support/browser.ts';
import { navTo, openSandboxApp, overflowProblems, type SandboxApp } from './screens-support.ts';

const SCREENS = ['Links', 'Analytics', 'Domains', 'Notification handlers', 'Pending changes', 'Workspaces', 'Settings'];
const SIZES = [
  { width: 800, height: 600 },
  { width: 900, height: 600 },
  { width: 1024, height: 700 },
  { width: 1280, height: 800 },
];
/** Dialogs opened from the Links screen, by the button that opens them. */
const DIALOGS = ['New link', 'Bulk create'];

describe.skipIf(!hasChromium)('window sizes (web preview over the sandbox)', () => {
  let app: SandboxApp;
  beforeAll(async () => {
    app = await openSandboxApp();
  }, 120_000);
  afterAll(() => app?.close());

  it('fits every screen and the Links dialogs from 800×600 up', { timeout: 180_000 }, async () => {
    const { page } = app;
    const problems: string[] = [];
    for (const size of SIZES) {
      await page.setViewportSize(size);
      for (const screen of SCREENS) {
        await navTo(page, screen);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        for (const problem of await overflowProblems(page)) problems.push(`${size.width}×${size.height} ${screen}: ${problem}`);
      }
      await navTo(page, 'Links');
      for (const dialog of DIALOGS) {
        await page.getByRole('button', { name: dialog, exact: true }).click();
        await page.getByRole('dialog').waitFor();
        for (const problem of await overflowProblems(page)) problems.push(`${size.width}×${size.height} ${dialog} dialog: ${problem}`);
        await page.keyboard.press('Escape');
        await page.getByRole('dialog').waitFor({ state: 'detached' });
      }
    }
    expect(problems).toEqual([]);
  });

  it('folds the sidebar to a rail in a narrow window: it opens over the screen and closes once a screen is chosen', async () => {
    const { page } = app;
    await page.setViewportSize({ width: 900, height: 600 });
    const nav = page.getByRole('navigation', { name: 'Linkdock' });
    await expect.poll(() => nav.count()).toBe(0);
    await page.getByRole('button', { name: 'Show navigation' }).click();
    await nav.getByRole('button', { name: 'Domains', exact: true }).click();
    await expect.poll(() => nav.count()).toBe(0);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).first().textContent()).toBe('Domains');
    await page.getByRole('button', { name: 'Show navigation' }).click();
    await page.keyboard.press('Escape');
    await expect.poll(() => nav.count()).toBe(0);
    // A wide window shows it, and remembers when the user hides it.
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect.poll(() => nav.count()).toBe(1);
    await page.getByRole('button', { name: 'Hide navigation' }).click();
    await page.reload();
    await page.getByRole('button', { name: 'Show navigation' }).waitFor();
    await page.getByRole('button', { name: 'Show navigation' }).click();
    await expect.poll(() => nav.count()).toBe(1);
  });

  it('shows one focus ring on a select reached by keyboard, on its button', async () => {
    const { page } = app;
    await page.setViewportSize({ width: 1280, height: 800 });
    await navTo(page, 'Links');
    await page.getByRole('searchbox', { name: 'Search' }).focus();
    // Search → Filters → Sort.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    const rings = await page.evaluate(() => {
      const button = document.activeElement as HTMLElement;
      const wrapper = button.closest('.select-field') as HTMLElement;
      return { focused: button.className, button: getComputedStyle(button).outlineStyle, wrapper: getComputedStyle(wrapper).outlineStyle };
    });
    expect(rings).toEqual({ focused: 'select-button', button: 'solid', wrapper: 'none' });
    expect(await page.locator(':focus').textContent()).toContain('Newest first');
  });
});
