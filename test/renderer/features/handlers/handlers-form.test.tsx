import { describe, expect, it } from 'vitest';
import { buildHandlerInput, emptyHandler, handlerFormFromView, handlerTarget } from '../../../../src-renderer/features/handlers/handler-form.ts';

describe('handler form', () => {
  it('never sends another type’s fields, and sends only what changed on update', () => {
    const values = { ...emptyHandler(), name: ' Ops ', type: 'slack' as const };
    values.fields.email = 'left@example.com';
    values.fields.slack = 'https://hooks.slack.com/services/x';
    expect(buildHandlerInput(values, null)).toEqual({ input: { name: 'Ops', type: 'slack', slack: 'https://hooks.slack.com/services/x' }, errors: {} });

    const original = handlerFormFromView({ name: 'Ops', type: 'email', email: 'ops@example.com', is_enabled: true });
    expect(buildHandlerInput({ ...original, name: 'Ops team' }, original).input).toEqual({ name: 'Ops team' });
    expect(buildHandlerInput(original, original).input).toEqual({});
    // Clearing a field the contract needs filled is refused with its message, not sent.
    const cleared = { ...original, fields: { ...original.fields, email: '' } };
    expect(buildHandlerInput(cleared, original)).toEqual({ input: null, errors: { email: 'Enter a valid e-mail address' } });
  });

  it('lists where a handler sends to without showing a bot token', () => {
    expect(handlerTarget({ type: 'telegram', telegram: '123:secret', telegram_chat_id: '-100' })).toBe('chat -100');
    expect(handlerTarget({ type: 'telegram', telegram: '123:secret' })).toBe('');
    expect(handlerTarget({ type: 'whatsapp', whatsapp: '+1 555 0100' })).toBe('+1 555 0100');
    expect(handlerTarget({ type: 'internal_notification' })).toBe('');
  });
});
