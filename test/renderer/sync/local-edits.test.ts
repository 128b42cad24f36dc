import { afterEach, describe, expect, it } from 'vitest';
import { generateAlias } from '../../../src-renderer/sync/alias.ts';
import { EditError } from '../../../src-renderer/sync/edit-errors.ts';
import { chunkDestinations, createBulkLinks } from '../../../src-renderer/sync/bulk.ts';
import { createRow, deleteRow, updateRow } from '../../../src-renderer/sync/local-edits.ts';
import { rowView } from '../../../src-renderer/sync/mirror/fields.ts';
import { harness, type Harness } from './helpers.ts';
import { linkRows } from '../../../src-renderer/sync/mirror/link-rows.ts';

let h: Harness;
afterEach(() => h?.db.close());

const quota = () => new DOMException('The quota has been exceeded.', 'QuotaExceededError');

describe('edits write the row and its outbox op in one transaction', () => {
  it('create stores the row and a pending create op together', async () => {
    h = harness();
    const id = await createRow(h.edits, 'domains', { host: ' Go.Example.COM ' });
    const row = await h.db.domains.get(id);
    const ops = await h.db.outbox.toArray();
    expect(row).toMatchObject({ clientId: id, serverId: null, base: null, local: { host: 'go.example.com' } });
    expect(ops).toHaveLength(1);
    expect(ops[0]).toMatchObject({ resource: 'domains', rowId: id, kind: 'create', state: 'pending', fields: { host: 'go.example.com' } });
  });

  it('a quota error on the outbox rejects the edit visibly and leaves mirror and outbox unchanged', async () => {
    h = harness();
    const id = await createRow(h.edits, 'domains', { host: 'a.example.com' });
    const rowBefore = await h.db.domains.get(id);
    const opsBefore = await h.db.outbox.toArray();
    // A table that fails the way a full disk does.
    const failing = () => {
      throw quota();
    };
    h.db.outbox.hook('creating', failing);
    h.db.outbox.hook('updating', failing);
    const attempt = updateRow(h.edits, 'domains', id, { custom_index_url: 'https://index.example.com/' });
    await expect(attempt).rejects.toBeInstanceOf(EditError);
    await expect(attempt).rejects.toMatchObject({ kind: 'quota' });
    const second = createRow(h.edits, 'domains', { host: 'b.example.com' });
    await expect(second).rejects.toMatchObject({ kind: 'quota' });
    h.db.outbox.hook('creating').unsubscribe(failing);
    h.db.outbox.hook('updating').unsubscribe(failing);
    expect(await h.db.domains.get(id)).toEqual(rowBefore);
    expect(await h.db.domains.count()).toBe(1);
    expect(await h.db.outbox.toArray()).toEqual(opsBefore);
  });

  it('a quota error on the row table leaves the outbox unchanged too', async () => {
    h = harness();
    const failing = () => {
      throw quota();
    };
    h.db.links.hook('creating', failing);
    await expect(createRow(h.edits, 'links', { location_url: 'https://x.test/' })).rejects.toMatchObject({ kind: 'quota' });
    expect(await h.db.outbox.count()).toBe(0);
    expect(await linkRows(h.db).count()).toBe(0);
  });
});

