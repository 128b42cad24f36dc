// @vitest-environment happy-dom
// The form rules every editor shares (resource-screens/use-contract-form.ts, react-hook-form over
// the contract's schemas), driven through the domain and handler editors: when a message shows,
// what a refused save shows, and that a field the user did not touch is never written.
import 'fake-indexeddb/auto';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { DomainEditor } from '../../../src-renderer/features/domains/DomainEditor.tsx';
import { HandlerEditor } from '../../../src-renderer/features/handlers/HandlerEditor.tsx';
import { EditError, type WorkspaceSync } from '../../../src-renderer/sync/index.ts';
import { choose, domain, fieldError, handler, mirrorRow, openSession } from '../features/links/links-harness.tsx';

afterEach(() => cleanup());

const HOST_MESSAGE = 'Enter a host name such as links.example.com (no scheme, path or port)';
const URL_MESSAGE = 'Enter a full http:// or https:// URL';

/** `sync` whose domain creates end in `failure` (as the engine refuses an edit), nothing else changed. */
function refusingCreates(sync: WorkspaceSync, failure: Error): WorkspaceSync {
  return {
    ...sync,
    domains: {
      ...sync.domains,
      create: async () => {
        throw failure;
      },
    },
  };
}

describe('editor forms', () => {
  it('say nothing about a field the user has not changed until Save, then everything', async () => {
    const { sync } = await openSession();
    const user = userEvent.setup();
    render(<DomainEditor sync={sync} clientId={null} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'New domain' });
    await user.type(screen.getByLabelText('Custom index URL'), 'example.com');
    expect(fieldError('Custom index URL')).toBe(URL_MESSAGE);
    // The host is empty, which the contract refuses, but the user has not been there yet.
    expect(fieldError('Host')).toBeNull();
    // Typed and taken back: the field is as it opened, so nothing is said about it either.
    await user.type(screen.getByLabelText('Host'), 'x');
    expect(fieldError('Host')).toBe(HOST_MESSAGE);
    await user.clear(screen.getByLabelText('Host'));
    expect(fieldError('Host')).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(fieldError('Host')).toBe(HOST_MESSAGE);
    expect(fieldError('Custom index URL')).toBe(URL_MESSAGE);
    expect(await sync.db.outbox.count()).toBe(0);
    sync.close();
  });

  it('show a refused save’s messages beside their fields until they change, keeping the draft; anything else above the form', async () => {
    const { sync } = await openSession();
    const user = userEvent.setup();
    const refusal = new EditError('invalid-input', 'host: That host is reserved', [{ path: 'host', message: 'That host is reserved' }]);
    let closed = false;
    render(<DomainEditor sync={refusingCreates(sync, refusal)} clientId={null} onClose={() => (closed = true)} />);
    const dialog = await screen.findByRole('dialog', { name: 'New domain' });
    await user.type(screen.getByLabelText('Host'), 'reserved.example.com');
    await user.type(screen.getByLabelText('Custom index URL'), 'https://example.com/');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fieldError('Host')).toBe('That host is reserved'));
    expect(closed).toBe(false);
    expect((screen.getByLabelText('Custom index URL') as HTMLInputElement).value).toBe('https://example.com/');
    await user.type(screen.getByLabelText('Host'), 'x');
    expect(fieldError('Host')).toBeNull();
    cleanup();

    const storage = new EditError('quota', 'Not enough storage space on this computer to save the change.');
    render(<DomainEditor sync={refusingCreates(sync, storage)} clientId={null} onClose={() => (closed = true)} />);
    const again = await screen.findByRole('dialog', { name: 'New domain' });
    await user.type(screen.getByLabelText('Host'), 'full.example.com{Enter}');
    await waitFor(() => expect(within(again).getByRole('alert').textContent).toBe('Not enough storage space on this computer to save the change.'));
    expect(fieldError('Host')).toBeNull();
    expect(closed).toBe(false);
    sync.close();
  });

  it('never write a field the user did not touch, even when the row changed behind the open editor', async () => {
    const { sync } = await openSession();
    const user = userEvent.setup();
    await sync.db.domains.put(mirrorRow({ ...domain(5, 'old.example.com'), custom_index_url: 'https://example.com/before' }, { clientId: 'dom-5' }));
    let closed = false;
    render(<DomainEditor sync={sync} clientId="dom-5" onClose={() => (closed = true)} />);
    await screen.findByRole('dialog', { name: 'Edit old.example.com' });
    // A pull brings what someone else set meanwhile; the open editor keeps what it opened with.
    await sync.db.domains.update('dom-5', { base: { ...domain(5, 'old.example.com'), custom_index_url: 'https://example.com/theirs' } });
    await user.clear(screen.getByLabelText('Host'));
    await user.type(screen.getByLabelText('Host'), 'new.example.com');
    expect((screen.getByLabelText('Custom index URL') as HTMLInputElement).value).toBe('https://example.com/before');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(closed).toBe(true));
    const ops = await sync.db.outbox.toArray();
    expect(ops.map((op) => op.fields)).toEqual([{ host: 'new.example.com' }]);
    sync.close();
  });

  it('send nothing when nothing changed', async () => {
    const { sync } = await openSession();
    const user = userEvent.setup();
    await sync.db.handlers.put(mirrorRow(handler(8, 'Ops'), { clientId: 'hnd-8' }));
    let closed = false;
    render(<HandlerEditor sync={sync} clientId="hnd-8" onClose={() => (closed = true)} />);
    const dialog = await screen.findByRole('dialog', { name: 'Edit Ops' });
    // Away to another type and back: the form is as it opened.
    await choose(user, 'Type', 'Slack', dialog);
    await choose(user, 'Type', 'E-mail', dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(closed).toBe(true));
    expect(await sync.db.outbox.count()).toBe(0);
    sync.close();
  });
});
