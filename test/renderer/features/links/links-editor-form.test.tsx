// @vitest-environment happy-dom
// The link editor on the one form system (react-hook-form over the contract's schemas): messages
// for the fields the user changed before Save, messages that follow the fields they depend on,
// and the service's refusal beside its field until the user changes that field.
import 'fake-indexeddb/auto';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { WorkspaceSession } from '../../../../src-renderer/session/workspace-session.tsx';
import { LinksScreen } from '../../../../src-renderer/features/links/LinksPage.tsx';
import { choose, fieldError, handler, mirrorRow, openSession, renderWithApi, serverLink } from './links-harness.tsx';
import { MANY_WAITS } from '../../../support/patience.ts';

afterEach(() => cleanup());

const URL_MESSAGE = 'Enter a full http:// or https:// URL';

async function openEditor(session: WorkspaceSession, button: string, title: string) {
  const { user } = renderWithApi(<LinksScreen session={session} />);
  await user.click(await screen.findByRole('button', { name: button }));
  // The editor is loaded on first use (React.lazy): on a busy machine that takes a while.
  await screen.findByLabelText('Destination URL');
  return { user, dialog: screen.getByRole('dialog', { name: title }) };
}

describe('link editor form', () => {
  it('speaks of a field once the user changed it, of all of them after Save', async () => {
    const session = await openSession();
    const { user, dialog } = await openEditor(session, 'New link', 'New link');
    await user.type(within(dialog).getByLabelText('Alias'), 'two words');
    expect(fieldError('Alias', dialog)).toBe('An alias cannot contain spaces, "/", "?", "#", "\\" or "%"');
    // The destination is required, but the user has not been there yet.
    expect(fieldError('Destination URL', dialog)).toBeNull();
    expect(within(dialog).queryByRole('alert')).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(fieldError('Destination URL', dialog)).toBe('Destination URL is required');
    expect(within(dialog).getByRole('alert').textContent).toContain('Nothing was saved');
    expect(await session.sync.db.outbox.count()).toBe(0);
  });

  it('checks a field again when a field it depends on changes: dates, targeting rules', MANY_WAITS, async () => {
    const session = await openSession();
    const { user, dialog } = await openEditor(session, 'New link', 'New link');
    await user.type(within(dialog).getByLabelText('Destination URL'), 'https://ok.example/');
    await user.click(within(dialog).getByRole('switch', { name: 'Schedule' }));
    await user.type(within(dialog).getByLabelText('Start'), '2026-05-02 10:00:00');
    await user.type(within(dialog).getByLabelText('End'), '2026-05-01 10:00:00');
    expect(fieldError('End', dialog)).toBe('End must be after Start');
    // Moving the start, not the end, settles it.
    await user.clear(within(dialog).getByLabelText('Start'));
    await user.type(within(dialog).getByLabelText('Start'), '2026-04-30 10:00:00');
    expect(fieldError('End', dialog)).toBeNull();

    await choose(user, 'Targeting type', 'Country', dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Add rule' }));
    await user.click(within(dialog).getByLabelText('Rule 1 match'));
    await user.paste('x'.repeat(513));
    await waitFor(() => expect(within(dialog).queryByText(/Too long: 512 characters at most/, { selector: '.field-error' })).toBeTruthy());
    await user.click(within(dialog).getByRole('button', { name: 'Remove rule 1' }));
    await waitFor(() => expect(within(dialog).queryByText(/Too long: 512 characters at most/, { selector: '.field-error' })).toBeNull());
  });

  it('shows the service’s refusal beside its field until the user changes that field', async () => {
    const session = await openSession();
    await session.sync.db.links.put(mirrorRow(serverLink(41, { url: 'refused' }), { clientId: 'lnk-41', local: { location_url: 'https://blocked.example/' } }));
    await session.sync.db.outbox.add({
      opId: 'op-f',
      resource: 'links',
      rowId: 'lnk-41',
      kind: 'update',
      fields: { location_url: 'https://blocked.example/' },
      base: {},
      state: 'failed',
      rev: 0,
      attempts: 1,
      notBefore: 0,
      error: { kind: 'validation', message: 'This destination is blocked', status: 422, field: 'location_url' },
      conflict: null,
      createdAt: 0,
      sentAt: 0,
    });
    const { user, dialog } = await openEditor(session, 'Edit refused', 'Edit link');
    await waitFor(() => expect(fieldError('Destination URL', dialog)).toBe('The service said: This destination is blocked'));
    const destination = within(dialog).getByLabelText('Destination URL');
    await user.clear(destination);
    await user.type(destination, 'not a url');
    // Now it is the user's value that is checked, by the contract.
    expect(fieldError('Destination URL', dialog)).toBe(URL_MESSAGE);
    await user.clear(destination);
    await user.type(destination, 'https://allowed.example/');
    expect(fieldError('Destination URL', dialog)).toBeNull();
  });

  it('takes the question about unknown reports back once the user confirms', async () => {
    const session = await openSession();
    await session.sync.db.handlers.put(mirrorRow(handler(8, 'Ops'), { clientId: 'hnd-8' }));
    await session.sync.db.links.put(mirrorRow(serverLink(44, { url: 'hidden' }), { clientId: 'lnk-44' }));
    const { user, dialog } = await openEditor(session, 'Edit hidden', 'Edit link');
    await user.type(within(dialog).getByLabelText('UTM source'), 'news');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(dialog).getByText(/Saving sends the reports you choose/)).toBeTruthy());
    await user.click(within(dialog).getByRole('checkbox', { name: 'Replace the e-mail reports with the handlers ticked here' }));
    await waitFor(() => expect(within(dialog).queryByText(/Saving sends the reports you choose/)).toBeNull());
    // Confirmed with none ticked: the reports are replaced by none, with the one change.
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit link' })).toBeNull());
    expect((await session.sync.db.outbox.toArray()).map((op) => op.fields)).toEqual([{ utm_source: 'news', email_reports: [] }]);
  });

  it('asks before Escape throws away a new link the user started, and closes at once an untouched one', async () => {
    const session = await openSession();
    const { user, dialog } = await openEditor(session, 'New link', 'New link');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New link' })).toBeNull());

    await user.click(screen.getByRole('button', { name: 'New link' }));
    // The editor shows "Loading…" until the mirror answers: wait for its form, as openEditor does.
    await screen.findByLabelText('Destination URL');
    const again = screen.getByRole('dialog', { name: 'New link' });
    expect(again).not.toBe(dialog);
    await user.type(within(again).getByLabelText('Destination URL'), 'https://draft.example/');
    await user.keyboard('{Escape}');
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Discard your changes?' })).getByRole('button', { name: 'Keep editing' }));
    expect((within(screen.getByRole('dialog', { name: 'New link' })).getByLabelText('Destination URL') as HTMLInputElement).value).toBe(
      'https://draft.example/',
    );
    expect(await session.sync.db.outbox.count()).toBe(0);
  });
});

describe('schedule', () => {
  it('warns, without refusing, when the schedule is already over', async () => {
    const session = await openSession();
    const { user, dialog } = await openEditor(session, 'New link', 'New link');
    await user.click(within(dialog).getByRole('switch', { name: 'Schedule' }));
    await user.type(within(dialog).getByLabelText('End'), '2020-01-01 00:00:00');
    expect(within(dialog).getByRole('status').textContent).toBe(
      'This schedule has already ended (2020-01-01 00:00:00): the link will not redirect until End is changed.',
    );
    await user.clear(within(dialog).getByLabelText('End'));
    await user.type(within(dialog).getByLabelText('End'), '2999-01-01 00:00:00');
    expect(within(dialog).queryByText(/already ended/)).toBeNull();
  });
});
