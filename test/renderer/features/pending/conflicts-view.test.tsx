// @vitest-environment happy-dom
// The conflict view over a real Dexie mirror (fake-indexeddb) and the real engine: conflicts are
// produced by the engine's own push (read-before-write, deletions, ambiguous creates), each choice
// goes through resolveConflict, and the operation leaves the conflict state.
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiProvider } from '../../../../src-renderer/session/api-context.tsx';
import type { OutboxOp, WorkspaceSync } from '../../../../src-renderer/sync/index.ts';
import { ConflictDialog } from '../../../../src-renderer/features/pending/ConflictDialog.tsx';
import { cleanup, openTestSync } from '../../screens-harness.tsx';
import { FakeService, onCall } from '../../sync/fake-service.ts';
import { linkRows } from '../../../../src-renderer/sync/mirror/link-rows.ts';

let opened: WorkspaceSync | null = null;
afterEach(() => {
  cleanup();
  opened?.close();
  opened = null;
});

async function setup(seed: (service: FakeService) => void) {
  const service = new FakeService();
  seed(service);
  const sync = await openTestSync(service);
  opened = sync;
  await sync.syncNow();
  return { service, sync };
}

async function onlyOp(sync: WorkspaceSync): Promise<OutboxOp | undefined> {
  const ops = await sync.db.outbox.toArray();
  expect(ops.length).toBeLessThanOrEqual(1);
  return ops[0];
}

/** The dialog as the Pending changes page shows it: gone once it calls onClose. */
function showConflict(service: FakeService, sync: WorkspaceSync, op: OutboxOp) {
  const closed = { value: false };
  function Host() {
    const [open, setOpen] = useState(true);
    return open ? <ConflictDialog sync={sync} op={op} label="the row" onClose={() => ((closed.value = true), setOpen(false))} /> : null;
  }
  render(
    <ApiProvider api={service.api}>
      <Host />
    </ApiProvider>,
  );
  return closed;
}

/** A domain changed here (host, index URL) and on the service (both differently). */
async function fieldConflict() {
  const { service, sync } = await setup((s) => s.seedDomain({ host: 'base.example.com', custom_index_url: 'https://base.example.com/' }));
  const row = (await sync.db.domains.toArray())[0]!;
  await sync.domains.update(row.clientId, { host: 'mine.example.com', custom_index_url: 'https://mine.example.com/' });
  const server = [...service.rows.domains.values()][0]!;
  server.host = 'theirs.example.com';
  server.custom_index_url = 'https://theirs.example.com/';
  await sync.syncNow();
  const op = (await onlyOp(sync))!;
  expect(op.state).toBe('conflict');
  return { service, sync, op, serverId: server.id, clientId: row.clientId };
}

