// Property: whatever the order of edits, pushes, listings and injected faults, once the network
// heals every edit has reached the service exactly once — no duplicate creates, no lost change.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CallErrorData, CallName } from '../../../src-preload/contract/index.ts';
import type { ContractApi } from '../../../src-renderer/contract/contract-client.ts';
import { createRow, deleteRow, updateRow } from '../../../src-renderer/sync/local-edits.ts';
import { rowView } from '../../../src-renderer/sync/mirror/fields.ts';
import { pullResource } from '../../../src-renderer/sync/pull.ts';
import { push } from '../../../src-renderer/sync/push.ts';
import { harness } from './helpers.ts';
import { linkRows } from '../../../src-renderer/sync/mirror/link-rows.ts';

type Fault = 'none' | 'timeout-applied' | 'timeout-lost' | 'server-applied' | 'offline' | 'rate-limited';
/** The app dies while a write is in flight, after (applied) or before the service handled it. */
type Crash = 'crash-applied' | 'crash-lost';
type Cmd =
  | { t: 'create' }
  | { t: 'update'; pick: number; dest: number }
  | { t: 'delete'; pick: number }
  | { t: 'push'; fault: Fault }
  | { t: 'crash'; kind: Crash }
  | { t: 'pull' }
  | { t: 'tick' };

const cmdArb: fc.Arbitrary<Cmd> = fc.oneof(
  { weight: 3, arbitrary: fc.constant({ t: 'create' as const }) },
  { weight: 3, arbitrary: fc.record({ t: fc.constant('update' as const), pick: fc.nat(), dest: fc.nat(50) }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('delete' as const), pick: fc.nat() }) },
  {
    weight: 4,
    arbitrary: fc.record({
      t: fc.constant('push' as const),
      fault: fc.constantFrom<Fault>('none', 'timeout-applied', 'timeout-lost', 'server-applied', 'offline', 'rate-limited'),
    }),
  },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('crash' as const), kind: fc.constantFrom<Crash>('crash-applied', 'crash-lost') }) },
  { weight: 1, arbitrary: fc.constant({ t: 'pull' as const }) },
  { weight: 1, arbitrary: fc.constant({ t: 'tick' as const }) },
);

const isWrite = (name: CallName) => /^links\.(create|update|delete)$/.test(name);

describe('model: every edit reaches the service exactly once', () => {
  it('holds under random faults', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(cmdArb, { minLength: 1, maxLength: 25 }), fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), async (cmds, r) => {
        const h = harness({ random: () => r });
        try {
          const model = new Map<string, string>(); // clientId → destination, for rows not deleted
          let created = 0;
          for (const cmd of cmds) {
            const live = [...model.keys()];
            if (cmd.t === 'create') {
              const dest = `https://dest.test/c${created++}`;
              model.set(await createRow(h.edits, 'links', { location_url: dest }), dest);
            } else if (cmd.t === 'update' && live.length > 0) {
              const id = live[cmd.pick % live.length]!;
              const dest = `https://dest.test/u${cmd.dest}`;
              await updateRow(h.edits, 'links', id, { location_url: dest });
              model.set(id, dest);
            } else if (cmd.t === 'delete' && live.length > 0) {
              const id = live[cmd.pick % live.length]!;
              await deleteRow(h.edits, 'links', id);
              model.delete(id);
            } else if (cmd.t === 'push') {
              const errors: Record<Exclude<Fault, 'none'>, [CallErrorData, boolean]> = {
                'timeout-applied': [{ kind: 'timeout', message: 'no answer', maybeApplied: true }, true],
                'timeout-lost': [{ kind: 'timeout', message: 'no answer', maybeApplied: true }, false],
                'server-applied': [{ kind: 'server', message: 'bad gateway', status: 502 }, true],
                offline: [{ kind: 'offline', message: 'refused' }, false],
                'rate-limited': [{ kind: 'rate-limited', message: 'slow down', status: 429, resetAt: h.clock.now() + 30_000 }, false],
              };
              if (cmd.fault !== 'none') {
                const [error, applied] = errors[cmd.fault];
                h.service.fail({ match: isWrite, error, applied });
              }
              await push(h.ctx);
              h.service.faults.length = 0;
            } else if (cmd.t === 'crash') {
              // This "process" hangs on its first write and is abandoned; the mirror is shared.
              let hung = false;
              const dying: ContractApi = {
                call: (async (name: CallName, input: unknown) => {
                  if (isWrite(name) && !hung) {
                    hung = true;
                    if (cmd.kind === 'crash-applied') await h.service.api.call(name as never, input as never);
                    return new Promise(() => undefined);
                  }
                  return h.service.api.call(name as never, input as never);
                }) as ContractApi['call'],
                on: h.service.api.on,
              };
              const abandoned = push({ ...h.ctx, api: dying });
              for (let i = 0; i < 200 && !hung; i++) await new Promise((resolve) => setImmediate(resolve));
              if (!hung) await abandoned; // nothing to send: it finished normally
            } else if (cmd.t === 'pull') {
              await pullResource(h.ctx, 'links');
            } else if (cmd.t === 'tick') {
              h.clock.set(h.clock.now() + 600_000);
            }
          }
          // The network heals: drain.
          h.service.faults.length = 0;
          for (let i = 0; i < 6; i++) {
            h.clock.set(h.clock.now() + 600_000);
            await push(h.ctx);
          }
          const ops = await h.db.outbox.toArray();
          expect(ops.map((o) => [o.kind, o.state, o.error?.message])).toEqual([]);
          const rows = await linkRows(h.db).toArray();
          expect(rows.map((r) => r.clientId).sort()).toEqual([...model.keys()].sort());
          const serverIds = rows.map((r) => r.serverId);
          expect(new Set(serverIds).size).toBe(rows.length);
          // one server link per mirror row, with the user's latest destination
          expect(h.service.rows.links.size).toBe(rows.length);
          for (const row of rows) {
            expect(h.service.rows.links.get(row.serverId!)?.location_url).toBe(model.get(row.clientId));
          }
        } finally {
          h.db.close();
        }
      }),
      { numRuns: 60 },
    );
  }, 60_000);
});

