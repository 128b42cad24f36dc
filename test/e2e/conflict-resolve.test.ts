// A conflict made the way it happens: the same link's destination is changed on the service
// directly (a plain ServiceClient with the sandbox key) and in the app before its next pull. The
// app's push reads before it writes, finds both changed, and the user resolves it in the UI.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceClient } from '../../src-main/service/client.ts';
import { hasChromium } from '../support/browser.ts';
import { navTo, openSandboxApp, shoot, type SandboxApp } from './screens-support.ts';

describe.skipIf(!hasChromium)('a conflict on a link, resolved in the UI', () => {
  let app: SandboxApp;
  let page: Page;
  let direct: ServiceClient;

  beforeAll(async () => {
    app = await openSandboxApp();
    ({ page, direct } = app);
  }, 60_000);
  afterAll(async () => {
    await app?.close();
  });

  it('shows both destinations side by side and sends the one the user keeps', { timeout: 40_000 }, async () => {
    const link = (await direct.resource('links').list({ resultsPerPage: 10 })).data.find((l) => l.type === 'link')!;
    const before = link.location_url;
    // Someone changes the destination on the service; the app has not pulled since.
    await direct.resource('links').update(link.id, { location_url: 'https://theirs.example.com/landing', email_reports: [] });

    await navTo(page, 'Links');
    await page.getByRole('searchbox', { name: 'Search' }).fill(link.url);
    await page.getByRole('button', { name: `Edit ${link.url}`, exact: true }).click();
    const editor = page.getByRole('dialog');
    expect(await editor.getByLabel('Destination URL').inputValue()).toBe(before);
    await editor.getByLabel('Destination URL').fill('https://mine.example.com/landing');
    await editor.getByRole('button', { name: 'Save', exact: true }).click();

    const bar = page.getByRole('contentinfo', { name: 'Sync status' });
    await bar.getByRole('button', { name: '1 needs attention' }).click({ timeout: 15_000 });
    const row = page.getByRole('table', { name: 'Pending changes' }).getByRole('row', { name: new RegExp(link.url) });
    await row.getByText('Conflict').waitFor();
    await row.getByRole('button', { name: `Resolve ${link.url}` }).click();

    const dialog = page.getByRole('dialog', { name: `Conflict: ${link.url}` });
    expect(await dialog.getByTestId('mine-location_url').textContent()).toBe('https://mine.example.com/landing');
    expect(await dialog.getByTestId('theirs-location_url').textContent()).toBe('https://theirs.example.com/landing');
    await dialog.getByRole('radiogroup', { name: 'Keep for Destination URL' }).getByRole('radio', { name: 'Keep mine' }).check({ force: true });
    await shoot(page, 'conflict');
    await dialog.getByRole('button', { name: 'Apply' }).click();

    await expect.poll(async () => (await direct.resource('links').get(link.id)).location_url, { timeout: 15_000 }).toBe('https://mine.example.com/landing');
    await page.getByText('Everything is in sync with the service.').waitFor();
    await bar.getByText('No pending changes').waitFor();
  });
});
