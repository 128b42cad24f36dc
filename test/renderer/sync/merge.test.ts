import { describe, expect, it } from 'vitest';
import { mergeRow } from '../../../src-renderer/sync/merge/three-way.ts';

// The merge table: local side × remote side, each unchanged / changed / deleted.
// base title "A"; a local change sets "L"; a remote change sets "R".
const base = { title: 'A' };
const local = { unchanged: { title: 'A' }, changed: { title: 'L' }, deleted: 'deleted' as const };
const remote = { unchanged: { title: 'A' }, changed: { title: 'R' }, deleted: null };

describe('merge table', () => {
  const cases: [keyof typeof local, keyof typeof remote, unknown][] = [
    ['unchanged', 'unchanged', { type: 'nothing' }],
    ['unchanged', 'changed', { type: 'nothing' }], // take theirs: nothing to send
    ['unchanged', 'deleted', { type: 'deleted-conflict' }],
    ['changed', 'unchanged', { type: 'send', fields: { title: 'L' } }],
    ['changed', 'changed', { type: 'conflict', fields: [{ field: 'title', base: 'A', mine: 'L', theirs: 'R' }] }],
    ['changed', 'deleted', { type: 'deleted-conflict' }],
    ['deleted', 'unchanged', { type: 'delete' }],
    ['deleted', 'changed', { type: 'delete' }],
    ['deleted', 'deleted', { type: 'gone' }],
  ];
  for (const [l, r, expected] of cases) {
    it(`local ${l} × remote ${r}`, () => {
      expect(mergeRow({ local: local[l], base, remote: remote[r] })).toEqual(expected);
    });
  }
  it('a row with no pending fields that is gone remotely is simply gone', () => {
    expect(mergeRow({ local: {}, base: {}, remote: null })).toEqual({ type: 'gone' });
  });
});

describe('per field', () => {
  it('lists of ids merge as sets: each side keeps what it added and removed, with no conflict', () => {
    // This client swapped handler 1 for 4; the service dropped 1 (deleted) and someone added 5.
    expect(mergeRow({ local: { email_reports: [4] }, base: { email_reports: [1] }, remote: { email_reports: [5] } })).toEqual({
      type: 'send',
      fields: { email_reports: [5, 4] },
    });
    expect(mergeRow({ local: { email_reports: [4] }, base: { email_reports: [1] }, remote: { email_reports: [] } })).toEqual({
      type: 'send',
      fields: { email_reports: [4] },
    });
    // Already there: nothing to send.
    expect(mergeRow({ local: { pixels_ids: [2, 3] }, base: { pixels_ids: [2] }, remote: { pixels_ids: [3, 2] } })).toEqual({ type: 'nothing' });
  });
  it('both changed to the same value: nothing to send', () => {
    expect(mergeRow({ local: { title: 'X' }, base: { title: 'A' }, remote: { title: 'X' } })).toEqual({ type: 'nothing' });
  });
  it('only the conflicting fields are reported; the merge is per field', () => {
    const decision = mergeRow({ local: { a: 1, b: 2 }, base: { a: 0, b: 0 }, remote: { a: 5, b: 0, c: 9 } });
    expect(decision).toEqual({ type: 'conflict', fields: [{ field: 'a', base: 0, mine: 1, theirs: 5 }] });
  });
  it('write-only fields (absent from the read shape) are sent as set', () => {
    expect(mergeRow({ local: { clicks_limit: 10, title: 'A' }, base: { title: 'A' }, remote: { title: 'R' } })).toEqual({
      type: 'send',
      fields: { clicks_limit: 10 },
    });
  });
  it("a remote value this client itself may have written earlier is not someone else's change", () => {
    expect(mergeRow({ local: { title: 'L2' }, base: { title: 'A' }, remote: { title: 'L1' }, ours: { title: ['L1'] } })).toEqual({
      type: 'send',
      fields: { title: 'L2' },
    });
    expect(mergeRow({ local: { title: 'L2' }, base: { title: 'A' }, remote: { title: 'R' }, ours: { title: ['L1'] } })).toMatchObject({ type: 'conflict' });
  });
  it('structured values compare by content, not identity or key order', () => {
    expect(mergeRow({ local: { t: { x: [1, 2], y: 'a' } }, base: { t: { y: 'a', x: [1, 2] } }, remote: { t: { x: [1, 2], y: 'a' } } })).toEqual({
      type: 'nothing',
    });
  });
});
