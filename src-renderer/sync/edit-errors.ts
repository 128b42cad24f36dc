// Errors the user's own edits can end in. The mirror and outbox are unchanged whenever one is thrown.
export type EditErrorKind = 'invalid-input' | 'quota' | 'not-found' | 'rejected' | 'storage' | 'reports-unknown';

export class EditError extends Error {
  readonly kind: EditErrorKind;
  readonly issues: { path: string; message: string }[];
  constructor(kind: EditErrorKind, message: string, issues: { path: string; message: string }[] = []) {
    super(message);
    this.name = 'EditError';
    this.kind = kind;
    this.issues = issues;
  }
}

export const QUOTA_MESSAGE = 'Not enough storage space on this computer to save the change. Nothing was saved; free some disk space and try again.';