describe('conflict view', () => {
  it('shows both values of each field side by side and applies keep mine / take theirs per field', async () => {
    const { service, sync, op, serverId } = await fieldConflict();
    const user = userEvent.setup();
    const closed = showConflict(service, sync, op);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('mine-host').textContent).toBe('mine.example.com');
    expect(within(dialog).getByTestId('theirs-host').textContent).toBe('theirs.example.com');
    expect(within(dialog).getByTestId('mine-custom_index_url').textContent).toBe('https://mine.example.com/');
    expect(within(dialog).getByTestId('theirs-custom_index_url').textContent).toBe('https://theirs.example.com/');

    const apply = within(dialog).getByRole('button', { name: 'Apply' });
    expect(apply.hasAttribute('disabled') || apply.getAttribute('data-disabled') !== null).toBe(true);
    await user.click(within(within(dialog).getByRole('radiogroup', { name: 'Keep for Host' })).getByRole('radio', { name: 'Keep mine' }));
    await user.click(within(within(dialog).getByRole('radiogroup', { name: 'Keep for Custom index URL' })).getByRole('radio', { name: 'Take theirs' }));
    await user.click(apply);
    await waitFor(() => expect(closed.value).toBe(true));

    const after = (await onlyOp(sync))!;
    expect(after.state).toBe('pending');
    expect(after.fields).toEqual({ host: 'mine.example.com' });
    await sync.syncNow();
    expect(await sync.db.outbox.count()).toBe(0);
    expect(service.rows.domains.get(serverId)).toMatchObject({ host: 'mine.example.com', custom_index_url: 'https://theirs.example.com/' });
  });

  it('sends a value typed in "Edit", and "Take all theirs" drops the change', async () => {
    const first = await fieldConflict();
    const user = userEvent.setup();
    showConflict(first.service, first.sync, first.op);
    let dialog = await screen.findByRole('dialog');
    await user.click(within(within(dialog).getByRole('radiogroup', { name: 'Keep for Host' })).getByRole('radio', { name: 'Edit' }));
    await user.clear(within(dialog).getByLabelText('New host'));
    await user.type(within(dialog).getByLabelText('New host'), 'agreed.example.com');
    await user.click(within(within(dialog).getByRole('radiogroup', { name: 'Keep for Custom index URL' })).getByRole('radio', { name: 'Keep mine' }));
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((await onlyOp(first.sync))?.state).toBe('pending');
    await first.sync.syncNow();
    expect(first.service.rows.domains.get(first.serverId)).toMatchObject({ host: 'agreed.example.com', custom_index_url: 'https://mine.example.com/' });
    first.sync.close();
    cleanup();

    const second = await fieldConflict();
    opened = second.sync;
    showConflict(second.service, second.sync, second.op);
    dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Take all theirs' }));
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await second.sync.db.outbox.count()).toBe(0);
    await second.sync.syncNow();
    expect(second.service.callsOf('domains.update')).toHaveLength(0);
    expect((await second.sync.db.domains.get(second.clientId))?.base).toMatchObject({ host: 'theirs.example.com' });
  });

  it('names a link’s domains by host and offers no typing for a reference', async () => {
    const { service, sync } = await setup((s) => {
      s.seedDomain({ host: 'mine.example.com' });
      s.seedDomain({ host: 'theirs.example.com' });
      s.seedLink({ url: 'promo', email_reports: [] });
    });
    const [mine, theirs] = [...service.rows.domains.values()];
    const link = (await linkRows(sync.db).toArray())[0]!;
    await sync.links.update(link.clientId, { domain_id: mine!.id });
    [...service.rows.links.values()][0]!.domain_id = theirs!.id;
    await sync.syncNow();
    const op = (await onlyOp(sync))!;
    expect(op.state).toBe('conflict');
    const user = userEvent.setup();
    showConflict(service, sync, op);
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByTestId('mine-domain_id').textContent).toBe('mine.example.com'));
    expect(within(dialog).getByTestId('theirs-domain_id').textContent).toBe('theirs.example.com');
    expect(dialog.textContent).toContain('Before: Main domain');
    const group = within(dialog).getByRole('radiogroup', { name: 'Keep for Domain' });
    expect(within(group).queryByRole('radio', { name: 'Edit' })).toBeNull();
    await user.click(within(group).getByRole('radio', { name: 'Take theirs' }));
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await sync.db.outbox.count()).toBe(0);
  });

  it('"Discard my change" drops the operation and keeps the service’s row', async () => {
    const { service, sync, op, clientId } = await fieldConflict();
    const user = userEvent.setup();
    showConflict(service, sync, op);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Discard my change' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await sync.db.outbox.count()).toBe(0);
    expect((await sync.db.domains.get(clientId))?.local).toEqual({});
  });

  it('offers recreate or discard for a row deleted on the service', async () => {
    for (const choice of ['Recreate', 'Discard my changes'] as const) {
      const { service, sync } = await setup((s) => s.seedHandler({ name: 'Ops', settings: { email: 'ops@example.com' } }));
      const row = (await sync.db.handlers.toArray())[0]!;
      await sync.handlers.update(row.clientId, { name: 'Ops team' });
      service.rows.handlers.clear();
      await sync.syncNow();
      const op = (await onlyOp(sync))!;
      expect(op.conflict).toEqual({ type: 'deleted' });
      const user = userEvent.setup();
      showConflict(service, sync, op);
      const dialog = await screen.findByRole('dialog');
      expect(dialog.textContent).toContain('deleted on the service');
      await user.click(within(dialog).getByRole('button', { name: choice }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      if (choice === 'Recreate') {
        expect(await onlyOp(sync)).toMatchObject({ kind: 'create', state: 'pending' });
        await sync.syncNow();
        expect([...service.rows.handlers.values()].map((h) => [h.name, h.settings.email])).toEqual([['Ops team', 'ops@example.com']]);
      } else {
        expect(await sync.db.outbox.count()).toBe(0);
        expect(await sync.db.handlers.count()).toBe(0);
      }
      sync.close();
      opened = null;
      cleanup();
    }
  });

  it('lets the user pick which of several matching rows an unknown create produced, or create anew', async () => {
    for (const choice of ['pick', 'new'] as const) {
      const { service, sync } = await setup(() => undefined);
      // The create reaches the service but its answer is lost; an identical handler already exists.
      service.seedHandler({ name: 'Dup', settings: { email: 'dup@example.com' } });
      service.fail({ match: onCall('handlers.create'), applied: true, error: { kind: 'timeout', message: 'No answer in time', maybeApplied: true } });
      const clientId = await sync.handlers.create({ name: 'Dup', type: 'email', email: 'dup@example.com' });
      await sync.syncNow();
      await sync.syncNow();
      const op = (await onlyOp(sync))!;
      expect(op.conflict?.type).toBe('ambiguous-create');
      const candidates = (op.conflict as { candidates: number[] }).candidates;
      expect(candidates).toHaveLength(2);

      const user = userEvent.setup();
      showConflict(service, sync, op);
      const dialog = await screen.findByRole('dialog');
      // Each candidate is described from the service.
      await waitFor(() => expect(dialog.textContent).toContain(`#${candidates[1]} — Dup (email)`));
      if (choice === 'pick') {
        await user.click(within(dialog).getByRole('button', { name: `Use #${candidates[1]}` }));
        await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
        expect(await sync.db.outbox.count()).toBe(0);
        expect((await sync.db.handlers.get(clientId))?.serverId).toBe(candidates[1]);
      } else {
        await user.click(within(dialog).getByRole('button', { name: 'Create a new one' }));
        await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
        expect(await onlyOp(sync)).toMatchObject({ kind: 'create', state: 'pending' });
        await sync.syncNow();
        expect(service.rows.handlers.size).toBe(3);
      }
      sync.close();
      opened = null;
      cleanup();
    }
  });
});
