// @vitest-environment happy-dom
// While a workspace opens, its engine has not read the outbox and the last listings from the
// mirror yet: the bar must not say "Last synced: never" or "No pending changes" then (it did for
// the first frames after every reload, before its first count).
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStatusStore, type StatusStore } from '../../../src-renderer/sync/status-store.ts';
import type * as WorkspaceSessionModule from '../../../src-renderer/session/workspace-session.tsx';
import '../patient-dom.ts';

const state = vi.hoisted(() => ({ store: null as StatusStore | null }));

vi.mock('../../../src-renderer/session/workspace-session.tsx', async (importOriginal) => {
  const original = await importOriginal<typeof WorkspaceSessionModule>();
  return {
    ...original,
    useOpenSession: () => ({
      workspace: { id: 'w1', name: 'Team', baseUrl: 'https://links.example.com/' },
      sync: { store: state.store, syncNow: async () => undefined },
    }),
  };
});

const { StatusBar } = await import('../../../src-renderer/app/StatusBar.tsx');

afterEach(() => cleanup());

describe('status bar while the workspace opens', () => {
  it('says neither "never" nor "No pending changes" before the mirror was read, then what it read', async () => {
    state.store = createStatusStore('w1');
    render(
      <footer aria-label="Sync status">
        <StatusBar />
      </footer>,
    );
    const bar = screen.getByRole('contentinfo', { name: 'Sync status' });
    expect(bar.textContent).toContain('Last synced: …');
    expect(bar.textContent).not.toContain('never');
    expect(bar.textContent).not.toContain('No pending changes');
    // The engine's first count: 2 changes waiting, a full sync a minute ago.
    state.store.setState({ counted: true, pendingCount: 2, lastPullAt: Date.now() - 60_000 });
    expect(await screen.findByText('2 pending changes')).toBeTruthy();
    expect(bar.textContent).toContain('Last synced: 1 min ago');
  });

  it('says "never" once the mirror was read and holds no full sync', async () => {
    state.store = createStatusStore('w1');
    state.store.setState({ counted: true });
    render(<StatusBar />);
    expect(await screen.findByText('Last synced: never')).toBeTruthy();
    expect(screen.getByText('No pending changes')).toBeTruthy();
  });
});
