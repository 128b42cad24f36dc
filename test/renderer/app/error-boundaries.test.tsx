// @vitest-environment happy-dom
// A screen that throws while it is drawn fails alone (issue #36 item 7, issue #40 item 4): it says
// what failed with Reload, the sidebar, the status bar and every other screen keep working, the
// error goes to main's log, and Reload (or coming back to the screen) draws it again. Without a
// boundary React unmounted the whole window: one bad answer cached in the mirror blanked the app.
import 'fake-indexeddb/auto';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RootBoundary } from '../../../src-renderer/app/boundaries.tsx';
import { VIEW_PAGES } from '../../../src-renderer/app/views.tsx';
import type { ContractApi } from '../../../src-renderer/contract/contract-client.ts';
import { cleanup, renderApp } from '../screens-harness.tsx';
import { FakeService } from '../sync/fake-service.ts';

const realDomains = VIEW_PAGES.domains.Page;
const state = { broken: true };
/** The Domains screen, throwing while `state.broken`: as a screen does over data it cannot draw. */
function FlakyDomains() {
  if (state.broken) throw new RangeError('Maximum call stack size exceeded');
  return (
    <div className="page">
      <h1>Domains, drawn again</h1>
    </div>
  );
}

beforeEach(() => {
  state.broken = true;
  VIEW_PAGES.domains.Page = FlakyDomains;
  // React reports each caught error on the console too.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  VIEW_PAGES.domains.Page = realDomains;
  vi.restoreAllMocks();
  cleanup();
});

const nav = () => within(screen.getByRole('navigation', { name: 'Linkdock' }));

describe('a screen that throws', () => {
  it('says what failed, keeps the rest of the app working, logs it, and draws again on Reload', async () => {
    const service = new FakeService();
    service.seedLink({ url: 'still-here' });
    const { user } = await renderApp(service, 'links');
    await user.click(nav().getByRole('button', { name: 'Domains' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Domains stopped because of an error.')).toBeTruthy();
    expect(within(alert).getByText('What failed: Maximum call stack size exceeded')).toBeTruthy();
    // The frame around it is whole: the status bar names the workspace, the sidebar leads elsewhere.
    expect(screen.getByRole('contentinfo', { name: 'Sync status' }).textContent).toContain('Test:');
    await waitFor(() =>
      expect(service.callsOf('app.log').map((call) => String(call.input.message))).toContainEqual(
        expect.stringMatching(/^render error in the Domains screen: RangeError: Maximum call stack size exceeded/),
      ),
    );
    expect(service.callsOf('app.log')[0]!.input.level).toBe('error');

    await user.click(nav().getByRole('button', { name: 'Links' }));
    expect(await within(await screen.findByRole('table', { name: 'Links' })).findByText('still-here')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();

    // Back on the screen it is tried again (and fails again); once what broke it is gone, Reload draws it.
    await user.click(nav().getByRole('button', { name: 'Domains' }));
    await screen.findByRole('alert');
    state.broken = false;
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    expect(await screen.findByRole('heading', { name: 'Domains, drawn again' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('the window’s own boundary', () => {
  it('catches what no screen’s boundary holds, logs it and reloads the window on Reload', async () => {
    const calls: { name: string; input: unknown }[] = [];
    const api = { call: async (name: string, input: unknown) => void calls.push({ name, input }), on: () => () => undefined } as unknown as ContractApi;
    const reload = vi.fn();
    vi.spyOn(window.location, 'reload').mockImplementation(reload);
    const user = userEvent.setup();
    render(
      <RootBoundary api={api}>
        <FlakyDomains />
      </RootBoundary>,
    );
    expect(within(screen.getByRole('alert')).getByText('Linkdock stopped because of an error.')).toBeTruthy();
    expect(calls).toEqual([{ name: 'app.log', input: { level: 'error', message: expect.stringMatching(/^render error in the window: RangeError/) } }]);
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledOnce();
  });
});
