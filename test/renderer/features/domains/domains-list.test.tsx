// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { choose, cleanup, renderApp } from '../../screens-harness.tsx';
import { FakeService } from '../../sync/fake-service.ts';
import { MANY_WAITS } from '../../../support/patience.ts';

afterEach(() => cleanup());

const total = () => screen.getByRole('navigation', { name: 'domains pages' }).querySelector('.pager-total')?.textContent;
const hosts = () =>
  within(screen.getByRole('table', { name: 'Domains' }))
    .queryAllByRole('row')
    .slice(1)
    .map((row) => row.querySelector('.cell-strong')?.textContent);

describe('domains list', () => {
  it('pages, sorts, searches and filters the mirror like the API pages', MANY_WAITS, async () => {
    const service = new FakeService();
    for (let i = 1; i <= 30; i++) {
      service.seedDomain({
        host: `host${String(i).padStart(2, '0')}.example.com`,
        datetime: `2026-01-${String(i).padStart(2, '0')} 10:00:00`,
        is_enabled: i % 3 !== 0,
      });
    }
    const { user } = await renderApp(service, 'domains');
    await waitFor(() => expect(total()).toBe('1–25 of 30 domains'));
    // Newest first by default.
    expect(hosts()[0]).toBe('host30.example.com');

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(total()).toBe('26–30 of 30 domains');

    await choose(user, 'Sort', 'Host A–Z');
    expect(total()).toBe('1–25 of 30 domains');
    expect(hosts()[0]).toBe('host01.example.com');
    await choose(user, 'Sort', 'Host Z–A');
    expect(hosts()[0]).toBe('host30.example.com');
    await choose(user, 'Sort', 'Oldest first');
    expect(hosts().slice(0, 2)).toEqual(['host01.example.com', 'host02.example.com']);

    await choose(user, 'Per page', '10');
    expect(total()).toBe('1–10 of 30 domains');

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'host1');
    await waitFor(() => expect(total()).toBe('1–10 of 10 domains'));
    expect(hosts().every((h) => h?.startsWith('host1'))).toBe(true);
    await user.clear(screen.getByRole('searchbox', { name: 'Search' }));

    await choose(user, 'Enabled', 'Disabled');
    expect(total()).toBe('1–10 of 10 domains');
    await choose(user, 'Per page', '25');
    expect(hosts()).toEqual(['03', '06', '09', '12', '15', '18', '21', '24', '27', '30'].map((n) => `host${n}.example.com`));
  });

  it('filters pending rows, switches a domain off, and deletes one after confirming', { timeout: 60_000 }, async () => {
    const service = new FakeService();
    const a = service.seedDomain({ host: 'a.example.com' });
    const b = service.seedDomain({ host: 'b.example.com' });
    const { user } = await renderApp(service, 'domains');
    await waitFor(() => expect(total()).toBe('1–2 of 2 domains'));

    service.offline = true;
    await user.click(screen.getByRole('switch', { name: 'Enabled: a.example.com' }));
    await waitFor(() => expect(screen.getByText('Pending sync')).toBeTruthy());
    // Under load the filtered list was seen empty for a moment right after the choice (3 of 8
    // runs beside two busy loops; not caught with logging on): the test waits for the settled list.
    await choose(user, 'Sync', 'Pending sync');
    await waitFor(() => expect(hosts()).toEqual(['a.example.com']));
    await choose(user, 'Sync', 'In sync');
    await waitFor(() => expect(hosts()).toEqual(['b.example.com']));
    await choose(user, 'Sync', 'Any');

    service.offline = false;
    await user.click(screen.getByRole('button', { name: 'Delete b.example.com' }));
    const dialog = await screen.findByRole('alertdialog', { name: /Delete/ });
    expect(dialog.textContent).toContain('b.example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(hosts()).toContain('b.example.com');
    await user.click(screen.getByRole('button', { name: 'Delete b.example.com' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: /Delete/ })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(hosts()).toEqual(['a.example.com']));
    // The delete waits while its toast offers Undo; Sync now sends it at once.
    await screen.findByRole('alertdialog', { name: /Deleted 1 domain/ });
    expect(service.rows.domains.has(b.id)).toBe(true);
    const syncNow = screen.getByRole('button', { name: 'Sync now' }) as HTMLButtonElement;
    // The sync cycle the edits started may still run: on a busy machine it takes seconds here.
    await waitFor(() => expect(syncNow.disabled).toBe(false), { timeout: 20_000 });
    await user.click(syncNow);
    await waitFor(() => expect(service.rows.domains.has(b.id)).toBe(false), { timeout: 20_000 });
    await waitFor(() => expect(service.rows.domains.get(a.id)?.is_enabled).toBe(false), { timeout: 20_000 });
  });

  it('says how many links go with a domain before it is deleted', async () => {
    const service = new FakeService();
    const shop = service.seedDomain({ host: 'shop.example.com' });
    service.seedDomain({ host: 'empty.example.com' });
    for (const url of ['one', 'two', 'three']) service.seedLink({ url, domain_id: shop.id });
    service.seedLink({ url: 'main-domain', domain_id: 0 });
    const { user } = await renderApp(service, 'domains');
    await waitFor(() => expect(total()).toBe('1–2 of 2 domains'));
    // The links' first listing follows the domains'.
    await waitFor(() => expect(screen.getByRole('contentinfo', { name: 'Sync status' }).textContent).not.toContain('never'));

    await user.click(screen.getByRole('button', { name: 'Delete shop.example.com' }));
    const dialog = await screen.findByRole('alertdialog', { name: /Delete/ });
    await waitFor(() => expect(dialog.textContent).toContain('Its 3 links are deleted with it'));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('button', { name: 'Delete empty.example.com' }));
    const other = await screen.findByRole('alertdialog', { name: /Delete/ });
    await waitFor(() => expect(other.textContent).toContain('No links use it.'));
  });
});
