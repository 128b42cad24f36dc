// How a pushed operation ends when it does not simply succeed: a delete the service no longer knows
// is done; any other failure is classified (outbox/classify.ts) into retry with backoff, failed,
// unknown, paused or a deleted-on-server conflict, in one transaction with what the read showed.
import type { SyncContext } from './context.ts';
import { refreshRowLocal } from './local-edits.ts';
import { allRowScope, rowStore } from './mirror/link-rows.ts';
import type { MirrorRow, OpError, OutboxOp, ServerRow } from './mirror/rows.ts';
import { nextAttemptAt } from './outbox/backoff.ts';
import { classify, cycleStop, describeError, type Phase, type StopReason } from './outbox/classify.ts';
import { deleteClickSamples } from './pull.ts';

/** What one op's step means for the push: go on (and whether the op completed), or stop the cycle. */
export type StepResult = { type: 'continue'; completed: boolean } | { type: 'stop'; reason: StopReason; resetAt: number | null; message: string };

/** Every table an op's settlement may touch, for one transaction. */
export const allTables = (ctx: SyncContext) => [...allRowScope(ctx.db), ctx.db.outbox, ctx.db.clickSamples];

export async function completeDelete(ctx: SyncContext, op: OutboxOp): Promise<void> {
  await ctx.db.transaction('rw', allTables(ctx), async () => {
    await ctx.db.outbox.delete(op.seq!);
    const remaining = await ctx.db.outbox.where('rowId').equals(op.rowId).count();
    if (remaining === 0) {
      await rowStore(ctx.db, op.resource).delete(op.rowId);
      if (op.resource === 'links') await deleteClickSamples(ctx.db, op.rowId);
    } else {
      await refreshRowLocal(ctx.db, op.resource, op.rowId);
    }
  });
}

export async function failure(ctx: SyncContext, op: OutboxOp, phase: Phase, error: unknown, remote?: ServerRow | null): Promise<StepResult> {
  const outcome = classify(op.kind, phase, error);
  const described = describeError(error);
  if (outcome.type === 'done') {
    await completeDelete(ctx, op);
    return { type: 'continue', completed: true };
  }
  const now = ctx.clock.now();
  let step: StepResult = { type: 'continue', completed: false };
  await ctx.db.transaction('rw', allTables(ctx), async () => {
    const current = await ctx.db.outbox.get(op.seq!);
    if (!current) return;
    // Keep what the read showed: the next merge and the UI see the service's current values.
    if (remote) {
      const row = await rowStore(ctx.db, op.resource).get(op.rowId);
      if (row) await rowStore(ctx.db, op.resource).put({ ...row, base: remote, baseIsProvisional: false } as MirrorRow);
    }
    switch (outcome.type) {
      // Main answers not-available for statistics only; were an op ever to meet it, nothing was
      // refused: it goes again after backoff rather than failing.
      case 'not-available':
      case 'retry': {
        const attempts = current.attempts + 1;
        await ctx.db.outbox.put({
          ...current,
          state: 'pending',
          attempts,
          notBefore: nextAttemptAt(now, attempts, ctx.random, outcome.type === 'retry' ? outcome.resetAt : undefined),
          error: described,
        });
        break;
      }
      case 'pause':
        await ctx.db.outbox.put({ ...current, state: 'pending', error: described });
        break;
      case 'failed':
        await ctx.db.outbox.put({ ...current, state: 'failed', error: described });
        break;
      case 'unknown':
        await ctx.db.outbox.put({ ...current, state: 'unknown', error: described });
        break;
      case 'conflict-deleted':
        await ctx.db.outbox.put({ ...current, state: 'conflict', conflict: { type: 'deleted' }, error: null });
        break;
    }
    const stopped = cycleStop(outcome, error);
    if (stopped) step = { type: 'stop', ...stopped };
  });
  return step;
}

/** Ends an op as failed without a request, keeping what the read showed (the user fixes it). */
export async function settleWithError(ctx: SyncContext, op: OutboxOp, state: 'failed', error: OpError, remote: ServerRow | null): Promise<void> {
  await ctx.db.transaction('rw', allTables(ctx), async () => {
    const current = await ctx.db.outbox.get(op.seq!);
    if (!current || current.rev !== op.rev || current.state !== 'pending') return;
    const row = await rowStore(ctx.db, op.resource).get(op.rowId);
    if (row && remote) await rowStore(ctx.db, op.resource).put({ ...row, base: remote, baseIsProvisional: false } as MirrorRow);
    await ctx.db.outbox.put({ ...current, state, error });
  });
}