describe('edits coalesce in the outbox', () => {
  it('create + update → one create; create + delete → nothing at all', async () => {
    h = harness();
    const id = await createRow(h.edits, 'handlers', { name: 'Ops', type: 'email', email: 'ops@x.test' });
    await updateRow(h.edits, 'handlers', id, { name: 'Ops team' });
    const ops = await h.db.outbox.toArray();
    expect(ops).toHaveLength(1);
    expect(ops[0]).toMatchObject({ kind: 'create', fields: { name: 'Ops team', type: 'email', email: 'ops@x.test' }, rev: 1 });
    expect(rowView('handlers', (await h.db.handlers.get(id))!)).toMatchObject({ name: 'Ops team' });
    await deleteRow(h.edits, 'handlers', id);
    expect(await h.db.outbox.count()).toBe(0);
    expect(await h.db.handlers.count()).toBe(0);
  });

  it('update + update on a pulled row → one update; the base snapshot is from the first edit', async () => {
    h = harness();
    await h.db.domains.add({
      clientId: 'd1',
      serverId: 7,
      base: { id: 7, scheme: 'https://', host: 'a.example.com', custom_index_url: '', is_enabled: true, last_datetime: null, datetime: '2026-01-01 00:00:00' },
      baseIsProvisional: false,
      local: {},
      writeOnly: {},
      deletedLocally: false,
      missingCount: 0,
      updatedAt: 0,
    });
    await updateRow(h.edits, 'domains', 'd1', { host: 'b.example.com' });
    await updateRow(h.edits, 'domains', 'd1', { host: 'c.example.com', custom_not_found_url: 'https://nf.example.com/' });
    const ops = await h.db.outbox.toArray();
    expect(ops).toHaveLength(1);
    expect(ops[0]).toMatchObject({
      kind: 'update',
      fields: { host: 'c.example.com', custom_not_found_url: 'https://nf.example.com/' },
      base: { host: 'a.example.com' },
    });
    await deleteRow(h.edits, 'domains', 'd1');
    expect(await h.db.outbox.toArray()).toMatchObject([{ kind: 'delete', fields: {} }]);
    expect((await h.db.domains.get('d1'))?.deletedLocally).toBe(true);
    await expect(updateRow(h.edits, 'domains', 'd1', { host: 'd.example.com' })).rejects.toMatchObject({ kind: 'rejected' });
  });

  it('an op being sent is never changed: a new edit queues behind it', async () => {
    h = harness();
    const id = await createRow(h.edits, 'domains', { host: 'a.example.com' });
    await h.db.outbox.toCollection().modify({ state: 'sending' });
    await updateRow(h.edits, 'domains', id, { host: 'b.example.com' });
    const ops = (await h.db.outbox.toArray()).sort((a, b) => a.seq! - b.seq!);
    expect(ops.map((o) => [o.kind, o.state, o.fields])).toEqual([
      ['create', 'sending', { host: 'a.example.com' }],
      ['update', 'pending', { host: 'b.example.com' }],
    ]);
    expect((await h.db.domains.get(id))?.local).toEqual({ host: 'b.example.com' });
  });
});

describe('input checks and aliases', () => {
  it('bad input is refused with the field named, and nothing is stored', async () => {
    h = harness();
    const attempt = createRow(h.edits, 'links', { location_url: 'ftp://nope' });
    await expect(attempt).rejects.toMatchObject({ kind: 'invalid-input', issues: [{ path: 'location_url' }] });
    await expect(createRow(h.edits, 'domains', { host: 'not a host' })).rejects.toMatchObject({ kind: 'invalid-input' });
    expect(await h.db.outbox.count()).toBe(0);
    expect(await linkRows(h.db).count()).toBe(0);
  });

  it('a link created without an alias gets a 7-character client alias', async () => {
    h = harness();
    const id = await createRow(h.edits, 'links', { location_url: 'https://dest.test/' });
    const op = (await h.db.outbox.toArray())[0]!;
    expect(op.fields.url).toMatch(/^[a-zA-Z0-9]{7}$/);
    expect((await linkRows(h.db).get(id))?.local.url).toBe(op.fields.url);
  });

  it('generateAlias is uniform over [a-zA-Z0-9] and rejects biased bytes', () => {
    const bytes = [255, 248, 0, 61, 62, 247, 1, 2, 3, 4, 5, 6, 7, 8];
    const alias = generateAlias((buffer) => {
      buffer.set(bytes.slice(0, buffer.length));
      return buffer;
    });
    // 255 and 248 are skipped; 0→a, 61→9, 62→a, 247→(247%62=61)→9, 1→b, 2→c, 3→d
    expect(alias).toBe('a9a9bcd');
    const seen = new Set(Array.from({ length: 300 }, () => generateAlias()).join(''));
    expect(seen.size).toBeGreaterThan(55);
  });

  it('a link may reference a domain created offline by client id; a missing one is refused', async () => {
    h = harness();
    const domainId = await createRow(h.edits, 'domains', { host: 'go.example.com' });
    const linkId = await createRow(h.edits, 'links', { location_url: 'https://dest.test/', domain_id: domainId, url: 'promo' });
    expect((await linkRows(h.db).get(linkId))?.local).toMatchObject({ domain_id: domainId, url: 'promo' });
    await expect(createRow(h.edits, 'links', { location_url: 'https://dest.test/', domain_id: 'no-such-row' })).rejects.toMatchObject({
      kind: 'invalid-input',
    });
  });

  it('a single create never carries is_bulk: many links go through createBulkLinks', async () => {
    h = harness();
    await expect(createRow(h.edits, 'links', { is_bulk: true, location_urls: 'https://a.test/' })).rejects.toMatchObject({ kind: 'rejected' });
  });
});

