// Validation messages by field, from the contract's schemas (zod issues) or an EditError.
import type { z } from 'zod';
import { EditError } from '../sync/edit-errors.ts';

export type FieldErrors = Partial<Record<string, string>>;

/** First message per top-level field; issues without a path go under ''. */
export function issuesByField(issues: readonly { path: readonly PropertyKey[] | string; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const path = typeof issue.path === 'string' ? issue.path.split('.') : issue.path.map(String);
    const field = path[0] === 'input' ? (path[1] ?? '') : (path[0] ?? '');
    errors[field] ??= issue.message;
  }
  return errors;
}

/** `input` as `schema` (a contract schema) takes it, or its messages by field. */
export function checkInput<S extends z.ZodType>(schema: S, input: unknown): { input: z.output<S> | null; errors: FieldErrors } {
  const parsed = schema.safeParse(input);
  return parsed.success ? { input: parsed.data, errors: {} } : { input: null, errors: issuesByField(parsed.error.issues) };
}

/** What a failed save says: per-field messages when the input was refused, else one message. */
export function describeSaveError(error: unknown): { fields: FieldErrors; message: string | null } {
  if (error instanceof EditError && error.kind === 'invalid-input' && error.issues.length > 0) {
    const fields = issuesByField(error.issues);
    const general = fields[''];
    delete fields[''];
    return { fields, message: general ?? null };
  }
  return { fields: {}, message: error instanceof Error ? error.message : String(error) };
}
