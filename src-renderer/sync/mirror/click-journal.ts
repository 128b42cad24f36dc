// The click journal of older builds: a pull's samples journalled inside its transaction as a few
// columnar records, written out as sample records after it committed. Pulls now keep samples on
// the rows they write (click-samples.ts); a journal an older build (or its crash) left behind is
// still written out by the next pull, only for links that still exist, so none outlive their link.
import { Dexie } from 'dexie';
import type { MirrorDb } from './db.ts';
import { linkRows } from './link-rows.ts';
import type { ClickSample } from './rows.ts';

export const JOURNAL_PREFIX = 'clickJournal:';
/** Samples per journal record, and per transaction when written out. */
export const JOURNAL_CHUNK = 2000;

interface JournalRecord {
  at: number;
  clientIds: string[];
  serverIds: number[];
  clicks: number[];
}

const journalKeys = (db: MirrorDb) => db.syncState.where('key').startsWith(JOURNAL_PREFIX).primaryKeys();

/** Journals one pull's samples (all taken at `at`) as older builds did; call inside a transaction that includes syncState. */
export async function journalClickSamples(db: MirrorDb, pullId: string, at: number, samples: readonly ClickSample[]): Promise<void> {
  const records = [];
  for (let start = 0, n = 0; start < samples.length; start += JOURNAL_CHUNK, n++) {
    const chunk = samples.slice(start, start + JOURNAL_CHUNK);
    const value: JournalRecord = { at, clientIds: chunk.map((s) => s.clientId), serverIds: chunk.map((s) => s.serverId), clicks: chunk.map((s) => s.clicks) };
    records.push({ key: `${JOURNAL_PREFIX}${pullId}:${String(n).padStart(6, '0')}`, value });
  }
  await db.syncState.bulkPut(records);
}

/**
 * Writes journalled samples out as rows, one journal record per transaction (over clickSamples and
 * syncState only, so screens reading links are not held up), and returns how many were written.
 * Samples of links that no longer exist are not written, and samples of links deleted while this
 * ran are deleted again at the end.
 */
export async function flushClickJournal(db: MirrorDb): Promise<number> {
  const keys = (await journalKeys(db)) as string[];
  if (keys.length === 0) return 0;
  // One read of every key (getAllKeys) instead of a lookup per sample.
  const linkIds = async () => new Set(await linkRows(db).keys());
  const existing = await linkIds();
  const written = new Set<string>();
  for (const key of keys) {
    await db.transaction('rw', [db.clickSamples, db.syncState], async () => {
      const record = (await db.syncState.get(key))?.value as JournalRecord | undefined;
      if (!record) return; // another flush wrote it out
      const samples: ClickSample[] = [];
      record.clientIds.forEach((clientId, i) => {
        if (existing.has(clientId)) samples.push({ clientId, serverId: record.serverIds[i]!, at: record.at, clicks: record.clicks[i]! });
      });
      await db.clickSamples.bulkPut(samples);
      await db.syncState.delete(key);
      for (const sample of samples) written.add(sample.clientId);
    });
  }
  const remaining = await linkIds();
  const gone = [...written].filter((clientId) => !remaining.has(clientId));
  for (const clientId of gone) await deleteClickSamplesOf(db, clientId);
  return written.size;
}

export async function deleteClickSamplesOf(db: MirrorDb, clientId: string): Promise<void> {
  await db.clickSamples.where('[clientId+at]').between([clientId, Dexie.minKey], [clientId, Dexie.maxKey]).delete();
}
