import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { coalesce, type CoalescibleOp } from '../../../src-renderer/sync/outbox/coalesce.ts';
import type { OpKind, OpState } from '../../../src-renderer/sync/types.ts';

const op = (kind: OpKind, state: OpState = 'pending', fields: Record<string, unknown> = {}, base: Record<string, unknown> = {}): CoalescibleOp => ({
  kind,
  state,
  fields,
  base,
});
const edit = (kind: OpKind, fields: Record<string, unknown> = {}, base: Record<string, unknown> = {}) => ({ kind, fields, base });

describe('coalescing table (pending last op)', () => {
  it('nothing + create/update/delete → append', () => {
    expect(coalesce(undefined, edit('create', { a: 1 }))).toEqual({ type: 'append' });
    expect(coalesce(undefined, edit('update', { a: 1 }))).toEqual({ type: 'append' });
    expect(coalesce(undefined, edit('delete'))).toEqual({ type: 'append' });
  });
  it('create + update → create with both field sets (later wins)', () => {
    expect(coalesce(op('create', 'pending', { a: 1, b: 1 }), edit('update', { b: 2, c: 3 }, { b: 0 }))).toEqual({
      type: 'replace',
      kind: 'create',
      fields: { a: 1, b: 2, c: 3 },
      base: {},
    });
  });
  it('create + delete → nothing', () => {
    expect(coalesce(op('create', 'pending', { a: 1 }), edit('delete'))).toEqual({ type: 'cancel' });
  });
  it('update + update → update; the earliest base snapshot of a field is kept', () => {
    expect(coalesce(op('update', 'pending', { a: 1 }, { a: 'server-a' }), edit('update', { a: 2, b: 5 }, { a: 'newer-a', b: 'server-b' }))).toEqual({
      type: 'replace',
      kind: 'update',
      fields: { a: 2, b: 5 },
      base: { a: 'server-a', b: 'server-b' },
    });
  });
  it('update + delete → delete', () => {
    expect(coalesce(op('update', 'pending', { a: 1 }), edit('delete'))).toEqual({ type: 'replace', kind: 'delete', fields: {}, base: {} });
  });
  it('delete + anything → rejected (the row is gone)', () => {
    for (const kind of ['create', 'update', 'delete'] as const) {
      expect(coalesce(op('delete'), edit(kind)).type).toBe('reject');
      expect(coalesce(op('delete', 'sending'), edit(kind)).type).toBe('reject');
    }
  });
  it('create on an existing row → rejected', () => {
    expect(coalesce(op('update'), edit('create')).type).toBe('reject');
  });
});

describe('an operation that may be on the wire is never changed', () => {
  for (const state of ['sending', 'unknown', 'conflict'] as const) {
    it(`${state} create/update + update/delete → append`, () => {
      expect(coalesce(op('create', state), edit('update', { a: 1 }))).toEqual({ type: 'append' });
      expect(coalesce(op('create', state), edit('delete'))).toEqual({ type: 'append' });
      expect(coalesce(op('update', state), edit('update', { a: 1 }))).toEqual({ type: 'append' });
      expect(coalesce(op('update', state), edit('delete'))).toEqual({ type: 'append' });
    });
  }
  it('a failed op waits for the user and can be amended: it becomes pending again', () => {
    expect(coalesce(op('create', 'failed', { url: 'taken' }), edit('update', { url: 'free' }))).toMatchObject({
      type: 'replace',
      kind: 'create',
      fields: { url: 'free' },
    });
  });
});

describe('property: a run of edits on a row coalesces to one op equivalent to applying them in order', () => {
  type Edit = { kind: 'update'; fields: Record<string, number> } | { kind: 'delete' };
  const editArb: fc.Arbitrary<Edit> = fc.oneof(
    { weight: 4, arbitrary: fc.record({ kind: fc.constant('update' as const), fields: fc.dictionary(fc.constantFrom('a', 'b', 'c'), fc.integer()) }) },
    { weight: 1, arbitrary: fc.constant({ kind: 'delete' as const }) },
  );
  it('holds for creates and for existing rows', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.array(editArb, { maxLength: 12 }), (startsWithCreate, edits) => {
        let queue: CoalescibleOp[] = startsWithCreate ? [op('create', 'pending', { a: 0 })] : [];
        let exists = true;
        const expected: Record<string, number> = startsWithCreate ? { a: 0 } : {};
        let deleted = false;
        for (const e of edits) {
          if (!exists) break; // the row itself is gone: edits are refused before coalescing
          const result = coalesce(queue.at(-1), edit(e.kind, e.kind === 'update' ? e.fields : {}));
          if (deleted) {
            expect(result.type).toBe('reject');
            continue;
          }
          if (e.kind === 'delete') deleted = true;
          else Object.assign(expected, e.fields);
          if (result.type === 'append') queue.push(op(e.kind, 'pending', e.kind === 'update' ? e.fields : {}));
          else if (result.type === 'replace') queue[queue.length - 1] = op(result.kind, 'pending', result.fields, result.base);
          else if (result.type === 'cancel') {
            queue = [];
            exists = false;
          }
        }
        expect(queue.length).toBeLessThanOrEqual(1);
        if (!exists) {
          expect(startsWithCreate && deleted).toBe(true);
          return;
        }
        const last = queue[0];
        if (deleted) expect(last?.kind).toBe('delete');
        else if (last) expect(last.fields).toEqual(expected);
        else expect(edits.every((e) => e.kind === 'update' && Object.keys(e.fields).length === 0) || edits.length === 0).toBe(true);
      }),
    );
  });
});
