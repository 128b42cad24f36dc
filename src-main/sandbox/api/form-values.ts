// Splits a form into the shapes the resources read: single values, PHP-style arrays
// (`email_reports[]`), targeting entries (`targeting_<kind>_key[<i>]`) and files. Unknown or
// repeated fields are refused with 422 so a client's typo never passes silently.
import { TARGETING_KINDS, type TargetingKind } from '../../../src-preload/contract/api-rules.ts';
import { ApiError } from './errors.ts';
import type { FormInput, UploadedFile } from './form.ts';

export interface FieldSet {
  scalars: readonly string[];
  arrays?: readonly string[];
  files?: readonly string[];
  targeting?: boolean;
}

export interface TargetingDraft {
  key?: string;
  value?: string;
}

export interface RawForm {
  scalars: Map<string, string>;
  arrays: Map<string, string[]>;
  targeting: Map<TargetingKind, TargetingDraft[]>;
  files: Map<string, UploadedFile>;
  /** Text parts sent under a file field's name (an empty one clears the file on update). */
  fileTexts: Map<string, string>;
}

const ARRAY_FIELD = /^([a-z_]+)\[(\d{0,6})\]$/;
const TARGETING_FIELD = new RegExp(`^targeting_(${TARGETING_KINDS.join('|')})_(key|value)\\[(\\d{0,6})\\]$`);

export function splitForm(form: FormInput, allowed: FieldSet): RawForm {
  const raw: RawForm = { scalars: new Map(), arrays: new Map(), targeting: new Map(), files: new Map(), fileTexts: new Map() };
  const problems: string[] = [];
  const targetingByIndex = new Map<TargetingKind, Map<number, TargetingDraft>>();
  const nextIndex = new Map<string, number>();

  for (const [name, values] of form.fields) {
    // SQLite text and most consumers end a string at NUL: refuse it rather than store less.
    if (values.some((value) => value.includes('\u0000'))) {
      problems.push(`${name} contains a NUL character`);
      continue;
    }
    const targeting = allowed.targeting ? TARGETING_FIELD.exec(name) : null;
    if (targeting) {
      const kind = targeting[1] as TargetingKind;
      const part = targeting[2] as 'key' | 'value';
      const entries = targetingByIndex.get(kind) ?? new Map<number, TargetingDraft>();
      targetingByIndex.set(kind, entries);
      for (const value of values) {
        // `[]` without an index pairs keys and values by their order.
        let index: number;
        if (targeting[3] === '') {
          const counter = `${kind}:${part}`;
          index = nextIndex.get(counter) ?? 0;
          nextIndex.set(counter, index + 1);
        } else {
          index = Number(targeting[3]);
          if (values.length > 1) problems.push(`${name} was sent more than once`);
        }
        const entry = entries.get(index) ?? {};
        entry[part] = value;
        entries.set(index, entry);
      }
      continue;
    }
    const array = ARRAY_FIELD.exec(name);
    if (array && allowed.arrays?.includes(array[1] as string)) {
      const list = raw.arrays.get(array[1] as string) ?? [];
      list.push(...values);
      raw.arrays.set(array[1] as string, list);
      continue;
    }
    if (allowed.files?.includes(name)) {
      if (values.length > 1 || form.files.has(name)) problems.push(`${name} was sent more than once`);
      raw.fileTexts.set(name, values[0] ?? '');
      continue;
    }
    if (!allowed.scalars.includes(name)) {
      problems.push(`Unknown field: ${name}`);
      continue;
    }
    if (values.length > 1) problems.push(`${name} was sent more than once`);
    raw.scalars.set(name, values[0] ?? '');
  }

  for (const [name, files] of form.files) {
    if (!allowed.files?.includes(name)) {
      problems.push(`Unknown file field: ${name}`);
      continue;
    }
    if (files.length > 1) problems.push(`${name} was sent more than once`);
    raw.files.set(name, files[0] as UploadedFile);
  }

  for (const [kind, entries] of targetingByIndex) {
    raw.targeting.set(
      kind,
      [...entries.entries()].sort(([a], [b]) => a - b).map(([, entry]) => entry),
    );
  }
  if (problems.length > 0) throw new ApiError(422, problems);
  return raw;
}

export interface Issue {
  path: PropertyKey[];
  message: string;
}

/** A whole number in a form field; null (with an issue) when it is not one. */
export function toInteger(name: string, value: string, issues: Issue[]): number | null {
  const trimmed = value.trim();
  if (!/^-?\d{1,16}$/.test(trimmed) || !Number.isSafeInteger(Number(trimmed))) {
    issues.push({ path: [name], message: 'must be a whole number' });
    return null;
  }
  return Number(trimmed);
}

/**
 * A boolean flag. On create real deployments switch a flag on by its presence (`0` too); on
 * update the value counts.
 */
export function toFlag(name: string, value: string, mode: 'create' | 'update', issues: Issue[]): boolean | null {
  if (mode === 'create') return true;
  const normalised = value.trim().toLowerCase();
  if (['1', 'true', 'on', 'yes'].includes(normalised)) return true;
  if (['0', 'false', 'off', 'no', ''].includes(normalised)) return false;
  issues.push({ path: [name], message: 'must be 0 or 1' });
  return null;
}

export function toIntegerArray(name: string, values: readonly string[], issues: Issue[]): number[] {
  const result: number[] = [];
  for (const value of values) {
    // One empty part means an empty list (real clients send `email_reports[]=` for none).
    if (value.trim() === '') continue;
    const number = toInteger(`${name}`, value, issues);
    if (number !== null && !result.includes(number)) result.push(number);
  }
  return result;
}
