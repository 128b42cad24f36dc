// Hostile input at every contract call: whatever a compromised renderer sends, main's router
// answers with a clear error (or a result the schema allowed) and never throws, never crashes and
// never sends a request for input the schema refused. Seeded, so a failure replays.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MainServices } from '../../src-main/main-services.ts';
import { CALL_NAMES, DESKTOP_CALL_NAMES, type CallName } from '../../src-preload/contract/index.ts';
import { startRealService, type RealService } from '../support/real-service.ts';
import { testMainServices } from '../support/main-services.ts';
import { withTempDir } from '../support/temp-dir.ts';

let services: MainServices;
let real: RealService;
let cleanup: () => Promise<void>;
let workspaceId: string;
beforeAll(async () => {
  real = await startRealService();
  const temp = await withTempDir();
  services = await testMainServices(temp.dir, {
    logError: () => undefined,
  });
  const added = await services.router.handle('workspaces.add', { name: 'Target', baseUrl: real.url, apiKey: real.key }, true);
  if (!added.ok) throw new Error(added.error.message);
  workspaceId = (added.value as { id: string }).id;
  cleanup = async () => {
    await real.close();
    await temp.cleanup();
  };
});
afterAll(() => cleanup());

/** Values a compromised renderer might send: anything at all, or the right shape with wrong types inside. */
const hostile = (id: string) =>
  fc.oneof(
    fc.anything({ withBigInt: true, withDate: true, withMap: true, withSet: true, withTypedArray: true, withNullPrototype: true }),
    fc.record({ workspaceId: fc.oneof(fc.constant(id), fc.string(), fc.integer()), id: fc.anything(), input: fc.anything(), page: fc.anything() }),
    fc.record({ workspaceId: fc.constant(id), input: fc.dictionary(fc.string(), fc.anything()) }),
  );

describe('hostile input at every contract call', () => {
  const names: CallName[] = [...CALL_NAMES, ...DESKTOP_CALL_NAMES];
  it('answers every call with a clear result, never throws, and sends nothing for refused input', async () => {
    for (const name of names) {
      await fc.assert(
        fc.asyncProperty(hostile(workspaceId), async (input) => {
          const before = real.requests.length;
          const result = await services.router.handle(name, input, true);
          if (result.ok) return;
          expect(typeof result.error.kind).toBe('string');
          expect(typeof result.error.message).toBe('string');
          expect(result.error.message.length).toBeGreaterThan(0);
          if (result.error.kind === 'invalid-input') expect(real.requests.length).toBe(before);
        }),
        { seed: 1414, numRuns: 40 },
      );
    }
    // The service saw only well-formed requests, and main still answers a good call.
    const list = await services.router.handle('links.list', { workspaceId }, true);
    expect(list.ok).toBe(true);
  });

  it('refuses a name that is not a string or not a call', async () => {
    for (const name of [{ toString: 1 }, '__proto__', 'constructor', 'links.list\u0000', 42, null] as unknown[]) {
      const result = await services.router.handle(name as CallName, { workspaceId }, true);
      expect(result).toMatchObject({ ok: false, error: { kind: 'invalid-input' } });
    }
  });
});
