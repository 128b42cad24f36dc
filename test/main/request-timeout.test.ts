// Main's request timeout is an option (the browser chaos run shortens it, so a request the fault
// proxy holds costs seconds, not the client's 20): a service that never answers fails the call
// as a timeout once it has passed, not before, and nothing hangs.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeService, type FakeService } from './service/fake-service.ts';
import { testMainServices } from '../support/main-services.ts';
import { withTempDir } from '../support/temp-dir.ts';

let silent: FakeService;
beforeAll(async () => {
  silent = await startFakeService();
  // Never answers: the request is held until the client gives up.
  silent.answer(() => undefined);
});
afterAll(() => silent.close());

let temp: Awaited<ReturnType<typeof withTempDir>>;
beforeEach(async () => {
  temp = await withTempDir();
});
afterEach(() => temp.cleanup());

describe('requestTimeoutMs', () => {
  it('a held request fails as a timeout after the given time', async () => {
    const services = await testMainServices(temp.dir, {
      requestTimeoutMs: 400,
    });
    const added = await services.router.handle('workspaces.add', { name: 'Silent', baseUrl: `${silent.origin}/`, apiKey: 'key-0001-silent' }, true);
    if (!added.ok) throw new Error(added.error.message);
    const started = performance.now();
    const listed = await services.router.handle('links.list', { workspaceId: (added.value as { id: string }).id }, true);
    const ms = performance.now() - started;
    expect(listed).toMatchObject({ ok: false });
    expect(listed.ok ? '' : `${listed.error.kind} ${listed.error.message}`).toMatch(/time/i);
    expect(ms).toBeGreaterThanOrEqual(350);
    expect(ms).toBeLessThan(5_000);
  });
});
