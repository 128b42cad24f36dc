// What a failed request means for its operation (DESIGN.md "Failure classes").
import { CallError } from '../../../src-preload/contract/index.ts';
import type { OpKind } from '../types.ts';
import { isQuotaError } from '../mirror/db.ts';
import type { OpError } from '../mirror/rows.ts';

export type Phase = 'read' | 'write';

export type Outcome =
  /** Transient: try again after backoff (and not before resetAt). */
  | { type: 'retry'; resetAt?: number; offline: boolean }
  /** Permanent: shown with the service's message; dependants wait. */
  | { type: 'failed' }
  /** The create may have been applied: reconcile before anything is resent. */
  | { type: 'unknown' }
  /** The key was refused (or there is none): stop the whole workspace until a new key. */
  | { type: 'pause' }
  /** The row is gone on the server while it has local edits. */
  | { type: 'conflict-deleted' }
  /** Counts as success (404 on delete). */
  | { type: 'done' }
  /**
   * The service has no such call (statistics on a deployment without them): nothing was refused and
   * nothing is worth retrying soon; a read falls back to what the app has.
   */
  | { type: 'not-available' };

const PAUSE_KINDS = new Set(['unauthorized', 'no-key', 'workspace-not-found', 'vault', 'weak-encryption']);

export function classify(kind: OpKind, phase: Phase, error: unknown): Outcome {
  const createWrite = kind === 'create' && phase === 'write';
  if (!(error instanceof CallError)) {
    // A bug or a broken transport: nothing says the request did not reach the service.
    return createWrite ? { type: 'unknown' } : { type: 'failed' };
  }
  const maybeApplied = error.data.maybeApplied === true;
  switch (error.kind) {
    case 'rate-limited':
      return { type: 'retry', resetAt: error.data.resetAt, offline: false };
    case 'offline':
      return createWrite && maybeApplied ? { type: 'unknown' } : { type: 'retry', offline: true };
    case 'cancelled':
      return createWrite && maybeApplied ? { type: 'unknown' } : { type: 'retry', offline: false };
    case 'timeout':
      // No answer in time: for a create the request may have been applied.
      return createWrite && error.data.maybeApplied !== false ? { type: 'unknown' } : { type: 'retry', offline: true };
    case 'server':
    case 'bad-response':
      return createWrite && error.data.maybeApplied !== false ? { type: 'unknown' } : { type: 'retry', offline: false };
    case 'not-available':
      // Only reads meet it (main answers it for statistics alone): never a failed write.
      return { type: 'not-available' };
    case 'not-found':
      if (kind === 'delete') return { type: 'done' };
      if (kind === 'update' && phase === 'read') return { type: 'conflict-deleted' };
      return { type: 'failed' };
    default:
      if (PAUSE_KINDS.has(error.kind)) return { type: 'pause' };
      // validation, invalid-input, forbidden, internal
      return { type: 'failed' };
  }
}

/** Why a sync cycle stops early: each has its own way back (the probe, the window reopening, a new key). */
export type StopReason = 'offline' | 'rate-limited' | 'paused';

export interface CycleStop {
  reason: StopReason;
  /** When a spent rate-limit window reopens, when known. */
  resetAt: number | null;
  message: string;
}

/**
 * What a failed request means for the whole cycle, whatever it was for (a push's write or read, a
 * listing): stop (offline, key refused, window spent) or carry on with other work (null).
 */
export function cycleStop(outcome: Outcome, error: unknown): CycleStop | null {
  const message = describeError(error).message;
  if (outcome.type === 'pause') return { reason: 'paused', resetAt: null, message };
  if (outcome.type === 'retry' && outcome.offline) return { reason: 'offline', resetAt: null, message };
  if (outcome.type === 'retry' && outcome.resetAt !== undefined) return { reason: 'rate-limited', resetAt: outcome.resetAt, message };
  return null;
}

/** A listing's failure for the cycle: listings are reads, and a read is classified as an update's. */
export function listingStop(error: unknown): CycleStop | null {
  return cycleStop(classify('update', 'read', error), error);
}

/** What a full disk means while syncing: the user's changes are safe in the outbox, nothing new can be stored. */
export const SYNC_QUOTA_MESSAGE =
  'Not enough storage space on this computer: syncing cannot save what it fetched or sent. Your changes are kept; free some disk space and sync again.';

export function describeError(error: unknown): OpError {
  // The browser's own words ("The quota has been exceeded.") do not say what to do.
  if (isQuotaError(error)) return { kind: 'quota', message: SYNC_QUOTA_MESSAGE };
  if (error instanceof CallError) {
    const out: OpError = { kind: error.kind, message: error.message };
    if (error.data.status !== undefined) out.status = error.data.status;
    if (error.data.field !== undefined) out.field = error.data.field;
    else if (error.data.issues?.[0]) out.field = error.data.issues[0].path;
    return out;
  }
  return { kind: 'internal', message: error instanceof Error ? error.message : String(error) };
}
