// How a bulk create's answer maps its rows: ids lowest first in line order; an answer with another
// number of ids than lines sent leaves the op of unknown outcome (a listing decides), rows unmapped.
import { afterEach, describe, expect, it } from 'vitest';
import { createBulkLinks } from '../../../src-renderer/sync/bulk.ts';
import { settleBulkAnswer } from '../../../src-renderer/sync/bulk-settle.ts';
import { updateRow } from '../../../src-renderer/sync/local-edits.ts';
import { mergeRow } from '../../../src-renderer/sync/merge/three-way.ts';
import { rowView } from '../../../src-renderer/sync/mirror/fields.ts';
import { harness, type Harness } from './helpers.ts';
import { linkRows } from '../../../src-renderer/sync/mirror/link-rows.ts';

let h: Harness;
afterEach(() => h?.db.close());

async function queued(urls: string[]) {
  const { rowIds } = await createBulkLinks(h.edits, urls, { utm_source: 'mail' });
  const op = (await h.db.outbox.toArray())[0]!;
  await h.db.outbox.put({ ...op, state: 'sending', sentAt: h.clock.now() });
  return { rowIds, op: (await h.db.outbox.get(op.seq!))! };
}

describe('settleBulkAnswer', () => {
  it('maps the ids, lowest first, to the rows in line order; the op is done and the rows wait for their aliases from a listing', async () => {
    h = harness();
    const { rowIds, op } = await queued(['https://a.test/1', 'https://a.test/2', 'https://a.test/3']);
    expect(await settleBulkAnswer(h.ctx, op, op.fields, { ids: [12, 10, 11] })).toEqual({ completed: true });
    expect(await h.db.outbox.count()).toBe(0);
    const rows = await linkRows(h.db).bulkGet(rowIds);
    expect(rows.map((row) => row!.serverId)).toEqual([10, 11, 12]);
    expect(rows.every((row) => row!.bulkOp === undefined && row!.baseIsProvisional)).toBe(true);
    expect(rowView('links', rows[2]!)).toMatchObject({ location_url: 'https://a.test/3', utm_source: 'mail', url: '' });
  });

  it('another number of ids than lines: unknown outcome, nothing mapped', async () => {
    h = harness();
    const { rowIds, op } = await queued(['https://a.test/1', 'https://a.test/2']);
    expect(await settleBulkAnswer(h.ctx, op, op.fields, { ids: [10] })).toEqual({ completed: false });
    expect(await h.db.outbox.toArray()).toMatchObject([{ state: 'unknown', error: { kind: 'bad-response' }, rows: rowIds }]);
    expect((await linkRows(h.db).bulkGet(rowIds)).map((row) => row!.serverId)).toEqual([null, null]);
  });
  it('an alias set before a listing brought the one the service picked is the user’s change, not a conflict with it', async () => {
    h = harness();
    const { rowIds, op } = await queued(['https://a.test/1']);
    await settleBulkAnswer(h.ctx, op, op.fields, { ids: [10] });
    await updateRow(h.edits, 'links', rowIds[0]!, { url: 'mine' });
    const [update] = await h.db.outbox.toArray();
    expect(update).toMatchObject({ kind: 'update', fields: { url: 'mine' } });
    expect(update!.base).not.toHaveProperty('url');
    expect(mergeRow({ local: update!.fields, base: update!.base, remote: { url: 'k3x9abcd' } })).toEqual({ type: 'send', fields: { url: 'mine' } });
  });
});
