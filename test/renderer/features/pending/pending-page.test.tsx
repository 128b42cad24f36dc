// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { cleanup, renderApp } from '../../screens-harness.tsx';
import { FakeService, onCall } from '../../sync/fake-service.ts';
import { useNavigation } from '../../../../src-renderer/session/navigation-store.ts';
import { MANY_WAITS } from '../../../support/patience.ts';

afterEach(() => cleanup());

const table = () => screen.getByRole('table', { name: 'Pending changes' });
const rows = () => within(table()).queryAllByRole('row').slice(1);
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);
const go = (view: 'domains' | 'pending') => useNavigation.getState().go(view);

/** The open confirmation (toasts are alert dialogs too, in the toast region). */
const confirmDialog = async (): Promise<HTMLElement> =>
  (await screen.findAllByRole('alertdialog')).find((el) => !el.closest('.toast-region')) ?? Promise.reject(new Error('no confirmation open'));

describe('pending changes page', () => {
  it('lists a refused create with the service’s message and attempts, and retries it', async () => {
    const service = new FakeService();
    const { user } = await renderApp(service, 'domains');
    service.fail({ match: onCall('domains.create'), error: { kind: 'validation', status: 422, message: 'Domain limit reached for this plan.' } });
    await user.click(screen.getByRole('button', { name: 'New domain' }));
    await user.type(screen.getByLabelText('Host'), 'new.example.com{Enter}');
    await waitFor(() => expect(screen.getByText('Failed')).toBeTruthy());
    // The status bar says something needs attention and leads to this page.
    await user.click(await screen.findByRole('button', { name: '1 needs attention' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(cells(rows()[0]!).slice(0, 5)).toEqual(['Domainnew.example.com', 'Create', 'Failed', 'Domain limit reached for this plan.', '0']);

    await user.click(screen.getByRole('button', { name: 'Retry new.example.com' }));
    await waitFor(() => expect(service.rows.domains.size).toBe(1));
    await waitFor(() => expect(screen.getByText('Everything is in sync with the service.')).toBeTruthy());
  });

  it('counts retries of a change the service keeps failing for a passing reason', async () => {
    const service = new FakeService();
    service.seedDomain({ host: 'a.example.com' });
    const { user } = await renderApp(service, 'domains');
    service.fail({ match: onCall('domains.update'), times: 100, error: { kind: 'server', status: 503, message: 'The service is overloaded (503).' } });
    await user.click(await screen.findByRole('switch', { name: 'Enabled: a.example.com' }));
    go('pending');
    await waitFor(() => expect(cells(rows()[0]!).slice(2, 5)).toEqual(['Pending', 'The service is overloaded (503).', '1']));
    // Not failed: no Retry button, but it can be discarded.
    expect(screen.queryByRole('button', { name: 'Retry a.example.com' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Discard a.example.com' })).toBeTruthy();
  });

  it('shows offline changes as pending, discards one after confirming, and edits another in its editor', MANY_WAITS, async () => {
    const service = new FakeService();
    service.seedDomain({ host: 'a.example.com' });
    service.seedHandler({ name: 'Ops', settings: { email: 'ops@example.com' } });
    const { user } = await renderApp(service, 'domains');
    await screen.findByRole('switch', { name: 'Enabled: a.example.com' });
    service.offline = true;
    await user.click(screen.getByRole('switch', { name: 'Enabled: a.example.com' }));
    await waitFor(() => expect(screen.getByRole('button', { name: /1 pending change/ })).toBeTruthy());
    useNavigation.getState().go('handlers');
    await user.click(await screen.findByRole('button', { name: 'Delete Ops' }));
    await user.click(within(await confirmDialog()).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getByRole('button', { name: /2 pending changes/ })).toBeTruthy());

    go('pending');
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(cells(rows()[0]!).slice(0, 3)).toEqual(['Domaina.example.com', 'Change enabled', 'Pending']);
    expect(cells(rows()[1]!).slice(0, 3)).toEqual(['Notification handlerOps', 'Delete', 'Pending']);
    // A delete has nothing to edit.
    expect(screen.queryByRole('button', { name: 'Edit Ops' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Discard a.example.com' }));
    let confirm = await confirmDialog();
    expect(confirm.textContent).toContain('Change enabled');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(rows()).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Discard a.example.com' }));
    confirm = await confirmDialog();
    await user.click(within(confirm).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(rows()).toHaveLength(1));

    go('domains');
    // The discarded change is gone from the mirror too: the domain is enabled again.
    await waitFor(() =>
      expect(
        screen.getByRole('switch', { name: 'Enabled: a.example.com' }).getAttribute('aria-checked') ??
          (screen.getByRole('switch', { name: 'Enabled: a.example.com' }) as HTMLInputElement).checked.toString(),
      ).toBe('true'),
    );

    // Edit from the pending page opens the domain editor on the row.
    await user.click(screen.getByRole('button', { name: 'Edit a.example.com' }));
    await screen.findByRole('dialog', { name: 'Edit a.example.com' });
    await user.clear(screen.getByLabelText('Host'));
    await user.type(screen.getByLabelText('Host'), 'b.example.com{Enter}');
    go('pending');
    await waitFor(() => expect(rows()).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Edit b.example.com' }));
    const editor = await screen.findByRole('dialog', { name: 'Edit b.example.com' });
    expect((within(editor).getByLabelText('Host') as HTMLInputElement).value).toBe('b.example.com');
    await user.click(within(editor).getByRole('button', { name: 'Cancel' }));

    service.offline = false;
    // Sync now is disabled while a cycle runs (a probe may have started one): press it once it is not.
    const syncNow = screen.getAllByRole('button', { name: 'Sync now' })[0] as HTMLButtonElement;
    await waitFor(() => expect(syncNow.disabled).toBe(false));
    await user.click(syncNow);
    await waitFor(() => expect(screen.getByText('Everything is in sync with the service.')).toBeTruthy());
    expect([...service.rows.domains.values()].map((d) => [d.host, d.is_enabled])).toEqual([['b.example.com', true]]);
    expect(service.rows.handlers.size).toBe(0);
  });

  it('a bulk create is one pending change for all its links; discarding it drops them all', async () => {
    const service = new FakeService();
    const { user } = await renderApp(service, 'links');
    service.offline = true;
    await user.click(await screen.findByRole('button', { name: 'Bulk create' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create links in bulk' });
    await user.click(within(dialog).getByLabelText('Destination URLs'));
    await user.paste('https://x.example/1\nhttps://x.example/2\nhttps://x.example/3');
    await user.click(within(dialog).getByRole('button', { name: 'Create 3 links' }));
    await waitFor(() => expect(screen.getAllByText('Alias from the service (after sync)')).toHaveLength(3));
    go('pending');
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(cells(rows()[0]!).slice(0, 3)).toEqual([
      'Linkhttps://x.example/1 and 2 more',
      'Create 3 links in one request (aliases from the service)',
      'Pending',
    ]);
    // Its links are changed once created: no Edit here.
    expect(screen.queryByRole('button', { name: /^Edit / })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Discard https://x.example/1 and 2 more' }));
    await user.click(within(await confirmDialog()).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.getByText('Everything is in sync with the service.')).toBeTruthy());
    useNavigation.getState().go('links');
    await waitFor(() => expect(screen.queryAllByText('Alias from the service (after sync)')).toHaveLength(0));
  });

  it('the status bar counts pending changes and counts down while the rate-limit window is spent', async () => {
    const service = new FakeService();
    service.seedDomain({ host: 'a.example.com' });
    const { user, workspace } = await renderApp(service, 'domains');
    const bar = () => screen.getByRole('contentinfo', { name: 'Sync status' });
    await waitFor(() => expect(bar().textContent).toContain('Test: Online'));
    expect(bar().textContent).toContain('No pending changes');
    service.offline = true;
    service.emitRateLimit({ workspaceId: workspace.id, limit: 60, remaining: 0, resetAt: Date.now() + 90_000 });
    await user.click(screen.getByRole('switch', { name: 'Enabled: a.example.com' }));
    await waitFor(() => expect(bar().textContent).toContain('1 pending change'));
    const timer = await within(bar()).findByRole('timer', { name: 'Waiting for the rate limit' });
    expect(timer.textContent).toMatch(/Waiting for the rate limit: 1:(2\d|3[01])/);
  });

  it('opens the conflict view from the page and resolves the conflict', async () => {
    const service = new FakeService();
    const domain = service.seedDomain({ host: 'base.example.com' });
    const { user } = await renderApp(service, 'domains');
    await user.click(await screen.findByRole('button', { name: 'Edit base.example.com' }));
    await screen.findByRole('dialog', { name: 'Edit base.example.com' });
    service.offline = true;
    await user.clear(screen.getByLabelText('Host'));
    await user.type(screen.getByLabelText('Host'), 'mine.example.com{Enter}');
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Domains' })).getByText('Pending sync')).toBeTruthy());
    service.rows.domains.get(domain.id)!.host = 'theirs.example.com';
    service.offline = false;
    go('pending');
    await user.click(screen.getAllByRole('button', { name: 'Sync now' })[0]!);
    await user.click(await screen.findByRole('button', { name: 'Resolve mine.example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Conflict: mine.example.com' });
    expect(within(dialog).getByTestId('theirs-host').textContent).toBe('theirs.example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Keep all mine' }));
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(service.rows.domains.get(domain.id)?.host).toBe('mine.example.com'));
  });
});
