// A screen that fails fails alone, in Chromium (issue #36 item 7, issue #40 item 4): the production
// renderer over the sandbox, with the Domains screen's code refused as it loads (a screen that
// throws as it is drawn takes the same way: tested in test/renderer/app/error-boundaries.test.tsx).
// The screen says what failed, with Reload; the sidebar, the status bar and the other screens work.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium } from '../support/browser.ts';
import { navTo, openSandboxApp, overflowProblems, shoot, type SandboxApp } from './screens-support.ts';

describe.skipIf(!hasChromium)('a screen that fails (web preview over the sandbox)', () => {
  let app: SandboxApp;
  beforeAll(async () => {
    app = await openSandboxApp();
  }, 120_000);
  afterAll(() => app?.close());

  it('shows what failed with Reload, and the rest of the app keeps working', { timeout: 120_000 }, async () => {
    const { page } = app;
    await page.route('**/assets/DomainsPage-*.js', (route) => route.abort());
    await navTo(page, 'Domains');
    const main = page.getByRole('main');
    const alert = main.getByRole('alert');
    await alert.getByText('Domains stopped because of an error.').waitFor();
    // The browser's words name the file (its content hash changes with every build): masked.
    const failed = alert.getByText(/^What failed: .*DomainsPage/);
    await failed.waitFor();
    await alert.getByRole('button', { name: 'Reload' }).waitFor();
    expect(await page.getByRole('contentinfo', { name: 'Sync status' }).getByText('Sandbox: Online').count()).toBe(1);
    await shoot(page, 'error-boundary', { mask: [failed] });
    await page.setViewportSize({ width: 900, height: 600 });
    expect(await overflowProblems(page)).toEqual([]);
    await shoot(page, 'error-boundary-900x600', { mask: [failed] });
    await page.setViewportSize({ width: 1280, height: 800 });

    // Another screen draws as ever.
    await navTo(page, 'Links');
    await main.getByRole('table', { name: 'Links' }).getByRole('row').nth(1).waitFor();
    expect(await main.getByRole('alert').count()).toBe(0);
  });
});
