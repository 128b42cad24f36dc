import { describe, expect, it } from 'vitest';
import { planReady, type OrderableOp } from '../../../src-renderer/sync/outbox/ordering.ts';
import type { ResourceName } from '../../../src-renderer/sync/types.ts';

let seq = 0;
const op = (
  resource: ResourceName,
  rowId: string,
  kind: OrderableOp['kind'],
  fields: Record<string, unknown> = {},
  extra: Partial<OrderableOp> = {},
): OrderableOp => ({
  seq: ++seq,
  opId: `op${seq}`,
  resource,
  rowId,
  kind,
  state: 'pending',
  fields,
  notBefore: 0,
  ...extra,
});

function lookup(ids: Record<string, number | null>) {
  return (_resource: ResourceName, clientId: string) => (clientId in ids ? ids[clientId] : undefined);
}

describe('dependency ordering', () => {
  it('a link that uses a domain created offline waits for the domain', () => {
    const domainCreate = op('domains', 'dom', 'create', { host: 'a.example.com' });
    const linkCreate = op('links', 'lnk', 'create', { location_url: 'https://x.test', domain_id: 'dom' });
    const before = planReady([linkCreate, domainCreate], lookup({ dom: null, lnk: null }), 0);
    expect(before.ready.map((o) => o.opId)).toEqual([domainCreate.opId]);
    expect(before.waiting).toContainEqual({ op: linkCreate, reason: 'dependency' });
    // once the domain has its server id, the link goes
    const after = planReady([linkCreate], lookup({ dom: 42, lnk: null }), 0);
    expect(after.ready).toEqual([linkCreate]);
  });
  it('report handlers created offline are waited for, each of them', () => {
    const link = op('links', 'lnk', 'update', { email_reports: ['h1', 'h2', 7] });
    expect(planReady([link], lookup({ lnk: 5, h1: 1, h2: null }), 0).waiting[0]?.reason).toBe('dependency');
    expect(planReady([link], lookup({ lnk: 5, h1: 1, h2: 2 }), 0).ready).toEqual([link]);
  });
  it('numeric references (server ids, domain 0) need nothing', () => {
    const link = op('links', 'lnk', 'create', { domain_id: 0 });
    expect(planReady([link], lookup({ lnk: null }), 0).ready).toEqual([link]);
  });
  it('a reference to a row that no longer exists is reported as orphaned', () => {
    const link = op('links', 'lnk', 'create', { domain_id: 'gone' });
    const plan = planReady([link], lookup({ lnk: null }), 0);
    expect(plan.orphaned).toEqual([{ op: link, missing: { resource: 'domains', clientId: 'gone' } }]);
    expect(plan.ready).toEqual([]);
  });
});

describe('order per row', () => {
  it('only the oldest op of a row may go; later ones wait, whatever its state', () => {
    for (const state of ['pending', 'sending', 'failed', 'conflict', 'unknown'] as const) {
      const first = op('domains', 'd', 'create', {}, { state });
      const second = op('domains', 'd', 'update', { host: 'b.example.com' });
      const plan = planReady([second, first], lookup({ d: null }), 0);
      expect(plan.ready).toEqual(state === 'pending' ? [first] : []);
      expect(plan.waiting).toContainEqual({ op: second, reason: 'earlier-change' });
    }
  });
  it('rows are independent: a failed op on one row does not hold up another', () => {
    const failed = op('domains', 'd1', 'update', { host: 'x.example.com' }, { state: 'failed' });
    const other = op('domains', 'd2', 'update', { host: 'y.example.com' });
    expect(planReady([failed, other], lookup({ d1: 1, d2: 2 }), 0).ready).toEqual([other]);
  });
  it('dependants of a failed create wait', () => {
    const domain = op('domains', 'd', 'create', { host: 'x.example.com' }, { state: 'failed' });
    const link = op('links', 'l', 'create', { domain_id: 'd' });
    const plan = planReady([domain, link], lookup({ d: null, l: null }), 0);
    expect(plan.ready).toEqual([]);
    expect(plan.waiting).toContainEqual({ op: link, reason: 'dependency' });
  });
  it('ready ops come out in edit order', () => {
    const a = op('links', 'a', 'update', { url: 'a' });
    const b = op('domains', 'b', 'update', { host: 'b.example.com' });
    const c = op('handlers', 'c', 'delete');
    expect(planReady([c, a, b], lookup({ a: 1, b: 2, c: 3 }), 0).ready).toEqual([a, b, c]);
  });
  it('an op in backoff waits until notBefore', () => {
    const a = op('links', 'a', 'update', { url: 'a' }, { notBefore: 5000 });
    expect(planReady([a], lookup({ a: 1 }), 4999).waiting[0]?.reason).toBe('backoff');
    expect(planReady([a], lookup({ a: 1 }), 5000).ready).toEqual([a]);
  });
});

describe('a clock that moved back', () => {
  it('a backoff ending further away than any backoff lasts was set before the clock moved back: the op is due', () => {
    const now = Date.UTC(2026, 10, 26, 12);
    const waiting = op('links', 'a', 'update', { url: 'x' }, { notBefore: now + 60_000 });
    const stale = op('links', 'b', 'update', { url: 'y' }, { notBefore: now + 3 * 3_600_000 });
    const plan = planReady([waiting, stale], lookup({ a: 1, b: 2 }), now);
    expect(plan.waiting).toEqual([{ op: waiting, reason: 'backoff' }]);
    expect(plan.ready).toEqual([stale]);
  });
});
