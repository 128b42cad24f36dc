// The small parsers every normaliser shares: integers and booleans from the forms real deployments
// send them in, date-times, and the shape error that becomes a clear bad-response.
import type { z } from 'zod';
import { SERVICE_DATETIME } from '../../src-preload/contract/api-rules.ts';
import { serviceError } from './errors.ts';

export class ShapeError extends Error {}

export function fail(message: string): never {
  throw new ShapeError(message);
}

export type Obj = Record<string, unknown>;

export function isObj(value: unknown): value is Obj {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Integers from numbers or digit strings ("12", " 12 "); anything else is undefined. */
export function toInt(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : undefined;
  if (typeof value === 'string' && /^\s*-?\d{1,15}\s*$/.test(value)) return Number.parseInt(value, 10);
  return undefined;
}

/** Booleans from true/false, 0/1, "0"/"1", "true"/"false". */
export function toBool(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (value === 0 || value === '0' || value === 'false' || value === '') return false;
  if (value === 1 || value === '1' || value === 'true') return true;
  return undefined;
}

/** `YYYY-MM-DD HH:MM:SS`; ISO forms are rewritten without converting the zone (the service's times are the account's). */
export function toServiceDatetime(value: unknown): string | null | undefined {
  // Already the service's form (every read's `datetime`, most others): one test, no rewrite.
  if (typeof value === 'string' && SERVICE_DATETIME.test(value)) return value;
  if (value === null || value === undefined || value === '') return null;
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  if (/^0000-00-00/.test(trimmed)) return null;
  const match = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2})(:\d{2})?(?:\.\d+)?(?:Z|[+-]\d{2}:?\d{2})?$/.exec(trimmed);
  if (!match) return undefined;
  const formatted = `${match[1]} ${match[2]}${match[3] ?? ':00'}`;
  return SERVICE_DATETIME.test(formatted) ? formatted : undefined;
}

export function requiredInt(raw: Obj, key: string, what: string): number {
  const value = toInt(raw[key]);
  if (value === undefined) fail(`${what} has no usable ${key} (${describe(raw[key])})`);
  return value;
}

export function optionalInt(raw: Obj, key: string, fallback: number, what: string): number {
  if (raw[key] === undefined || raw[key] === null || raw[key] === '') return fallback;
  return requiredInt(raw, key, what);
}

export function requiredBool(raw: Obj, key: string, what: string, fallback?: boolean): boolean {
  if ((raw[key] === undefined || raw[key] === null) && fallback !== undefined) return fallback;
  const value = toBool(raw[key]);
  if (value === undefined) fail(`${what} has no usable ${key} (${describe(raw[key])})`);
  return value;
}

export function str(raw: Obj, key: string, what: string, fallback?: string): string {
  const value = raw[key];
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if ((value === undefined || value === null) && fallback !== undefined) return fallback;
  return fail(`${what} has no usable ${key} (${describe(value)})`);
}

export function datetime(raw: Obj, key: string, what: string, nullable: true): string | null;
export function datetime(raw: Obj, key: string, what: string, nullable: false): string;
export function datetime(raw: Obj, key: string, what: string, nullable: boolean): string | null {
  const value = toServiceDatetime(raw[key]);
  if (value === undefined || (value === null && !nullable)) fail(`${what} has no usable ${key} (${describe(raw[key])})`);
  return value;
}

export function describe(value: unknown): string {
  if (value === undefined) return 'missing';
  if (value === null) return 'null';
  if (typeof value === 'string') return value.length > 40 ? `a ${value.length}-character string` : JSON.stringify(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return Array.isArray(value) ? 'an array' : 'an object';
}

/** Settings may be an object, a JSON string (some releases), or absent. */
export function settingsObject(value: unknown): Obj {
  if (isObj(value)) return value;
  if (typeof value === 'string' && value.trim().startsWith('{')) {
    try {
      const parsed = JSON.parse(value) as unknown;
      if (isObj(parsed)) return parsed;
    } catch {
      // not JSON: treated as no settings below
    }
  }
  return {};
}

export function itemLabel(raw: unknown, resource: string): string {
  const id = isObj(raw) ? raw.id : undefined;
  return typeof id === 'number' || typeof id === 'string' ? `${resource} ${String(id)}` : `a ${resource} without an id`;
}

export function checked<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const result = schema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0];
    fail(`${what}: ${issue ? `${issue.path.join('.') || 'value'} ${issue.message}` : 'unexpected shape'}`);
  }
  return result.data;
}

/** Texts as real deployments send them: "" and null both mean none. */
export const textOrNull = (value: unknown): string | null =>
  typeof value === 'string' ? (value === '' ? null : value) : typeof value === 'number' && Number.isFinite(value) ? String(value) : null;

export function guard<T>(run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof ShapeError) {
      throw serviceError('bad-response', `The service sent an answer Linkdock cannot read: ${error.message}.`);
    }
    throw error;
  }
}
