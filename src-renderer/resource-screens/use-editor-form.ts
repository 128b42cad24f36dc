// State shared by the domain and handler editors: values, which fields to validate (those the
// user changed, or all once Save was pressed), the service's refusal from a failed operation shown beside
// the field it names until that field is changed, and saving.
import { useState } from 'react';
import type { OpError } from '../sync/mirror/rows.ts';
import { describeSaveError, type FieldErrors } from './form-errors.ts';
import { errorField } from './resource-items.ts';

export interface EditorFormOptions<V> {
  initial: V;
  /** Null for a new row. */
  original: V | null;
  /** Schema check: the input to save, or the messages per field. */
  build: (values: V, original: V | null) => { input: Record<string, unknown> | null; errors: FieldErrors };
  /** Reads a field's value, to tell whether the user changed a field the service complained about. */
  valueOf: (values: V, field: string) => unknown;
  serviceError: OpError | null;
  save: (input: Record<string, unknown>) => Promise<void>;
  onDone: () => void;
}

export function useEditorForm<V>(options: EditorFormOptions<V>) {
  const [values, setValues] = useState<V>(options.initial);
  const [submitted, setSubmitted] = useState(false);
  const [saveErrors, setSaveErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { input, errors } = options.build(values, options.original);

  const serviceField = errorField(options.serviceError);
  const serviceStands = (field: string) =>
    options.serviceError !== null &&
    serviceField === field &&
    options.original !== null &&
    options.valueOf(values, field) === options.valueOf(options.original, field);

  const errorFor = (field: string): string | undefined => {
    if (submitted || options.valueOf(values, field) !== options.valueOf(options.initial, field)) {
      const own = errors[field];
      if (own) return own;
    }
    if (saveErrors[field]) return saveErrors[field];
    if (serviceStands(field)) return `The service refused this: ${options.serviceError!.message}`;
    return undefined;
  };

  const update = (next: V) => {
    setValues(next);
    setSaveErrors({});
  };

  const submit = async () => {
    setSubmitted(true);
    setMessage(null);
    if (!input || busy) return;
    if (Object.keys(input).length === 0) {
      options.onDone();
      return;
    }
    setBusy(true);
    try {
      await options.save(input);
      options.onDone();
    } catch (error) {
      const described = describeSaveError(error);
      setSaveErrors(described.fields);
      setMessage(described.message);
    } finally {
      setBusy(false);
    }
  };

  /** A refusal that names no field of this form is shown above it. */
  const generalServiceError =
    options.serviceError && (serviceField === null || options.valueOf(values, serviceField) === undefined) ? options.serviceError.message : null;
  return { values, update, errorFor, submit, busy, message, generalServiceError };
}
