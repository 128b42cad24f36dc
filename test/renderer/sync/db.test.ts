import { Dexie } from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { isQuotaError, mirrorDbName, openMirrorDb, requestPersistence, SCHEMA_V1, SCHEMA_V2 } from '../../../src-renderer/sync/mirror/db.ts';
import { linkRows } from '../../../src-renderer/sync/mirror/link-rows.ts';

describe('mirror schema versions', () => {
  it('a version-1 mirror upgrades through version 2 without losing rows or pending operations', async () => {
    const indexedDB = new IDBFactory();
    const v1 = new Dexie(mirrorDbName('up'), { indexedDB, IDBKeyRange });
    v1.version(1).stores(SCHEMA_V1);
    await v1.table('domains').add({ clientId: 'c1', serverId: 3, base: null, local: { host: 'a.example.com' }, deletedLocally: false, updatedAt: 1 });
    await v1.table('outbox').add({
      opId: 'o1',
      resource: 'domains',
      rowId: 'c1',
      kind: 'update',
      fields: { host: 'a.example.com' },
      state: 'pending',
      attempts: 0,
      notBefore: 0,
      error: null,
      createdAt: 1,
      sentAt: null,
    });
    v1.close();

    const db = openMirrorDb('up', { indexedDB, IDBKeyRange });
    await db.open();
    expect(db.verno).toBe(5);
    expect(await db.domains.get('c1')).toMatchObject({
      serverId: 3,
      local: { host: 'a.example.com' },
      writeOnly: {},
      missingCount: 0,
      baseIsProvisional: false,
    });
    const op = await db.outbox.where('opId').equals('o1').first();
    expect(op).toMatchObject({ rev: 0, base: {}, conflict: null, state: 'pending' });
    // the index added in version 2 is usable
    expect(await db.outbox.where('[resource+state]').equals(['domains', 'pending']).count()).toBe(1);
    expect(await db.otherLinks.count()).toBe(0);
    db.close();
  });

  it('a version-2 mirror upgrades to version 3 (statistics) with every row, operation, sample and setting kept', async () => {
    const indexedDB = new IDBFactory();
    const v2 = new Dexie(mirrorDbName('up3'), { indexedDB, IDBKeyRange });
    v2.version(1).stores(SCHEMA_V1);
    v2.version(2).stores(SCHEMA_V2);
    const link = {
      clientId: 'l1',
      serverId: 9,
      base: { id: 9, url: 'demo', clicks: 12 },
      baseIsProvisional: false,
      local: { location_url: 'https://changed.example/' },
      writeOnly: {},
      deletedLocally: false,
      missingCount: 0,
      updatedAt: 5,
    };
    await v2.table('links').add(link);
    const op = {
      opId: 'o1',
      resource: 'links',
      rowId: 'l1',
      kind: 'update',
      fields: { location_url: 'https://changed.example/' },
      base: {},
      state: 'pending',
      rev: 1,
    };
    await v2.table('outbox').add({ ...op, attempts: 0, notBefore: 0, error: null, conflict: null, createdAt: 1, sentAt: null });
    await v2.table('clickSamples').add({ clientId: 'l1', serverId: 9, at: 100, clicks: 12 });
    await v2.table('syncState').add({ key: 'pinned', value: ['l1'] });
    await v2.table('otherLinks').add({ id: 3, row: { id: 3 }, seenAt: 1 });
    v2.close();

    const db = openMirrorDb('up3', { indexedDB, IDBKeyRange });
    await db.open();
    expect(db.verno).toBe(5);
    expect(await linkRows(db).get('l1')).toEqual(link);
    expect(await db.outbox.where('[resource+state]').equals(['links', 'pending']).first()).toMatchObject(op);
    expect(await db.clickSamples.toArray()).toEqual([{ clientId: 'l1', serverId: 9, at: 100, clicks: 12 }]);
    expect(await db.syncState.get('pinned')).toEqual({ key: 'pinned', value: ['l1'] });
    expect(await db.otherLinks.count()).toBe(1);
    // The new tables start empty and take statistics by link, type and day range.
    expect(await db.statisticsDays.count()).toBe(0);
    await db.statisticsDays.put({ clientId: 'l1', serverId: 9, days: { '2026-01-01': [3, 2] }, spans: [] });
    await db.statisticsRanges.put({
      clientId: 'l1',
      serverId: 9,
      type: 'country_code',
      startDate: '2026-01-01',
      endDate: '2026-01-30',
      fetchedAt: 1,
      clicks: 12,
      rows: [{ key: 'DE', clicks: 3 }],
    });
    expect(await db.statisticsRanges.where('clientId').equals('l1').count()).toBe(1);
    expect(await db.statisticsRanges.get(['l1', 'country_code', '2026-01-01', '2026-01-30'])).toMatchObject({ rows: [{ key: 'DE', clicks: 3 }] });
    db.close();
  });

  it('each workspace has its own database', async () => {
    const indexedDB = new IDBFactory();
    const a = openMirrorDb('a', { indexedDB, IDBKeyRange });
    const b = openMirrorDb('b', { indexedDB, IDBKeyRange });
    await a.domains.add({
      clientId: 'x',
      serverId: 1,
      base: null,
      baseIsProvisional: false,
      local: {},
      writeOnly: {},
      deletedLocally: false,
      missingCount: 0,
      updatedAt: 0,
    });
    expect(await b.domains.count()).toBe(0);
    a.close();
    b.close();
  });

  it('recognises quota errors however they are wrapped', () => {
    expect(isQuotaError(new DOMException('full', 'QuotaExceededError'))).toBe(true);
    expect(isQuotaError({ name: 'AbortError', inner: { name: 'QuotaExceededError' } })).toBe(true);
    expect(isQuotaError(new Error('other'))).toBe(false);
  });

  it('asks for persistent storage; a refusal or a missing API is not an error', async () => {
    expect(await requestPersistence({ persist: async () => true })).toBe(true);
    expect(await requestPersistence({ persist: async () => Promise.reject(new Error('no')) })).toBe(false);
    expect(await requestPersistence(undefined)).toBe(false);
  });
});
