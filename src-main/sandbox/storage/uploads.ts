// Uploaded cloaking images, one per link and kind, served back at /uploads/<token>.<ext>.
import { allRows, getRow, run, type Db } from './db.ts';

export type UploadKind = 'favicon' | 'opengraph';

/** The stored file name (its token) of each image a link has; null where it has none. */
export interface UploadNames {
  favicon: string | null;
  opengraph: string | null;
}

export const NO_UPLOADS: UploadNames = Object.freeze({ favicon: null, opengraph: null });

export interface UploadRecord {
  token: string;
  link_id: number;
  kind: UploadKind;
  mime: string;
  bytes: Uint8Array;
  datetime: string;
}

export function createUploadRepository(db: Db) {
  return {
    /** Stores the file, replacing the link's previous file of that kind. */
    put(record: UploadRecord): void {
      run(db, 'DELETE FROM uploads WHERE link_id = ? AND kind = ?', record.link_id, record.kind);
      run(
        db,
        'INSERT INTO uploads (token, link_id, kind, mime, bytes, datetime) VALUES (?, ?, ?, ?, ?, ?)',
        record.token,
        record.link_id,
        record.kind,
        record.mime,
        record.bytes,
        record.datetime,
      );
    },
    remove(linkId: number, kind: UploadKind): void {
      run(db, 'DELETE FROM uploads WHERE link_id = ? AND kind = ?', linkId, kind);
    },
    get(token: string): UploadRecord | undefined {
      return getRow<UploadRecord>(db, 'SELECT * FROM uploads WHERE token = ?', token);
    },
    forLink(linkId: number, kind: UploadKind): Omit<UploadRecord, 'bytes'> | undefined {
      return getRow(db, 'SELECT token, link_id, kind, mime, datetime FROM uploads WHERE link_id = ? AND kind = ?', linkId, kind);
    },
    /** The file names of many links' images in one query (a list page is up to 1,000 links). */
    namesForLinks(linkIds: readonly number[]): Map<number, UploadNames> {
      const names = new Map<number, UploadNames>();
      if (linkIds.length === 0) return names;
      const rows = allRows<{ link_id: number; kind: UploadKind; token: string }>(
        db,
        'SELECT link_id, kind, token FROM uploads WHERE link_id IN (SELECT value FROM json_each(?))',
        JSON.stringify(linkIds),
      );
      for (const row of rows) {
        const entry = names.get(row.link_id) ?? { favicon: null, opengraph: null };
        entry[row.kind] = row.token;
        names.set(row.link_id, entry);
      }
      return names;
    },
  };
}
export type UploadRepository = ReturnType<typeof createUploadRepository>;
