import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { request } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ShortenRequest } from '../../../src-preload/contract/index.ts';
import { generateAlias } from '../../../src-main/desktop/alias.ts';
import { withTempDir } from '../../support/temp-dir.ts';
import { eventually } from './fakes.ts';
import { addWorkspace, makeRunningDesktop, type Desktop } from './harness.ts';

const queueFile = (dir: string) => path.join(dir, 'shorten-queue.json');
async function queuedOnDisk(dir: string): Promise<ShortenRequest[]> {
  try {
    return (JSON.parse(await readFile(queueFile(dir), 'utf8')) as { requests: ShortenRequest[] }).requests;
  } catch {
    return [];
  }
}

/** The renderer's half, as the outbox will do it: create the link, then acknowledge. */
async function rendererTakes(desktop: Desktop, shortenRequest: ShortenRequest): Promise<void> {
  await desktop.call('links.create', {
    workspaceId: shortenRequest.workspaceId,
    input: { location_url: shortenRequest.location_url, url: shortenRequest.url, domain_id: 0 },
  });
  await desktop.call('links.shortenAccepted', { requestId: shortenRequest.requestId });
}

describe('generateAlias', () => {
  it('makes 7 characters of [a-zA-Z0-9], evenly, from a crypto source', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 2000; i += 1) {
      const alias = generateAlias();
      expect(alias).toMatch(/^[a-zA-Z0-9]{7}$/);
      seen.add(alias);
    }
    expect(seen.size).toBe(2000);
    // Bytes from 248 up are skipped so no character is favoured.
    expect(generateAlias((bytes) => bytes.fill(255).fill(0, 7), 7)).toBe('aaaaaaa');
    expect(generateAlias((bytes) => bytes.map((_, i) => (i % 2 ? 250 : 61)), 3)).toBe('999');
  });
});

describe('shorten from clipboard through main (sandbox workspace)', () => {
  let temp: { dir: string; cleanup: () => Promise<void> };
  let desktop: Desktop;

  beforeEach(async () => {
    temp = await withTempDir();
    desktop = await makeRunningDesktop({ dir: temp.dir }); // first run: the embedded sandbox workspace
  });
  afterEach(async () => {
    await desktop.shell.stop();
    await temp.cleanup();
  });

  it('online: short URL on the clipboard at once, request queued until the outbox acknowledges, link works', async () => {
    const window = desktop.windows[0]!;
    const sandbox = desktop.shell.sandbox!;
    desktop.clipboard.text = '  https://www.example.com/spring/offer?ref=tray  ';

    desktop.shortcuts.press('CommandOrControl+Shift+L');
    await eventually(() => expect(desktop.clipboard.text).not.toContain('www.example.com'));

    const shortUrl = desktop.clipboard.text;
    expect(shortUrl).toMatch(new RegExp(`^${sandbox.running.url}[a-zA-Z0-9]{7}$`));
    expect(desktop.notices.at(-1)).toMatchObject({ title: 'Short URL copied' });
    expect(desktop.notices.at(-1)?.body).toContain(shortUrl);

    const [sent] = window.received('links.shortenRequested') as ShortenRequest[];
    expect(sent).toMatchObject({
      workspaceId: sandbox.workspaceId,
      location_url: 'https://www.example.com/spring/offer?ref=tray',
      shortUrl,
      url: shortUrl.slice(sandbox.running.url.length),
    });
    expect(await queuedOnDisk(temp.dir)).toEqual([sent]);
    expect(await desktop.call('links.shortenPending', {})).toEqual([sent]);

    await rendererTakes(desktop, sent!);
    expect(await queuedOnDisk(temp.dir)).toEqual([]);
    expect(await desktop.call('links.shortenPending', {})).toEqual([]);

    // The copied URL is the service's: it redirects to the destination.
    const response = await request(shortUrl, { method: 'GET' });
    await response.body.dump();
    expect(response.statusCode).toBeGreaterThanOrEqual(301);
    expect(response.statusCode).toBeLessThanOrEqual(308);
    expect(response.headers['location']).toBe('https://www.example.com/spring/offer?ref=tray');
  });

  it('offline (sandbox stopped): still copies at once; the request survives a restart and is re-sent until acknowledged', async () => {
    const sandbox = desktop.shell.sandbox!;
    const port = sandbox.running.port;
    await sandbox.running.close();

    desktop.clipboard.text = 'http://intranet.example/page';
    const outcome = await desktop.shell.shortenFromClipboard();
    expect(outcome.ok).toBe(true);
    expect(desktop.clipboard.text).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${port}/[a-zA-Z0-9]{7}$`));
    const copied = desktop.clipboard.text;
    const [queued] = await queuedOnDisk(temp.dir);
    expect(queued).toMatchObject({ shortUrl: copied, location_url: 'http://intranet.example/page' });

    // The window is closed before its outbox took the request (or the app crashed): a new run.
    await desktop.shell.stop();
    desktop = await makeRunningDesktop({ dir: temp.dir });
    expect(desktop.shell.sandbox?.running.port).toBe(port); // same port: the copied URL keeps working
    const window = desktop.windows[0]!;
    expect(window.received('links.shortenRequested')).toEqual([]);
    window.contentEvents.fire('did-finish-load');
    expect(window.received('links.shortenRequested')).toEqual([queued]);
    // A reload before the acknowledgement sends it again (the renderer dedupes by requestId).
    window.contentEvents.fire('did-finish-load');
    expect(window.received('links.shortenRequested')).toEqual([queued, queued]);

    await rendererTakes(desktop, queued!);
    expect(await queuedOnDisk(temp.dir)).toEqual([]);
    window.contentEvents.fire('did-finish-load');
    expect(window.received('links.shortenRequested')).toHaveLength(2);
    // Acknowledging twice is harmless.
    await expect(desktop.call('links.shortenAccepted', { requestId: queued!.requestId })).resolves.toBeNull();

    const response = await request(copied, { method: 'GET' });
    await response.body.dump();
    expect(response.headers['location']).toBe('http://intranet.example/page');
  });

  it('refuses what is not an http(s) URL with a clear notification, leaving the clipboard alone', async () => {
    for (const text of [
      '',
      'just words',
      'ftp://files.example.com/x',
      'javascript:alert(1)',
      'https://exa mple.com/',
      `https://example.com/${'x'.repeat(3000)}`,
    ]) {
      desktop.clipboard.text = text;
      const outcome = await desktop.shell.shortenFromClipboard();
      expect(outcome).toMatchObject({ ok: false, reason: 'not-a-url' });
      expect(desktop.clipboard.text).toBe(text);
      expect(desktop.notices.at(-1)?.title).toBe('Nothing to shorten');
    }
    expect(desktop.notices.at(-1)?.body).toMatch(/http:\/\/ or https:\/\//);
    expect(await queuedOnDisk(temp.dir)).toEqual([]);
    expect(desktop.windows[0]!.received('links.shortenRequested')).toEqual([]);
  });

  it('a clipboard that refuses the short URL still leaves the request queued and sent', async () => {
    desktop.clipboard.text = 'https://example.com/keep';
    desktop.clipboard.refuse = new Error('clipboard busy');
    const outcome = await desktop.shell.shortenFromClipboard();
    expect(outcome.ok).toBe(true);
    expect(desktop.notices.at(-1)).toMatchObject({ title: 'Short URL not copied' });
    expect(desktop.notices.at(-1)?.body).toContain('clipboard busy');
    const [queued] = await queuedOnDisk(temp.dir);
    expect(queued).toMatchObject({ location_url: 'https://example.com/keep' });
    expect(desktop.windows[0]!.received('links.shortenRequested')).toEqual([queued]);
  });

  it('a sync failure reported by the renderer becomes a native notification that opens Pending changes', async () => {
    const window = desktop.windows[0]!;
    window.hide();
    await desktop.call('notify.syncProblem', {
      kind: 'failed',
      workspaceId: desktop.shell.sandbox!.workspaceId,
      title: 'Link could not be created',
      body: 'The alias "launch" is already taken.',
    });
    const notice = desktop.notices.at(-1)!;
    expect(notice).toMatchObject({ title: 'Link could not be created', body: 'The alias "launch" is already taken.' });
    notice.onClick?.();
    expect(window.visible).toBe(true);
    expect(window.received('app.navigate')).toEqual([{ view: 'pending', workspaceId: desktop.shell.sandbox!.workspaceId }]);

    await desktop.call('notify.syncProblem', { kind: 'key-refused', title: 'API key refused', body: 'Enter a new key.' });
    desktop.notices.at(-1)!.onClick?.();
    expect(window.received('app.navigate').at(-1)).toEqual({ view: 'settings' });
    await expect(desktop.call('notify.syncProblem', { kind: 'other', title: 'x', body: '' })).rejects.toMatchObject({ data: { kind: 'invalid-input' } });
  });
});

