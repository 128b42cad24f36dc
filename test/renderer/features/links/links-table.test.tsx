// @vitest-environment happy-dom
// The Links table's rows: the short URL shows its alias whole, Copy waits for the service, badges
// never clip (most important first, the rest counted), one Tab stop per row, headers sort,
// filters in force show as chips, and "select all matching" reaches past the page.
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LinksScreen } from '../../../../src-renderer/features/links/LinksPage.tsx';
import { statusBadges } from '../../../../src-renderer/features/links/StatusBadges.tsx';
import type { LinkEntry } from '../../../../src-renderer/features/links/link-index.ts';
import { forgetRememberedState } from '../../../../src-renderer/session/remembered-state.ts';
import type { WorkspaceSession } from '../../../../src-renderer/session/workspace-session.tsx';
import { choose, domain, mirrorRow, openSession, renderWithApi, serverLink } from './links-harness.tsx';

const N = 60;
let session: WorkspaceSession;
beforeAll(async () => {
  session = await openSession();
  const { db } = session.sync;
  await db.domains.bulkPut([mirrorRow(domain(5, 'a-rather-long-custom-domain.example.com'), { clientId: 'dom-5' })]);
  await db.links.bulkPut(
    Array.from({ length: N }, (_, k) => {
      const i = k + 1;
      const base = serverLink(i, {
        clicks: i * 3,
        domain_id: i % 2 === 0 ? 5 : 0,
        datetime: `2026-01-${String(1 + (i % 28)).padStart(2, '0')} 10:${String(i).padStart(2, '0')}:00`,
        start_date: i === 2 ? '2026-01-01 00:00:00' : null,
        settings: { password: i === 2 ? 'pw' : null, sensitive_content: false },
      });
      return mirrorRow(base, { clientId: `c${i}`, writeOnly: i === 2 ? { is_enabled: false } : {} });
    }),
  );
  // A link made here that the service has not created yet.
  await db.links.put({
    ...mirrorRow(serverLink(999, { url: 'not-yet' })),
    clientId: 'new-1',
    serverId: null,
    base: null,
    local: { url: 'not-yet', location_url: 'https://x.example/' },
    updatedAt: Date.UTC(2026, 1, 1),
  });
});
afterEach(() => {
  cleanup();
  forgetRememberedState();
});

const table = () => screen.getByRole('table', { name: 'Links' });
const bodyRows = () => within(table()).getAllByRole('row').slice(1);
const total = () => screen.getByRole('navigation', { name: 'links pages' }).querySelector('.pager-total')?.textContent;
const ready = () => waitFor(() => expect(total()).toBe(`1–25 of ${N + 1} links`));

