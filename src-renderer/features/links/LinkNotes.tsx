// The user's own title and notes for a link, in its detail: kept on this computer only (the
// service has no field for them), and said so beside the fields.
import { useEffect, useState } from 'react';
import { LINK_NOTE_LIMITS, linkNote, setLinkNote, type LinkNote, type MirrorDb } from '../../sync/index.ts';
import { Button, showToast, TextField } from '../../ui/index.ts';

export function LinkNotes({ db, clientId }: { db: MirrorDb; clientId: string }) {
  const [stored, setStored] = useState<LinkNote | null>(null);
  const [draft, setDraft] = useState<LinkNote>({ title: '', notes: '' });
  useEffect(() => {
    let live = true;
    void linkNote(db, clientId).then((note) => {
      if (!live) return;
      setStored(note);
      setDraft(note);
    });
    return () => {
      live = false;
    };
  }, [db, clientId]);
  if (!stored) return null;
  const changed = draft.title !== stored.title || draft.notes !== stored.notes;
  // Too long is said, never cut: a paste is not shortened behind the user's back.
  const tooLong = (field: keyof LinkNote, label: string) =>
    draft[field].trim().length > LINK_NOTE_LIMITS[field]
      ? `${label} is too long (${LINK_NOTE_LIMITS[field].toLocaleString('en-US')} characters at most)`
      : undefined;
  const titleError = tooLong('title', 'Title');
  const notesError = tooLong('notes', 'Notes');
  const save = async () => {
    await setLinkNote(db, clientId, draft);
    const saved = await linkNote(db, clientId);
    setStored(saved);
    setDraft(saved);
    showToast({ title: 'Notes saved on this computer', tone: 'success' });
  };
  return (
    <section aria-labelledby={`notes-${clientId}`} className="form-grid">
      <h3 id={`notes-${clientId}`}>Your notes</h3>
      <p className="muted">Kept on this computer only: the service has no place for them, so they do not reach it or your other devices.</p>
      <TextField label="Title" value={draft.title} error={titleError} onChange={(title) => setDraft((d) => ({ ...d, title }))} />
      <TextField label="Notes" multiline rows={3} value={draft.notes} error={notesError} onChange={(notes) => setDraft((d) => ({ ...d, notes }))} />
      <div className="toolbar">
        <Button size="small" isDisabled={!changed || Boolean(titleError ?? notesError)} onPress={() => void save()}>
          Save notes
        </Button>
      </div>
    </section>
  );
}