describe('bulk create: one op for many rows', () => {
  it('queues one op per 1,000 destinations with a provisional row each; the rows show their destination and the shared settings', async () => {
    h = harness();
    const domain = await createRow(h.edits, 'domains', { host: 'go.example.com' });
    const urls = Array.from({ length: 1500 }, (_, i) => ` https://a.test/${i} `);
    const { rowIds, opIds } = await createBulkLinks(h.edits, [...urls, ''], { domain_id: domain, utm_source: 'mail' });
    expect(rowIds).toHaveLength(1500);
    const ops = (await h.db.outbox.toArray()).filter((op) => op.resource === 'links');
    expect(ops.map((op) => [op.opId, op.rows!.length, op.rowId])).toEqual([
      [opIds[0], 1000, rowIds[0]],
      [opIds[1], 500, rowIds[1000]],
    ]);
    expect(ops[1]!.fields).toEqual({
      is_bulk: true,
      location_urls: urls
        .slice(1000)
        .map((u) => u.trim())
        .join('\n'),
      domain_id: domain,
      utm_source: 'mail',
    });
    const row = (await linkRows(h.db).get(rowIds[1001]!))!;
    expect(row).toMatchObject({ serverId: null, bulkOp: opIds[1] });
    expect(rowView('links', row)).toEqual({ location_url: 'https://a.test/1001', domain_id: domain, utm_source: 'mail' });
  });

  it('refuses a bad line, an alias, or a missing domain, with nothing stored', async () => {
    h = harness();
    await expect(createBulkLinks(h.edits, ['https://a.test/1', 'not a url'])).rejects.toMatchObject({ kind: 'invalid-input', message: /Line 2/ });
    await expect(createBulkLinks(h.edits, ['https://a.test/1'], { url: 'mine' })).rejects.toMatchObject({ kind: 'invalid-input' });
    await expect(createBulkLinks(h.edits, ['https://a.test/1'], { domain_id: 'gone' })).rejects.toMatchObject({ kind: 'invalid-input' });
    await expect(createBulkLinks(h.edits, ['  '])).rejects.toMatchObject({ kind: 'invalid-input' });
    expect(await h.db.outbox.count()).toBe(0);
    expect(await linkRows(h.db).count()).toBe(0);
  });

  it('a row deleted before sending leaves the request; edits wait; the last row takes the op with it', async () => {
    h = harness();
    const { rowIds } = await createBulkLinks(h.edits, ['https://a.test/1', 'https://a.test/2']);
    await expect(updateRow(h.edits, 'links', rowIds[1]!, { utm_source: 'x' })).rejects.toMatchObject({ kind: 'rejected' });
    await deleteRow(h.edits, 'links', rowIds[0]!);
    const [op] = await h.db.outbox.toArray();
    expect(op).toMatchObject({ rowId: rowIds[1], rows: [rowIds[1]], fields: { location_urls: 'https://a.test/2' } });
    expect(rowView('links', (await linkRows(h.db).get(rowIds[1]!))!)).toEqual({ location_url: 'https://a.test/2' });
    await deleteRow(h.edits, 'links', rowIds[1]!);
    expect(await h.db.outbox.count()).toBe(0);
    expect(await linkRows(h.db).count()).toBe(0);
  });

  it('splits by length too: location_urls stays within the contract bound', () => {
    expect(chunkDestinations(['aaaa', 'bbbb', 'cccc'], 1000, 9).map((c) => c.length)).toEqual([2, 1]);
    expect(chunkDestinations(['a', 'b', 'c'], 2).map((c) => c.length)).toEqual([2, 1]);
  });
});
