import { describe, expect, it } from 'vitest';
import { CallError, type CallErrorData } from '../../../src-preload/contract/index.ts';
import { classify, cycleStop, describeError, listingStop } from '../../../src-renderer/sync/outbox/classify.ts';

const err = (kind: CallErrorData['kind'], extra: Partial<CallErrorData> = {}) => new CallError({ kind, message: `${kind} happened`, ...extra });

describe('failure classes', () => {
  it('offline, timeout, 5xx and 429 on updates/deletes are retried', () => {
    for (const kind of ['update', 'delete'] as const) {
      expect(classify(kind, 'write', err('offline'))).toEqual({ type: 'retry', offline: true });
      expect(classify(kind, 'write', err('timeout'))).toEqual({ type: 'retry', offline: true });
      expect(classify(kind, 'write', err('server', { status: 503 }))).toEqual({ type: 'retry', offline: false });
      expect(classify(kind, 'write', err('rate-limited', { resetAt: 123 }))).toEqual({ type: 'retry', resetAt: 123, offline: false });
    }
  });
  it('a create that may have been applied is unknown, never retried blindly', () => {
    expect(classify('create', 'write', err('timeout'))).toEqual({ type: 'unknown' });
    expect(classify('create', 'write', err('server', { status: 502 }))).toEqual({ type: 'unknown' });
    expect(classify('create', 'write', err('offline', { maybeApplied: true }))).toEqual({ type: 'unknown' });
    expect(classify('create', 'write', err('bad-response'))).toEqual({ type: 'unknown' });
    expect(classify('create', 'write', new TypeError('transport broke'))).toEqual({ type: 'unknown' });
  });
  it('a create that surely did not leave (connection refused) is retried', () => {
    expect(classify('create', 'write', err('offline'))).toEqual({ type: 'retry', offline: true });
    expect(classify('create', 'write', err('timeout', { maybeApplied: false }))).toEqual({ type: 'retry', offline: true });
    expect(classify('create', 'write', err('rate-limited', { resetAt: 9 }))).toEqual({ type: 'retry', resetAt: 9, offline: false });
  });
  it('not-available (statistics on a service without them) is a read falling back, never a failed write', () => {
    expect(classify('update', 'read', err('not-available', { status: 404 }))).toEqual({ type: 'not-available' });
    for (const kind of ['create', 'update', 'delete'] as const) expect(classify(kind, 'write', err('not-available'))).not.toEqual({ type: 'failed' });
    // Nothing to stop the cycle for: other work goes on.
    expect(cycleStop(classify('update', 'read', err('not-available')), err('not-available'))).toBeNull();
  });
  it('a refused key pauses the workspace', () => {
    for (const kind of ['create', 'update', 'delete'] as const)
      expect(classify(kind, 'write', err('unauthorized', { status: 401 }))).toEqual({ type: 'pause' });
    expect(classify('update', 'read', err('no-key'))).toEqual({ type: 'pause' });
  });
  it('validation (incl. a 401 whose key is fine), 400/404/422 on create/update → failed', () => {
    expect(classify('create', 'write', err('validation', { status: 401 }))).toEqual({ type: 'failed' });
    expect(classify('update', 'write', err('validation', { status: 422 }))).toEqual({ type: 'failed' });
    expect(classify('create', 'write', err('not-found', { status: 404 }))).toEqual({ type: 'failed' });
    expect(classify('update', 'write', err('not-found', { status: 404 }))).toEqual({ type: 'failed' });
    expect(classify('create', 'write', err('invalid-input'))).toEqual({ type: 'failed' });
  });
  it('404 on delete is done; 404 on the read before an update is a deleted-on-server conflict', () => {
    expect(classify('delete', 'write', err('not-found', { status: 404 }))).toEqual({ type: 'done' });
    expect(classify('update', 'read', err('not-found', { status: 404 }))).toEqual({ type: 'conflict-deleted' });
  });
  it('describeError keeps the service message, status and field', () => {
    expect(describeError(err('validation', { status: 401, field: 'url', message: 'Alias taken' }))).toEqual({
      kind: 'validation',
      message: 'Alias taken',
      status: 401,
      field: 'url',
    });
  });
  it('a failure stops the cycle only when nothing else can go now: offline, key refused, window spent', () => {
    expect(listingStop(err('offline'))).toEqual({ reason: 'offline', resetAt: null, message: 'offline happened' });
    expect(listingStop(err('unauthorized', { status: 401 }))).toEqual({ reason: 'paused', resetAt: null, message: 'unauthorized happened' });
    expect(listingStop(err('rate-limited', { resetAt: 5_000 }))).toEqual({ reason: 'rate-limited', resetAt: 5_000, message: 'rate-limited happened' });
    // A 5xx or a refused input concerns that request alone: the cycle goes on with other work.
    expect(listingStop(err('server', { status: 503 }))).toBeNull();
    expect(cycleStop(classify('update', 'write', err('validation')), err('validation'))).toBeNull();
    expect(cycleStop(classify('create', 'write', err('timeout')), err('timeout'))).toBeNull();
  });
});
