// The Shorten window (tray → "Shorten Clipboard…") in the desktop shell, with the real services and
// fakes for Electron: made once and focused on a second use, what it offers (the clipboard, each
// workspace's domains from the tray cache), input checked by the contract's schema, the link queued
// for the main window's outbox like the one-step shorten, and the window closed after Shorten.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type TrayCache } from '../../../src-preload/contract/index.ts';
import { withTempDir } from '../../support/temp-dir.ts';
import { eventually } from './fakes.ts';
import { addWorkspace, makeRunningDesktop, type Desktop } from './harness.ts';

let temp: { dir: string; cleanup: () => Promise<void> };
let desktop: Desktop;
let w1: string;
let w2: string;

const cache = (workspaceId: string, domains: TrayCache['domains']): TrayCache => ({
  workspaceId,
  recent: [],
  pinned: [],
  domains,
  status: { online: true, pending: 0, problems: 0 },
});

beforeEach(async () => {
  temp = await withTempDir();
  desktop = await makeRunningDesktop({
    dir: temp.dir,
    newAlias: () => 'Gen1234',
    seed: async (services) => {
      w1 = (await addWorkspace(services, 'Marketing', 'https://links.example.com/')).id;
      w2 = (await addWorkspace(services, 'Docs', 'https://docs.example.org/s/')).id;
    },
  });
  await desktop.call('tray.updateCache', cache(w1, [{ id: 12, host: 'go.brand.test', scheme: 'https://' }]));
});
afterEach(async () => {
  await desktop.shell.stop();
  await temp.cleanup();
});

const openFromTray = () => desktop.tray().item('Shorten Clipboard…').click?.();

describe('the Shorten window', () => {
  it('is made once: a second use brings the open one forward; closed, the next use makes a new one', async () => {
    openFromTray();
    await eventually(() => expect(desktop.shortenWindows).toHaveLength(1));
    const first = desktop.shortenWindows[0]!;
    first.minimized = true;
    openFromTray();
    await eventually(() => expect(first.focused).toBe(1));
    expect(first.minimized).toBe(false);
    expect(desktop.shortenWindows).toHaveLength(1);
    expect(desktop.shell.shortenWindowIds()).toEqual([first.webContents.id]);
    // Not one of the app's windows: the sender check lets it make only its own calls.
    expect(desktop.shell.windowIds()).not.toContain(first.webContents.id);

    await desktop.call('shortenWindow.close', {});
    expect(first.destroyed).toBe(true);
    expect(desktop.shell.shortenWindowIds()).toEqual([]);
    openFromTray();
    await eventually(() => expect(desktop.shortenWindows).toHaveLength(2));
  });

  it('offers the clipboard address and each workspace with its domains, the current one chosen', async () => {
    desktop.clipboard.text = '  https://www.example.com/spring?utm=1 ';
    expect(await desktop.call('shortenWindow.context', {})).toEqual({
      location_url: 'https://www.example.com/spring?utm=1',
      clipboardNote: null,
      currentId: w1,
      workspaces: [
        { id: w1, name: 'Marketing', mainHost: 'links.example.com', domains: [{ id: 12, host: 'go.brand.test', scheme: 'https://' }] },
        { id: w2, name: 'Docs', mainHost: 'docs.example.org/s', domains: [] },
      ],
    });
  });

  it('says plainly when the clipboard holds no web address', async () => {
    desktop.clipboard.text = 'just some words';
    expect(await desktop.call('shortenWindow.context', {})).toMatchObject({
      location_url: '',
      clipboardNote: 'The clipboard holds no web address (an http:// or https:// address). Paste or type the address to shorten.',
    });
    desktop.clipboard.text = '';
    expect(await desktop.call('shortenWindow.context', {})).toMatchObject({ clipboardNote: 'The clipboard is empty. Paste or type the address to shorten.' });
    // The one-step item says the same in its notice.
    desktop.tray().item('Shorten URL from Clipboard').click?.();
    await eventually(() =>
      expect(desktop.notices.at(-1)).toMatchObject({ title: 'Nothing to shorten', body: 'The clipboard is empty. Copy a web address, then try again.' }),
    );
  });

  it('Shorten queues the link on the chosen domain with the chosen alias for the main window, copies its short URL and closes the window', async () => {
    openFromTray();
    await eventually(() => expect(desktop.shortenWindows).toHaveLength(1));
    const result = await desktop.call('shortenWindow.submit', {
      workspaceId: w1,
      location_url: 'https://www.example.com/spring',
      domain_id: 12,
      alias: 'spring-sale',
    });
    expect(result).toEqual({ shortUrl: 'https://go.brand.test/spring-sale' });
    expect(desktop.clipboard.text).toBe('https://go.brand.test/spring-sale');
    const [request] = desktop.windows[0]!.received('links.shortenRequested') as { url: string; domain_id: number; workspaceId: string }[];
    expect(request).toMatchObject({ workspaceId: w1, url: 'spring-sale', domain_id: 12, location_url: 'https://www.example.com/spring' });
    // Held until the main window's outbox acknowledges it, like any shorten request.
    expect(await desktop.call('links.shortenPending', {})).toEqual([request]);
    expect(desktop.shortenWindows[0]!.destroyed).toBe(true);
    expect(desktop.notices.at(-1)?.title).toBe('Short URL copied');

    // No alias, the main domain of another workspace: a generated alias on its site URL.
    expect(await desktop.call('shortenWindow.submit', { workspaceId: w2, location_url: 'https://docs.example.org/guide', alias: '' })).toEqual({
      shortUrl: 'https://docs.example.org/s/Gen1234',
    });
  });

  it('input is checked by the contract schema; a domain or workspace that is not there is refused; nothing is queued', async () => {
    const refused = async (input: unknown) => {
      try {
        await desktop.call('shortenWindow.submit', input);
      } catch (error) {
        return (error as { data: { kind: string; field?: string } }).data;
      }
      throw new Error('accepted');
    };
    const base = { workspaceId: w1, location_url: 'https://www.example.com/x' };
    expect(await refused({ ...base, location_url: 'javascript:alert(1)' })).toMatchObject({ kind: 'invalid-input', field: 'location_url' });
    expect(await refused({ ...base, alias: 'has spaces' })).toMatchObject({ kind: 'invalid-input', field: 'alias' });
    expect(await refused({ ...base, domain_id: -1 })).toMatchObject({ kind: 'invalid-input', field: 'domain_id' });
    expect(await refused({ ...base, shortUrl: 'https://evil.example/' })).toMatchObject({ kind: 'invalid-input' });
    expect(await refused({ ...base, domain_id: 99 })).toMatchObject({ kind: 'invalid-input', field: 'domain_id' });
    expect(await refused({ ...base, workspaceId: 'gone' })).toMatchObject({ kind: 'workspace-not-found' });
    expect(await desktop.call('links.shortenPending', {})).toEqual([]);
  });
});
