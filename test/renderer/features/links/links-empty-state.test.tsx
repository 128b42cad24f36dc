// @vitest-environment happy-dom
// An empty list says why: "no links" only once the service listed none; before that, what the
// app is waiting for (the first sync, an unreachable service, a refused key).
import 'fake-indexeddb/auto';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LinksScreen } from '../../../../src-renderer/features/links/LinksPage.tsx';
import { openSession, renderWithApi } from './links-harness.tsx';

afterEach(() => cleanup());

const table = () => screen.getByRole('table', { name: 'Links' });

describe('links list before and after the first sync', () => {
  it('says it is waiting for the first sync, not that there are no links', async () => {
    const session = await openSession();
    renderWithApi(<LinksScreen session={session} />);
    expect(await screen.findByText(/Not synced yet/)).toBeTruthy();
    expect(table().textContent).not.toContain('No links yet');
    // Nor does the pager below it.
    expect(screen.queryByText(/^No links/)).toBeNull();
  });

  it('says the service cannot be reached when the first sync found it down', async () => {
    const session = await openSession();
    session.sync.store.setState({ connection: 'offline', lastError: 'Could not connect to https://s.test/' });
    renderWithApi(<LinksScreen session={session} />);
    expect(await screen.findByText(/can’t reach the service/)).toBeTruthy();
  });

  it('says the key was refused', async () => {
    const session = await openSession();
    session.sync.store.setState({ paused: { message: 'The service refused the API key (401).', at: 0 } });
    renderWithApi(<LinksScreen session={session} />);
    expect(await screen.findByText(/refused this workspace’s API key/)).toBeTruthy();
  });

  it('says there are no links once the service listed none', async () => {
    const session = await openSession();
    await session.sync.db.syncState.put({ key: 'lastPull:links', value: Date.now() });
    renderWithApi(<LinksScreen session={session} />);
    expect(await screen.findByText('No links yet. Create one with “New link”.')).toBeTruthy();
  });
});