describe('links table', () => {
  it('shows the alias whole beside its host, with the full URL as the tooltip', async () => {
    const { user } = renderWithApi(<LinksScreen session={session} />);
    await ready();
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'alias-0060');
    const cell = table().querySelector<HTMLElement>('.short-url')!;
    expect(cell.querySelector('.short-url-alias')?.textContent).toBe('alias-0060');
    expect(cell.querySelector('.short-url-host')?.textContent).toBe('a-rather-long-custom-domain.example.com/');
    expect(cell.getAttribute('title')).toBe('https://a-rather-long-custom-domain.example.com/alias-0060');
  });

  it('offers Copy only once the service has created the link, and says why not before', async () => {
    const { user } = renderWithApi(<LinksScreen session={session} />);
    await ready();
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'not-yet');
    const waiting = screen.getByRole('button', { name: 'Copy short URL not-yet' });
    expect((waiting as HTMLButtonElement).disabled).toBe(true);
    expect(waiting.getAttribute('title')).toMatch(/not created this link yet/);
    expect(screen.getByText('Not created yet')).toBeTruthy();
    await user.clear(screen.getByRole('searchbox', { name: 'Search' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'alias-0060');
    expect((screen.getByRole('button', { name: 'Copy short URL alias-0060' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('is one Tab stop per list: only the focused row’s controls are in the Tab order', async () => {
    const { user } = renderWithApi(<LinksScreen session={session} />);
    await ready();
    const tabbable = (row: HTMLElement) => [...row.querySelectorAll<HTMLElement>('button, input')].filter((el) => el.tabIndex >= 0);
    const [first, second] = bodyRows() as [HTMLElement, HTMLElement];
    expect(first.tabIndex).toBe(0);
    expect(second.tabIndex).toBe(-1);
    expect(tabbable(first).length).toBe(5); // select, short URL, Copy, Edit, Pin
    expect(tabbable(second)).toEqual([]);
    first.focus();
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(bodyRows()[1]!.tabIndex).toBe(0));
    expect(tabbable(bodyRows()[1]!).length).toBe(5);
    expect(tabbable(bodyRows()[0]!)).toEqual([]);
  });

  it('sorts by a column when its header is pressed, and turns the direction on a second press', async () => {
    const { user } = renderWithApi(<LinksScreen session={session} />);
    await ready();
    const header = (name: string) => within(table()).getByRole('columnheader', { name });
    expect(header('Created').getAttribute('aria-sort')).toBe('descending');
    await user.click(within(header('Clicks')).getByRole('button'));
    expect(header('Clicks').getAttribute('aria-sort')).toBe('descending');
    expect(header('Created').getAttribute('aria-sort')).toBe('none');
    expect(bodyRows()[0]!.querySelector('.short-url-alias')?.textContent).toBe('alias-0060');
    await user.click(within(header('Clicks')).getByRole('button'));
    expect(header('Clicks').getAttribute('aria-sort')).toBe('ascending');
    expect(bodyRows()[0]!.querySelector('.short-url-alias')?.textContent).toBe('not-yet');
    await user.click(within(header('Short URL')).getByRole('button'));
    expect(header('Short URL').getAttribute('aria-sort')).toBe('ascending');
    expect(bodyRows()[0]!.querySelector('.short-url-alias')?.textContent).toBe('alias-0001');
  });

  it('shows the filters in force as chips that remove them, and clears them all', async () => {
    const { user } = renderWithApi(<LinksScreen session={session} />);
    await ready();
    expect(screen.queryByRole('group', { name: 'Filters in force' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    await choose(user, 'Enabled', 'Disabled');
    await choose(user, 'Domain', 'a-rather-long-custom-domain.example.com');
    expect(total()).toBe('1–1 of 1 link');
    expect(screen.getByRole('button', { name: 'Filters (2)' }).getAttribute('aria-expanded')).toBe('true');
    // Closing the panel leaves the chips: a filter is never in force unseen.
    await user.click(screen.getByRole('button', { name: 'Filters (2)' }));
    const chips = screen.getByRole('group', { name: 'Filters in force' });
    await user.click(within(chips).getByRole('button', { name: 'Remove filter Enabled: Disabled' }));
    expect(total()).toBe('1–25 of 30 links');
    await user.click(within(chips).getByRole('button', { name: 'Clear filters' }));
    expect(total()).toBe(`1–25 of ${N + 1} links`);
    expect(screen.queryByRole('group', { name: 'Filters in force' })).toBeNull();
  });

  it('filters by created day range, shown as one chip', async () => {
    const { user } = renderWithApi(<LinksScreen session={session} />);
    await ready();
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    fireEvent.change(screen.getByLabelText('Created from'), { target: { value: '2026-01-10' } });
    fireEvent.change(screen.getByLabelText('Created to'), { target: { value: '2026-01-12' } });
    // Days 10–12 are links 9–11 and 37–39.
    await waitFor(() => expect(total()).toBe('1–6 of 6 links'));
    const chip = within(screen.getByRole('group', { name: 'Filters in force' })).getByRole('button', {
      name: 'Remove filter Created: 2026-01-10 to 2026-01-12',
    });
    await user.click(chip);
    expect(total()).toBe(`1–25 of ${N + 1} links`);
  });

  it('selects every matching link, not just the page', async () => {
    const { user } = renderWithApi(<LinksScreen session={session} />);
    await ready();
    await user.click(screen.getByRole('checkbox', { name: 'Select page' }));
    const bar = screen.getByRole('region', { name: 'Selected links' });
    expect(within(bar).getByText('25 selected')).toBeTruthy();
    await user.click(within(bar).getByRole('button', { name: `Select all ${N + 1} matching` }));
    expect(within(bar).getByText(`All ${N + 1} matching selected`)).toBeTruthy();
    expect(within(bar).queryByRole('button', { name: /Select all/ })).toBeNull();
  });
});

describe('status badges', () => {
  const entry = (patch: Partial<LinkEntry>): LinkEntry => ({
    clientId: 'x',
    serverId: 1,
    alias: 'a',
    destination: 'https://d',
    aliasLower: 'a',
    destinationLower: 'https://d',
    domainKey: '0',
    clicks: 0,
    created: '',
    enabled: true,
    scheduled: false,
    protected: false,
    expired: false,
    deletedLocally: false,
    ...patch,
  });
  it('put where the sync stands first, then what stops the link redirecting, then the rest', () => {
    const labels = statusBadges(entry({ enabled: false, scheduled: true, protected: true, expired: true }), 'failed', true).map((b) => b.label);
    expect(labels).toEqual(['Failed', 'Expired', 'Disabled', 'Scheduled', 'Protected', 'Pinned']);
  });
  it('in a row show two and count the rest, naming them for screen readers and the tooltip', async () => {
    const { user } = renderWithApi(<LinksScreen session={session} />);
    await ready();
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'alias-0002');
    // Link 2 is disabled, scheduled and password-protected.
    await waitFor(() => expect(within(table()).getByText('+1')).toBeTruthy());
    expect([...table().querySelectorAll('.badges > .badge')].map((b) => b.textContent)).toEqual(['Disabled', 'Scheduled', '+1Protected']);
    const more = within(table()).getByText('+1').closest('.badge')!;
    expect(more.getAttribute('title')).toBe('Protected');
  });
});
