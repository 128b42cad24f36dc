// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { choose, cleanup, fieldError, renderApp } from '../../screens-harness.tsx';
import { FakeService, onCall } from '../../sync/fake-service.ts';
import { MANY_WAITS } from '../../../support/patience.ts';

afterEach(() => cleanup());

const URL_MESSAGE = 'Enter a full http:// or https:// URL';

/** Each type's fields: a value the contract refuses (with its message, or any message) and one it takes. */
const CASES: { type: string; label: string; bad: string; message: string | RegExp; good: string }[] = [
  { type: 'E-mail', label: 'E-mail address', bad: 'not-an-address', message: 'Enter a valid e-mail address', good: 'ops@example.com' },
  { type: 'Webhook', label: 'Webhook URL', bad: 'ftp://hooks.example.com/', message: URL_MESSAGE, good: 'https://hooks.example.com/in' },
  { type: 'Slack', label: 'Slack webhook URL', bad: 'hooks.slack.com/x', message: URL_MESSAGE, good: 'https://hooks.slack.com/services/x' },
  { type: 'Discord', label: 'Discord webhook URL', bad: 'javascript:alert(1)', message: URL_MESSAGE, good: 'https://discord.com/api/webhooks/1' },
  { type: 'Microsoft Teams', label: 'Microsoft Teams webhook URL', bad: 'https://', message: URL_MESSAGE, good: 'https://example.webhook.office.com/x' },
  { type: 'Google Chat', label: 'Google Chat webhook URL', bad: 'chat.googleapis.com', message: URL_MESSAGE, good: 'https://chat.googleapis.com/v1/spaces/x' },
  { type: 'WhatsApp', label: 'WhatsApp phone number', bad: 'call me', message: 'Enter a phone number', good: '+1 (555) 010-0000' },
  { type: 'Telegram', label: 'Telegram bot token', bad: 'x'.repeat(257), message: /.+/, good: '123456:ABCDEF' },
  { type: 'Telegram', label: 'Telegram chat ID', bad: 'y'.repeat(257), message: /.+/, good: '-100200300' },
];

describe('handler editor', () => {
  it('validates the name and every type’s own fields, and shows only the chosen type’s fields', MANY_WAITS, async () => {
    const service = new FakeService();
    const { user } = await renderApp(service, 'handlers');
    await user.click(screen.getByRole('button', { name: 'New handler' }));
    const dialog = await screen.findByRole('dialog', { name: 'New notification handler' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(fieldError('Name')).toBe('Name is required');
    await user.type(screen.getByLabelText('Name'), 'On-call');
    expect(fieldError('Name')).toBeNull();

    for (const { type, label, bad, message, good } of CASES) {
      await choose(user, 'Type', type, dialog);
      await user.clear(screen.getByLabelText(label));
      await user.click(screen.getByLabelText(label));
      await user.paste(bad);
      if (typeof message === 'string') expect(fieldError(label), label).toBe(message);
      else expect(fieldError(label), label).toMatch(message);
      await user.clear(screen.getByLabelText(label));
      await user.click(screen.getByLabelText(label));
      await user.paste(good);
      expect(fieldError(label), label).toBeNull();
    }
    // Telegram shows its two fields and nothing of the other types.
    expect(screen.queryByLabelText('E-mail address')).toBeNull();
    expect(screen.queryByLabelText('Webhook URL')).toBeNull();
    await choose(user, 'Type', 'Internal notification', dialog);
    expect(screen.queryByLabelText('Telegram bot token')).toBeNull();
    expect(screen.getByText(/nothing else to set/)).toBeTruthy();
    await choose(user, 'Type', 'Telegram', dialog);

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(service.callsOf('handlers.create')).toHaveLength(1));
    // Only the chosen type's fields go out, although other types' fields were filled in.
    expect(service.callsOf('handlers.create')[0]?.input.input).toEqual({
      name: 'On-call',
      type: 'telegram',
      telegram: '123456:ABCDEF',
      telegram_chat_id: '-100200300',
    });
  });

  it('changes the type of an existing handler with the new type’s field, and shows the service’s refusal beside it', async () => {
    const service = new FakeService();
    const handler = service.seedHandler({ name: 'Ops', settings: { email: 'ops@example.com' } });
    const { user } = await renderApp(service, 'handlers');
    await user.click(await screen.findByRole('button', { name: 'Edit Ops' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Ops' });
    expect((screen.getByLabelText('E-mail address') as HTMLInputElement).value).toBe('ops@example.com');
    await choose(user, 'Type', 'Webhook', dialog);
    await user.type(screen.getByLabelText('Webhook URL'), 'https://hooks.example.com/dead');
    service.fail({ match: onCall('handlers.update'), error: { kind: 'validation', status: 422, message: 'The webhook did not answer.', field: 'webhook' } });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByText('Failed')).toBeTruthy());
    expect(service.callsOf('handlers.update')[0]?.input.input).toEqual({ type: 'webhook', webhook: 'https://hooks.example.com/dead' });

    await user.click(screen.getByRole('button', { name: 'Edit Ops' }));
    await screen.findByRole('dialog', { name: 'Edit Ops' });
    expect(fieldError('Webhook URL')).toBe('The service refused this: The webhook did not answer.');
    expect(fieldError('Name')).toBeNull();
    await user.clear(screen.getByLabelText('Webhook URL'));
    await user.type(screen.getByLabelText('Webhook URL'), 'https://hooks.example.com/live');
    expect(fieldError('Webhook URL')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(service.rows.handlers.get(handler.id)?.type).toBe('webhook'));
    expect(service.callsOf('handlers.update').at(-1)?.input.input).toEqual({ type: 'webhook', webhook: 'https://hooks.example.com/live' });
  });
});

describe('a handler of a type Linkdock does not know', () => {
  it('is listed under the service’s name for its type, and renaming it sends the name alone', async () => {
    const service = new FakeService();
    // A release's own type: its listing is kept, not refused, and its settings stay the service's.
    const pager = service.seedHandler({ name: 'Night pager', type: 'pager', settings: { pager_number: '555' } } as never);
    const { user } = await renderApp(service, 'handlers');
    const table = await screen.findByRole('table', { name: 'Notification handlers' });
    await waitFor(() => expect(within(table).getByText('Night pager')).toBeTruthy());
    const row = within(table).getByText('Night pager').closest('[role="row"]') as HTMLElement;
    expect(within(row).getByText('pager')).toBeTruthy();

    await user.click(within(row).getByRole('button', { name: 'Edit Night pager' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Night pager' });
    expect(within(dialog).getByText(/cannot edit the settings of a “pager” handler/)).toBeTruthy();
    const name = within(dialog).getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Pager');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(service.callsOf('handlers.update')).toHaveLength(1));
    expect(service.callsOf('handlers.update')[0]?.input.input).toEqual({ name: 'Pager' });
    expect(service.rows.handlers.get(pager.id)?.settings).toEqual({ pager_number: '555' });
  });
});
