// @vitest-environment happy-dom
// The schedule's dates can be picked from a calendar with a time field (in the account's time
// zone) as well as typed: the picker starts from what the field holds, writes the service's
// format, and the dates are checked against each other as when typed.
import 'fake-indexeddb/auto';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LinksScreen } from '../../../../src-renderer/features/links/LinksPage.tsx';
import { fieldError, openSession, renderWithApi } from './links-harness.tsx';
import { MANY_WAITS } from '../../../support/patience.ts';

afterEach(() => cleanup());

async function openScheduledEditor() {
  const session = await openSession();
  const { user } = renderWithApi(<LinksScreen session={session} />);
  await user.click(await screen.findByRole('button', { name: 'New link' }));
  await screen.findByLabelText('Destination URL');
  const dialog = screen.getByRole('dialog', { name: 'New link' });
  await user.click(within(dialog).getByRole('switch', { name: 'Schedule' }));
  return { user, dialog };
}

describe('schedule date-time picker', () => {
  it('picks a day and a time into the field, starting from the date the field holds', MANY_WAITS, async () => {
    const { user, dialog } = await openScheduledEditor();
    await user.type(within(dialog).getByLabelText('Start'), '2026-05-02 10:00:00');

    await user.click(within(dialog).getByRole('button', { name: 'Pick Start date and time' }));
    const picker = await screen.findByRole('dialog', { name: 'Start: date and time' });
    // The calendar opens on the field's month, with its day chosen.
    expect(within(picker).getByRole('heading').textContent).toContain('May 2026');
    expect(within(picker).getByRole('button', { name: /Saturday, May 2, 2026.*selected/i })).toBeTruthy();
    expect(within(picker).getByText(/UTC \(the account's time zone\)/)).toBeTruthy();

    await user.click(within(picker).getByRole('button', { name: /May 20, 2026/ }));
    // The time keeps the field's (its segments are driven in Chromium: test/e2e/links-flows.test.ts).
    expect(within(picker).getByRole('spinbutton', { name: /hour/i }).textContent).toBe('10');
    expect(within(picker).getByRole('status', { name: 'Chosen date and time' }).textContent).toBe('2026-05-20 10:00:00');
    await user.click(within(picker).getByRole('button', { name: 'Use' }));

    expect(screen.queryByRole('dialog', { name: 'Start: date and time' })).toBeNull();
    expect((within(dialog).getByLabelText('Start') as HTMLInputElement).value).toBe('2026-05-20 10:00:00');
  });

  it('checks the picked end against the start, as a typed one is', MANY_WAITS, async () => {
    const { user, dialog } = await openScheduledEditor();
    await user.type(within(dialog).getByLabelText('Start'), '2026-05-10 09:00:00');
    await user.type(within(dialog).getByLabelText('End'), '2026-05-11 09:00:00');

    await user.click(within(dialog).getByRole('button', { name: 'Pick End date and time' }));
    const picker = await screen.findByRole('dialog', { name: 'End: date and time' });
    await user.click(within(picker).getByRole('button', { name: /May 3, 2026/ }));
    await user.click(within(picker).getByRole('button', { name: 'Use' }));
    expect(fieldError('End', dialog)).toBe('End must be after Start');

    // Cancel leaves the field as it was.
    await user.click(within(dialog).getByRole('button', { name: 'Pick End date and time' }));
    const again = await screen.findByRole('dialog', { name: 'End: date and time' });
    await user.click(within(again).getByRole('button', { name: /May 30, 2026/ }));
    await user.click(within(again).getByRole('button', { name: 'Cancel' }));
    expect((within(dialog).getByLabelText('End') as HTMLInputElement).value).toBe('2026-05-03 09:00:00');
  });

  it('starts an empty field on today in the account time zone', async () => {
    const { user, dialog } = await openScheduledEditor();
    await user.click(within(dialog).getByRole('button', { name: 'Pick End date and time' }));
    const picker = await screen.findByRole('dialog', { name: 'End: date and time' });
    const today = new Date().toISOString().slice(0, 10);
    await user.click(within(picker).getByRole('button', { name: 'Use' }));
    expect((within(dialog).getByLabelText('End') as HTMLInputElement).value).toBe(`${today} 23:59:59`);
  });
});