describe('shorten from clipboard: workspace cases', () => {
  let temp: { dir: string; cleanup: () => Promise<void> };
  beforeEach(async () => {
    temp = await withTempDir();
  });
  afterEach(async () => {
    await temp.cleanup();
  });

  it('uses the current workspace and its main domain, base path included', async () => {
    let docs = '';
    const desktop = await makeRunningDesktop({
      dir: temp.dir,
      newAlias: () => 'Abc1234',
      seed: async (services) => {
        await addWorkspace(services, 'Marketing', 'https://links.example.com/');
        docs = (await addWorkspace(services, 'Docs', 'https://example.org/s')).id;
      },
    });
    try {
      await desktop.call('workspaces.setCurrent', { workspaceId: docs });
      desktop.clipboard.text = 'https://example.net/';
      await desktop.shell.shortenFromClipboard();
      expect(desktop.clipboard.text).toBe('https://example.org/s/Abc1234');
    } finally {
      await desktop.shell.stop();
    }
  });

  it('without any workspace says so and opens the window', async () => {
    const desktop = await makeRunningDesktop({
      dir: temp.dir,
      // The user deleted the first-run sandbox earlier: no new one is made.
      seed: async () => {
        const { writeFile } = await import('node:fs/promises');
        await writeFile(path.join(temp.dir, 'desktop-settings.json'), JSON.stringify({ version: 1, sandboxCreated: true }));
      },
    });
    try {
      expect(desktop.shell.sandbox).toBeNull();
      desktop.windows[0]!.hide();
      desktop.clipboard.text = 'https://example.net/';
      expect(await desktop.shell.shortenFromClipboard()).toMatchObject({ ok: false, reason: 'no-workspace' });
      expect(desktop.clipboard.text).toBe('https://example.net/');
      desktop.notices.at(-1)?.onClick?.();
      expect(desktop.windows[0]!.visible).toBe(true);
    } finally {
      await desktop.shell.stop();
    }
  });
});
