// What a delete's 200 answer confirms: an empty body (as real deployments send), not a 200 with an
// error body or a web page. Taken as confirmations, those dropped the user's delete while the row
// stayed on the service (the chaos suite's 'error200' fault).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServiceClient } from '../../../src-main/service/client.ts';
import { CallError } from '../../../src-preload/contract/errors.ts';
import { json, raw, startFakeService, type FakeService } from './fake-service.ts';

let service: FakeService;
beforeAll(async () => {
  service = await startFakeService();
});
afterAll(() => service.close());

const remove = () => new ServiceClient({ baseUrl: service.origin, apiKey: 'sk_live_secret_1234' }).resource('links').delete(7);

async function failure(): Promise<CallError> {
  const error = await remove().catch((e: unknown) => e);
  expect(error).toBeInstanceOf(CallError);
  return error as CallError;
}

describe('delete answers', () => {
  it('200 with an empty JSON-typed body confirms the delete', async () => {
    service.answer((_req, res) => raw(res, 200, '', { 'content-type': 'application/json' }));
    await expect(remove()).resolves.toBeUndefined();
  });

  it('200 with an error body is the service refusing it, with its message', async () => {
    service.answer((_req, res) => json(res, 200, { message: ['The link is locked.'], status: 'error', details: [] }));
    expect((await failure()).data).toMatchObject({ kind: 'validation', message: 'The link is locked.', status: 200 });
  });

  it('200 with a web page under a JSON content type confirms nothing (it may have been applied)', async () => {
    service.answer((_req, res) => raw(res, 200, '<!DOCTYPE html><html><body>Maintenance</body></html>', { 'content-type': 'application/json' }));
    expect((await failure()).data).toMatchObject({ kind: 'bad-response', status: 200, maybeApplied: true });
  });
});
