// A title and notes the user keeps for a link. The service has no field for them, so they live in
// this computer's mirror only (never sent, never synced to another device), keyed by the link's
// client id in the mirror's key/value table.
import type { MirrorDb } from './mirror/db.ts';

export interface LinkNote {
  title: string;
  notes: string;
}

export const LINK_NOTE_LIMITS = { title: 200, notes: 5000 } as const;
const key = (clientId: string) => `note:${clientId}`;

export async function linkNote(db: MirrorDb, clientId: string): Promise<LinkNote> {
  const value = (await db.syncState.get(key(clientId)))?.value as Partial<LinkNote> | undefined;
  return { title: typeof value?.title === 'string' ? value.title : '', notes: typeof value?.notes === 'string' ? value.notes : '' };
}

/** Keeps the note (trimmed); an empty one is removed. One over the limits is refused, never cut. */
export async function setLinkNote(db: MirrorDb, clientId: string, note: LinkNote): Promise<void> {
  const title = note.title.trim();
  const notes = note.notes.trim();
  if (title.length > LINK_NOTE_LIMITS.title || notes.length > LINK_NOTE_LIMITS.notes) throw new RangeError('A link note is longer than its limits.');
  if (!title && !notes) await db.syncState.delete(key(clientId));
  else await db.syncState.put({ key: key(clientId), value: { title, notes } });
}
