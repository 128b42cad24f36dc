// @vitest-environment happy-dom
// Every workspace's row says how its own sync goes (each syncs whether on screen or not): not
// synced yet, offline and why, what waits to go out, what needs attention, a refused key.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useWorkspaceSyncSummary, WorkspaceKeyBadge, WorkspaceSyncLine } from '../../../../src-renderer/features/workspaces/WorkspaceSyncState.tsx';

/** The row's key badge and sync line, as the Workspaces page shows them. */
function WorkspaceSyncState({ sync, hasKey }: { sync: WorkspaceSync | null; hasKey: boolean }) {
  const summary = useWorkspaceSyncSummary(sync);
  return (
    <>
      <WorkspaceKeyBadge hasKey={hasKey} refused={summary.refused} />
      <WorkspaceSyncLine summary={summary} />
    </>
  );
}
import type { WorkspaceSync } from '../../../../src-renderer/sync/index.ts';
import { createStatusStore, type SyncStatus } from '../../../../src-renderer/sync/status-store.ts';

afterEach(() => cleanup());

function syncWith(status: Partial<SyncStatus>): WorkspaceSync {
  const store = createStatusStore('w1');
  store.setState(status);
  return { store } as unknown as WorkspaceSync;
}

const line = () => document.querySelector('.workspace-sync')?.textContent ?? null;
const op = { opId: 'o1', resource: 'links', rowId: 'r1', kind: 'update', label: 'x', message: 'refused' } as unknown as SyncStatus['failures'][number];

describe('a workspace row’s sync state', () => {
  it('says "Not synced yet" before its sync opened, never "Online"', () => {
    render(<WorkspaceSyncState sync={null} hasKey />);
    expect(line()).toBe('Not synced yet');
    expect(screen.getByText('Key stored')).toBeTruthy();
  });

  it('says "Connecting…", not "Not synced yet", while its engine has not read the mirror yet', () => {
    render(<WorkspaceSyncState sync={syncWith({ connection: 'unknown' })} hasKey />);
    expect(line()).toBe('Connecting…');
    cleanup();
    render(<WorkspaceSyncState sync={syncWith({ connection: 'unknown', counted: true })} hasKey />);
    expect(line()).toBe('Not synced yet');
  });

  it('says offline and why, and what waits to go out', () => {
    render(
      <WorkspaceSyncState sync={syncWith({ connection: 'offline', lastError: 'Can’t reach links.example.com', pendingCount: 2, lastPullAt: 1 })} hasKey />,
    );
    expect(line()).toBe('Offline: Can’t reach links.example.com · 2 changes waiting to go out');
  });

  it('says when it last synced and what needs attention', () => {
    render(<WorkspaceSyncState sync={syncWith({ connection: 'online', lastPullAt: Date.now() - 5_000, failures: [op] })} hasKey />);
    expect(line()).toMatch(/^Synced .+ · 1 change needs attention$/);
  });

  it('shows a refused key in red for a workspace off screen, with what waits for a new key', () => {
    render(<WorkspaceSyncState sync={syncWith({ paused: { message: 'Unauthorized', at: 1 }, pendingCount: 3, connection: 'online' })} hasKey />);
    expect(screen.getByText('Key refused')).toBeTruthy();
    expect(screen.queryByText('Key stored')).toBeNull();
    expect(line()).toBe('Not syncing: 3 changes waiting for a new key');
  });

  it('says why its last pull failed when the service’s answer was at fault (a listing that does not add up)', () => {
    const pullError =
      'The service’s links list does not add up: page 2 of 1,500 holds 0 links, page 1 holds 1,000. Nothing of it was applied; Linkdock will try again.';
    render(<WorkspaceSyncState sync={syncWith({ connection: 'online', lastPullAt: Date.now() - 5_000, pullError })} hasKey />);
    expect(line()).toMatch(new RegExp(`^Synced .+ · Last sync failed: ${pullError.replace(/[.()]/g, '\\$&')}$`));
  });
});
