import { Dexie } from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { isQuotaError, mirrorDbName, openMirrorDb, requestPersistence, SCHEMA_V1 } from '../../../src-renderer/sync/mirror/db.ts';

describe('mirror schema versions', () => {
  it('a version-1 mirror upgrades to version 2 without losing rows or pending operations', async () => {
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
    expect(db.verno).toBe(2);
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
