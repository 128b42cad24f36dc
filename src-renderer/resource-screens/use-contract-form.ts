// The one form system of every editor: react-hook-form, validated by the contract's own schemas
// through zodResolver. The form's values are what the user types; `check` (a pure module of each
// editor) turns them into the input the contract takes and parses that with the contract's schema,
// and each message lands on the form field it is about. What the user sees:
// - a field's message once the user changed it (or an action checked it: `trigger` with
//   `shouldTouch`; nothing is touched on blur), every message once Save was pressed;
// - the service's refusal of the row's failed operation beside the field it names, until that field changes;
// - a refused save's messages beside their fields, anything else above the form (`root`).
import { zodResolver } from '@hookform/resolvers/zod';
import { get, useForm, type DefaultValues, type FieldError, type FieldPath, type FieldValues } from 'react-hook-form';
import { z } from 'zod';
import type { OpError } from '../sync/mirror/rows.ts';
import { describeSaveError, type FieldErrors } from './form-errors.ts';
import { errorField } from './resource-items.ts';

/** The form's values as the contract's input: the input it accepted, or its messages by input field ('' for none). */
export type FormCheck<V, I> = (values: V) => { input: I | null; errors: FieldErrors };

/** Where an input field's message belongs in the form; null: nowhere in particular (shown above the form). */
export type FieldOf<V extends FieldValues> = (inputField: string) => FieldPath<V> | null;

const sameName = (field: string) => field || null;

/**
 * The contract's check as a zod schema over the form's values, for zodResolver: its output is
 * the input the contract accepted; its issues sit on the form's fields (or on `root`).
 */
export function contractSchema<V, I>(check: FormCheck<V, I>, fieldOf: (inputField: string) => string | null = sameName) {
  return z.custom<V>().transform((values, ctx): I => {
    const { input, errors } = check(values);
    if (input !== null) return input;
    const messages = Object.entries(errors).filter((entry): entry is [string, string] => Boolean(entry[1]));
    if (messages.length === 0) messages.push(['', 'The form could not be checked.']);
    for (const [field, message] of messages) ctx.addIssue({ code: 'custom', message, path: (fieldOf(field) ?? 'root').split('.') });
    return z.NEVER;
  });
}

/** A field's message; a list's own message sits under `root` (react-hook-form's field arrays). */
export function messageOf(error: FieldError | undefined): string | undefined {
  return error?.message || error?.root?.message || undefined;
}

export interface ContractFormOptions<V extends FieldValues, I> {
  /** The values the form opens with; read once, so later changes of the row never move what the user is editing. */
  defaultValues: V;
  check: FormCheck<V, I>;
  /** Default: an input field is the form field of the same name. */
  fieldOf?: FieldOf<V>;
  /** The service's refusal of the row's failed operation, if any. */
  serviceError?: OpError | null;
  /** How that refusal reads beside its field. */
  refusal?: (message: string) => string;
}

export function useContractForm<V extends FieldValues, I>(options: ContractFormOptions<V, I>) {
  const fieldOf: FieldOf<V> = options.fieldOf ?? (sameName as FieldOf<V>);
  const form = useForm<V, unknown, I>({
    defaultValues: options.defaultValues as DefaultValues<V>,
    resolver: zodResolver(contractSchema(options.check, fieldOf)),
    // Each change checks the field changed (and the fields that depend on it, `deps`); Save checks all.
    mode: 'onChange',
    reValidateMode: 'onChange',
    // Focus stays where the user left it (on Save), as it always has.
    shouldFocusError: false,
  });
  // Read here so the form re-renders when any of them changes.
  const { errors, dirtyFields, touchedFields, isSubmitted, isSubmitting } = form.formState;

  const serviceError = options.serviceError ?? null;
  const inputField = errorField(serviceError);
  const serviceField = inputField === null ? null : fieldOf(inputField);
  const refusal = options.refusal ?? ((message: string) => `The service refused this: ${message}`);

  const errorFor = (name: FieldPath<V>): string | undefined => {
    const changed = Boolean(get(dirtyFields, name));
    if (isSubmitted || changed || get(touchedFields, name) === true) {
      const own = messageOf(get(errors, name));
      if (own) return own;
    }
    if (serviceError && serviceField === name && !changed) return refusal(serviceError.message);
    return undefined;
  };

  /** A refused save: the contract's messages beside their fields, anything else above the form. */
  const showSaveError = (error: unknown) => {
    const described = describeSaveError(error);
    let general = described.message;
    for (const [field, message] of Object.entries(described.fields)) {
      if (!message) continue;
      const name = fieldOf(field);
      if (name) form.setError(name, { type: 'save', message });
      else general ??= message;
    }
    if (general) form.setError('root', { type: 'save', message: general });
  };

  /**
   * Save: checks every field, then hands the contract's input to `save`; what a refused save says
   * is shown. Ignored while a save is under way.
   */
  const submit = (save: (input: I) => Promise<void>) => () => {
    if (isSubmitting) return;
    void form.handleSubmit(async (input) => {
      try {
        await save(input);
      } catch (error) {
        showSaveError(error);
      }
    })();
  };

  return {
    form,
    submit,
    errorFor,
    showSaveError,
    /** The form's problem that names no field: a refused save, or a message of the contract's for the whole input. */
    formMessage: errors.root?.message,
    /** Whether a field has a message (after Save: "nothing was saved"). */
    hasFieldErrors: Object.keys(errors).some((name) => name !== 'root'),
    /** The service's refusal when it names no field of this form. */
    generalServiceError: serviceError && serviceField === null ? serviceError.message : null,
    busy: isSubmitting,
    isSubmitted,
  };
}

export type ContractForm<V extends FieldValues, I> = ReturnType<typeof useContractForm<V, I>>;
