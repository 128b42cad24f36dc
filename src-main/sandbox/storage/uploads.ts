// Uploaded cloaking images, one per link and kind, served back at /uploads/<token>.<ext>.
import { getRow, run, type Db } from './db.ts';

export type UploadKind = 'favicon' | 'opengraph';

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
  };
}
export type UploadRepository = ReturnType<typeof createUploadRepository>;