type Foreign = { t: 'foreign-update'; pick: number; dest: number } | { t: 'foreign-delete'; pick: number } | { t: 'foreign-create' };
const foreignArb: fc.Arbitrary<Foreign> = fc.oneof(
  fc.record({ t: fc.constant('foreign-update' as const), pick: fc.nat(), dest: fc.nat(50) }),
  fc.record({ t: fc.constant('foreign-delete' as const), pick: fc.nat() }),
  fc.constant({ t: 'foreign-create' as const }),
);

describe('model: with others editing the same account, every change ends applied or visible', () => {
  it('holds under random faults and foreign edits', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof({ weight: 3, arbitrary: cmdArb }, { weight: 1, arbitrary: foreignArb }), { minLength: 1, maxLength: 25 }),
        async (cmds) => {
          const h = harness({ random: () => 0.5 });
          try {
            let created = 0;
            for (const cmd of cmds) {
              const live = (await linkRows(h.db).toArray()).filter((r) => !r.deletedLocally).map((r) => r.clientId);
              const serverIds = [...h.service.rows.links.keys()];
              if (cmd.t === 'create') {
                await createRow(h.edits, 'links', { location_url: `https://dest.test/c${created++}` });
              } else if (cmd.t === 'update' && live.length > 0) {
                await updateRow(h.edits, 'links', live[cmd.pick % live.length]!, { location_url: `https://dest.test/u${cmd.dest}` }).catch(() => undefined);
              } else if (cmd.t === 'delete' && live.length > 0) {
                await deleteRow(h.edits, 'links', live[cmd.pick % live.length]!).catch(() => undefined);
              } else if (cmd.t === 'push') {
                if (cmd.fault === 'timeout-applied')
                  h.service.fail({ match: isWrite, error: { kind: 'timeout', message: 'no answer', maybeApplied: true }, applied: true });
                if (cmd.fault === 'offline') h.service.fail({ match: isWrite, error: { kind: 'offline', message: 'refused' } });
                await push(h.ctx);
                h.service.faults.length = 0;
              } else if (cmd.t === 'pull') {
                await pullResource(h.ctx, 'links');
              } else if (cmd.t === 'tick') {
                h.clock.set(h.clock.now() + 600_000);
              } else if (cmd.t === 'foreign-update' && serverIds.length > 0) {
                h.service.rows.links.get(serverIds[cmd.pick % serverIds.length]!)!.location_url = `https://other.test/f${cmd.dest}`;
              } else if (cmd.t === 'foreign-delete' && serverIds.length > 0) {
                h.service.rows.links.delete(serverIds[cmd.pick % serverIds.length]!);
              } else if (cmd.t === 'foreign-create') {
                h.service.seedLink();
              }
            }
            for (let i = 0; i < 4; i++) {
              h.clock.set(h.clock.now() + 600_000);
              await push(h.ctx);
              await pullResource(h.ctx, 'links');
            }
            const ops = await h.db.outbox.toArray();
            // Nothing is left in flight or in an unknown state; what remains waits visibly for the user:
            // failed or in conflict, or queued behind such an op of the same row (it goes once the
            // user has decided; order per row is kept).
            const stopped = ops.filter((op) => op.state === 'failed' || op.state === 'conflict');
            for (const op of ops) {
              if (op.state === 'failed' || op.state === 'conflict') continue;
              expect(op.state).toBe('pending');
              expect(stopped.some((before) => before.rowId === op.rowId && (before.seq ?? 0) < (op.seq ?? 0))).toBe(true);
            }
            expect(ops.filter((op) => op.error?.message === 'The alias is already taken.')).toEqual([]);
            const rows = await linkRows(h.db).toArray();
            const withOps = new Set(ops.map((op) => op.rowId));
            // Every service link is mirrored exactly once.
            const mapped = rows.filter((r) => r.serverId !== null).map((r) => r.serverId!);
            expect(new Set(mapped).size).toBe(mapped.length);
            expect([...h.service.rows.links.keys()].sort((a, b) => a - b)).toEqual(mapped.filter((id) => h.service.rows.links.has(id)).sort((a, b) => a - b));
            // A settled row shows exactly what the service has.
            for (const row of rows.filter((r) => !withOps.has(r.clientId))) {
              expect(h.service.rows.links.get(row.serverId!)?.location_url).toBe(rowView('links', row).location_url);
            }
          } finally {
            h.db.close();
          }
        },
      ),
      { numRuns: 60 },
    );
  }, 60_000);
});
