// Offline edits: the sandbox service stops, the user keeps editing domains and handlers, the
// pending count rises; the sandbox comes back on the same port with the same data, and the app
// finds it by itself and sends everything.
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningPreview } from '../../src-main/preview/preview-server.ts';
import { startSandbox, type RunningSandbox } from '../../src-main/sandbox/index.ts';
import { ServiceClient } from '../../src-main/service/client.ts';
import { hasChromium } from '../support/browser.ts';
import { navTo, openSandboxApp, shoot, type SandboxApp } from './screens-support.ts';

describe.skipIf(!hasChromium)('offline edits sync when the service comes back', () => {
  let app: SandboxApp;
  let preview: RunningPreview;
  let page: Page;
  let restarted: RunningSandbox | null = null;

  beforeAll(async () => {
    // A file-backed sandbox, so it can stop and start again with the same data.
    app = await openSandboxApp({ sandboxDataFileName: 'sandbox.sqlite' });
    ({ preview, page } = app);
  }, 60_000);
  afterAll(async () => {
    await restarted?.close();
    await app?.close();
  });

  it('keeps edits made while the service is down and sends them once it is back', { timeout: 60_000 }, async () => {
    const key = app.key;
    const dataFile = path.join(app.dataDir, 'sandbox.sqlite');
    const port = preview.sandbox!.port;
    const bar = page.getByRole('contentinfo', { name: 'Sync status' });
    const nav = (name: string) => navTo(page, name);

    await preview.sandbox!.close();

    await nav('Domains');
    await page.getByRole('button', { name: 'New domain' }).click();
    await page.getByRole('dialog').getByLabel('Host').fill('offline.example.com');
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await bar.getByText('1 pending change').waitFor();
    // The first push finds the service gone.
    await bar.getByText('Sandbox: Offline').waitFor({ timeout: 10_000 });
    await page.getByRole('button', { name: 'Edit go.example.com' }).click();
    await page.getByRole('dialog').getByLabel('Custom index URL').fill('https://www.example.com/offline');
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await bar.getByText('2 pending changes').waitFor();
    await nav('Notification handlers');
    await page.getByRole('switch', { name: 'Enabled: Marketing inbox' }).click({ force: true });
    await bar.getByText('3 pending changes').waitFor();
    await page
      .getByRole('row', { name: /Marketing inbox/ })
      .getByText('Pending sync')
      .waitFor();

    await nav('Pending changes');
    await expect.poll(() => page.getByRole('table', { name: 'Pending changes' }).getByRole('row').count()).toBe(4);
    // A retry may be on its way out this very moment (shown as Sending, truthfully): wait for it
    // to fail back to Pending while the service is still down.
    await expect
      .poll(() => page.getByRole('table', { name: 'Pending changes' }).locator('.badge').allTextContents(), { timeout: 15_000 })
      .toEqual(['Pending', 'Pending', 'Pending']);
    // How many retries the engine made before the capture depends on real time against its backoff.
    const pending = page.getByRole('table', { name: 'Pending changes' });
    expect(await pending.locator('[role="columnheader"]:nth-child(5)').textContent()).toBe('Retries');
    const retries = pending.locator('[role="cell"]:nth-child(5)');
    // The engine's own probes and retries show as "Syncing…" for a moment: capture the state the user
    // sees between them.
    await expect.poll(() => bar.getByText('Sandbox: Offline').count(), { timeout: 15_000 }).toBe(1);
    // The first two changes were tried against the stopped service. The last one queued may never
    // be while it stays down: a retry sends the oldest change first and stops at the first that
    // cannot connect, so the last waits with no message of its own ("—") unless its own edit's
    // push ran while both older ones were still backing off.
    const messages = pending.locator('[role="cell"]:nth-child(4)');
    await expect
      .poll(() => messages.allTextContents(), { timeout: 15_000 })
      .toEqual([expect.stringMatching(/^Could not connect/), expect.stringMatching(/^Could not connect/), expect.stringMatching(/^(Could not connect|—$)/)]);
    const between = async () =>
      (await bar.getByText('Sandbox: Offline').count()) === 1 &&
      (await page.getByRole('table', { name: 'Pending changes' }).locator('.badge').allTextContents()).every((badge) => badge === 'Pending');
    await shoot(page, 'pending-offline', { mask: [retries, messages.nth(2)], steady: between });

    // Back on the same port with the same data; the app's reachability probe finds it.
    restarted = await startSandbox({ host: '127.0.0.1', port, keys: [key], dataFile, demo: false });
    await bar.getByText('No pending changes').waitFor({ timeout: 40_000 });
    await bar.getByText('Sandbox: Online').waitFor();
    await page.getByText('Everything is in sync with the service.').waitFor();

    const direct = new ServiceClient({ baseUrl: restarted.url, apiKey: key });
    const domains = (await direct.resource('domains').list({ resultsPerPage: 100 })).data;
    expect(domains.map((d) => d.host).sort()).toEqual(['go.example.com', 'links.example.org', 'offline.example.com']);
    expect(domains.find((d) => d.host === 'go.example.com')?.custom_index_url).toBe('https://www.example.com/offline');
    const handlers = (await direct.resource('handlers').list({ resultsPerPage: 100 })).data;
    expect(handlers.find((h) => h.name === 'Marketing inbox')?.is_enabled).toBe(false);
  });
});
