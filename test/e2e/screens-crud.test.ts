// The domain, handler, pending-changes and settings screens in Chromium against the preview with
// its sandbox service: create, edit, switch off and delete a domain and a handler through the UI,
// and check each change on the service itself. Screenshots of every screen, light and dark.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningPreview } from '../../src-main/preview/preview-server.ts';
import type { ServiceClient } from '../../src-main/service/client.ts';
import { hasChromium } from '../support/browser.ts';
import { navTo, openSandboxApp, shoot, type SandboxApp } from './screens-support.ts';

describe.skipIf(!hasChromium)('domain and handler screens against the sandbox', () => {
  let app: SandboxApp;
  let preview: RunningPreview;
  let page: Page;
  let direct: ServiceClient;

  beforeAll(async () => {
    app = await openSandboxApp();
    ({ preview, page, direct } = app);
  }, 60_000);
  afterAll(async () => {
    await app?.close();
  });

  const nav = (name: string) => navTo(page, name);
  const serverDomains = async () => (await direct.resource('domains').list({ resultsPerPage: 100 })).data;
  const serverHandlers = async () => (await direct.resource('handlers').list({ resultsPerPage: 100 })).data;

  it('creates, edits, switches off and deletes a domain', { timeout: 60_000 }, async () => {
    await nav('Domains');
    await page.getByRole('button', { name: 'Edit go.example.com' }).waitFor();
    await shoot(page, 'domains');

    await page.getByRole('button', { name: 'New domain' }).click();
    const editor = page.getByRole('dialog', { name: 'New domain' });
    await editor.getByLabel('Host').fill('https://bad host');
    await editor.getByLabel('Custom index URL').fill('ftp://example.com');
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() => editor.locator('.field-error').allTextContents())
      .toEqual(['Enter a host name such as links.example.com (no scheme, path or port)', 'Enter a full http:// or https:// URL']);
    await shoot(page, 'domain-editor-invalid');
    await editor.getByLabel('Host').fill('e2e.example.com');
    await editor.getByLabel('Custom index URL').fill('https://e2e.example.com/home');
    await editor.getByLabel('Custom not-found URL').fill('https://e2e.example.com/404');
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect.poll(async () => (await serverDomains()).find((d) => d.host === 'e2e.example.com')?.custom_index_url).toBe('https://e2e.example.com/home');
    const created = (await serverDomains()).find((d) => d.host === 'e2e.example.com')!;

    await page.getByRole('button', { name: 'Edit e2e.example.com' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit e2e.example.com' });
    // The write-only not-found URL is remembered by the mirror.
    expect(await edit.getByLabel('Custom not-found URL').inputValue()).toBe('https://e2e.example.com/404');
    await edit.getByLabel('Custom index URL').fill('https://e2e.example.com/welcome');
    await edit.getByLabel('Custom index URL').press('Enter');
    await expect.poll(async () => (await direct.resource('domains').get(created.id)).custom_index_url).toBe('https://e2e.example.com/welcome');

    await page.getByRole('switch', { name: 'Enabled: e2e.example.com' }).click({ force: true });
    await expect.poll(async () => (await direct.resource('domains').get(created.id)).is_enabled).toBe(false);

    await page.getByRole('button', { name: 'Delete e2e.example.com' }).click();
    await shoot(page, 'domain-delete-confirm');
    await page
      .getByRole('alertdialog', { name: /^Delete/ })
      .getByRole('button', { name: 'Delete' })
      .click();
    // The delete waits while its toast offers Undo; Sync now sends it at once.
    await page.getByRole('alertdialog', { name: /Deleted 1 domain/ }).waitFor();
    await page.getByRole('contentinfo').getByRole('button', { name: 'Sync now' }).click();
    await expect.poll(async () => (await serverDomains()).some((d) => d.id === created.id), { timeout: 15_000 }).toBe(false);
    expect(await page.getByRole('button', { name: 'Edit e2e.example.com' }).count()).toBe(0);
  });

  it('creates, edits, switches off and deletes a notification handler', { timeout: 60_000 }, async () => {
    await nav('Notification handlers');
    await page.getByRole('button', { name: 'Edit Marketing inbox' }).waitFor();
    // The last test's delete settles first: the status bar is part of the picture.
    await page.getByRole('contentinfo', { name: 'Sync status' }).getByText('No pending changes').waitFor({ timeout: 15_000 });
    await shoot(page, 'handlers');

    await page.getByRole('button', { name: 'New handler' }).click();
    const editor = page.getByRole('dialog', { name: 'New notification handler' });
    await editor.getByLabel('Name').fill('Release chat');
    await editor.getByRole('button', { name: /Type/ }).click();
    await page.getByRole('option', { name: 'Telegram' }).click();
    await editor.getByLabel('Telegram bot token').fill('123456:ABC-token');
    await editor.getByLabel('Telegram chat ID').fill('x'.repeat(300));
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => editor.locator('.field-error').count()).toBe(1);
    await shoot(page, 'handler-editor');
    await editor.getByLabel('Telegram chat ID').fill('-1001234');
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect.poll(async () => (await serverHandlers()).find((h) => h.name === 'Release chat')?.type).toBe('telegram');
    const created = (await serverHandlers()).find((h) => h.name === 'Release chat')!;

    await page.getByRole('button', { name: 'Edit Release chat' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Release chat' });
    expect(await edit.getByLabel('Telegram chat ID').inputValue()).toBe('-1001234');
    await edit.getByLabel('Name').fill('Release room');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect.poll(async () => (await direct.resource('handlers').get(created.id)).name).toBe('Release room');

    await page.getByRole('switch', { name: 'Enabled: Release room' }).click({ force: true });
    await expect.poll(async () => (await direct.resource('handlers').get(created.id)).is_enabled).toBe(false);

    await page.getByRole('button', { name: 'Delete Release room' }).click();
    await page
      .getByRole('alertdialog', { name: /^Delete/ })
      .getByRole('button', { name: 'Delete' })
      .click();
    // Left alone, the delete goes out once its Undo time is over.
    await expect.poll(async () => (await serverHandlers()).some((h) => h.id === created.id), { timeout: 30_000 }).toBe(false);
  });

  it('pauses on a refused key, says so, and resumes with a new key entered on the Workspaces page', async () => {
    const workspace = (await preview.services.workspaces.list()).find((w) => w.sandbox)!;
    const goodKey = (await preview.services.vault.getKey(workspace.id))!;
    // The key in main's vault no longer works (revoked on the service, say).
    await preview.services.workspaces.setKey(workspace.id, 'revoked-key-0000', true);
    await nav('Domains');
    await page.getByRole('switch', { name: 'Enabled: links.example.org' }).click({ force: true });
    const banner = page.getByRole('alert').filter({ hasText: 'refused the API key' });
    await banner.waitFor({ timeout: 15_000 });
    await page.getByRole('contentinfo', { name: 'Sync status' }).getByText('Sandbox: Key refused').waitFor();
    await shoot(page, 'key-refused');

    await banner.getByRole('button', { name: 'Enter a new key' }).click();
    const dialog = page.getByRole('dialog', { name: 'New API key for Sandbox' });
    await dialog.getByLabel('API key').fill('another-wrong-key');
    await dialog.getByRole('button', { name: 'Save key' }).click();
    await dialog.locator('.field-error').waitFor();
    await shoot(page, 'change-key');
    await dialog.getByLabel('API key').fill(goodKey);
    await dialog.getByRole('button', { name: 'Save key' }).click();
    await banner.waitFor({ state: 'detached', timeout: 15_000 });
    const domain = (await serverDomains()).find((d) => d.host === 'links.example.org')!;
    await expect.poll(async () => (await direct.resource('domains').get(domain.id)).is_enabled).toBe(false);
    // The page never held the key.
    expect(await page.content()).not.toContain(goodKey);
  });

  it('shows the pending changes and settings screens', async () => {
    await nav('Pending changes');
    await page.getByText('Everything is in sync with the service.').waitFor();
    await shoot(page, 'pending-empty');
    await nav('Settings');
    await page.getByRole('heading', { name: 'API key storage' }).waitFor();
    // The preview has no desktop: main says so, and the page shows it.
    await page.getByText('The browser preview has no tray').waitFor();
    // The request count includes every retry and extra sync a loaded machine makes: not a fixed number.
    const requests = page.locator('dt:text-is("Requests this session") + dd');
    expect(await requests.count()).toBe(1);
    await shoot(page, 'settings', { mask: [requests] });
  });
});
