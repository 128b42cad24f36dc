// The push sends an op's stored fields only once they pass the call's schema (the typed
// callResource needs a checked input): what fails is refused as main would refuse it, without a request.
import { afterEach, describe, expect, it } from 'vitest';
import { createCallRouter, type CallHandlers } from '../../../src-main/ipc/call-router.ts';
import { createRow, updateRow } from '../../../src-renderer/sync/local-edits.ts';
import { pullResource } from '../../../src-renderer/sync/pull.ts';
import { push } from '../../../src-renderer/sync/push.ts';
import { harness, type Harness } from './helpers.ts';

let h: Harness | null = null;
afterEach(() => {
  h?.db.close();
  h = null;
});

/** What main's router answers to this call, before any handler runs. */
async function mainAnswers(name: string, input: unknown) {
  const router = createCallRouter({ handlers: {} as Partial<CallHandlers> as CallHandlers });
  const result = await router.handle(name, input, true);
  if (result.ok) throw new Error('main accepted it');
  return result.error;
}

describe('stored fields are checked before they are sent', () => {
  it('a create whose stored fields no longer pass fails as main would fail it, and sends nothing', async () => {
    h = harness();
    await createRow(h.edits, 'domains', { host: 'a.example.com' });
    const [op] = await h.db.outbox.toArray();
    await h.db.outbox.update(op!.seq!, { fields: { host: 'not a host' } });
    expect(await push(h.ctx)).toMatchObject({ completed: 0, stoppedBy: null });
    const failed = (await h.db.outbox.toArray())[0]!;
    const refusal = await mainAnswers('domains.create', { workspaceId: 'ws', priority: 'interactive', input: { host: 'not a host' } });
    expect(failed).toMatchObject({ state: 'failed', error: { kind: refusal.kind, message: refusal.message, field: refusal.field } });
    expect(h.service.callsOf('domains.create')).toHaveLength(0);
  });

  it('an update is checked as the whole call main would check', async () => {
    h = harness();
    h.service.seedDomain({ host: 'a.example.com' });
    await pullResource(h.ctx, 'domains');
    const [row] = await h.db.domains.toArray();
    await updateRow(h.edits, 'domains', row!.clientId, { custom_index_url: 'https://a.example.com/home' });
    const [op] = await h.db.outbox.toArray();
    await h.db.outbox.update(op!.seq!, { fields: { custom_index_url: 'ftp://nope' } });
    await push(h.ctx);
    const refusal = await mainAnswers('domains.update', {
      workspaceId: 'ws',
      priority: 'interactive',
      id: row!.serverId,
      input: { custom_index_url: 'ftp://nope' },
    });
    expect((await h.db.outbox.toArray())[0]).toMatchObject({ state: 'failed', error: { kind: 'invalid-input', message: refusal.message } });
    expect(h.service.callsOf('domains.update')).toHaveLength(0);
  });
});
