// @vitest-environment happy-dom
// The links screen renders again for what it shows, not for every change of the sync status: the
// status changes with each request (its counts), and a screen that took all of it rendered again
// for each page of a 100-page listing.
import 'fake-indexeddb/auto';
import { Profiler } from 'react';
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LinksScreen } from '../../../../src-renderer/features/links/LinksPage.tsx';
import { openSession, renderWithApi } from './links-harness.tsx';

afterEach(() => cleanup());

describe('the links screen', () => {
  it('does not render again when only request counts, the rate-limit window or the last error change', async () => {
    const session = await openSession();
    let commits = 0;
    renderWithApi(
      <Profiler id="links" onRender={() => commits++}>
        <LinksScreen session={session} />
      </Profiler>,
    );
    expect(await screen.findByText(/Not synced yet/, {}, { timeout: 5000 })).toBeTruthy();
    // Whatever the screen still had to settle (its first reads) is done.
    await act(() => new Promise((resolve) => setTimeout(resolve, 200)));
    const settled = commits;
    const { store } = session.sync;
    for (let i = 1; i <= 5; i++) {
      act(() => {
        store.setState({ requests: { ...store.getState().requests, list: i } });
        store.setState({ rateLimit: { limit: 60, remaining: 60 - i, resetAt: null } });
        store.setState({ lastError: `error ${i}` });
      });
    }
    expect(commits).toBe(settled);
    // What it shows does: the connection names why nothing is listed yet.
    act(() => store.setState({ connection: 'offline' }));
    expect(await screen.findByText(/can’t reach the service/, {}, { timeout: 5000 })).toBeTruthy();
    expect(commits).toBeGreaterThan(settled);
  });
});
