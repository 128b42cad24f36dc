// Walks a zod schema for every string and array it accepts, with the bound each has (Infinity when none).
import type { z } from 'zod';

export interface Bounded {
  path: string;
  kind: 'string' | 'array' | 'open';
  max: number;
}

type CheckDef = { check: string; maximum?: number; length?: number };
type Def = { type: string; checks?: { _zod: { def: CheckDef } }[] } & Record<string, unknown>;
const definition = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The smallest maximum length the schema's checks set (`.max(n)`, `.length(n)`), else Infinity. */
function maximum(def: Def): number {
  let max = Infinity;
  for (const check of def.checks ?? []) {
    const { check: kind, maximum: most, length } = check._zod.def;
    if (kind === 'max_length' && most !== undefined) max = Math.min(max, most);
    if (kind === 'length_equals' && length !== undefined) max = Math.min(max, length);
  }
  return max;
}

export function boundsOf(schema: z.ZodType, path = '', seen = new Set<z.ZodType>()): Bounded[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = definition(schema);
  const inner = (child: unknown, at: string): Bounded[] => boundsOf(child as z.ZodType, at, seen);
  switch (def.type) {
    case 'string':
      return [{ path, kind: 'string', max: maximum(def) }];
    case 'array':
      return [{ path, kind: 'array', max: maximum(def) }, ...inner(def['element'], `${path}[]`)];
    case 'object': {
      const shape = def['shape'] as Record<string, z.ZodType>;
      const rest = def['catchall'] as z.ZodType | undefined;
      return [...Object.entries(shape).flatMap(([key, value]) => inner(value, `${path}.${key}`)), ...(rest ? inner(rest, `${path}.*`) : [])];
    }
    case 'record':
      return [...inner(def['keyType'], `${path}{key}`), ...inner(def['valueType'], `${path}{}`)];
    case 'union':
      return (def['options'] as z.ZodType[]).flatMap((option, index) => inner(option, `${path}|${index}`));
    case 'intersection':
      return [...inner(def['left'], path), ...inner(def['right'], path)];
    case 'tuple':
      return (def['items'] as z.ZodType[]).flatMap((item, index) => inner(item, `${path}[${index}]`));
    case 'pipe':
      return [...inner(def['in'], path), ...inner(def['out'], path)];
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'nonoptional':
    case 'catch':
      return inner(def['innerType'], path);
    case 'lazy':
      return inner((def['getter'] as () => z.ZodType)(), path);
    case 'any':
    case 'unknown':
      return [{ path, kind: 'open', max: Infinity }];
    default:
      // numbers, booleans, literals, enums, null, transforms, and custom checks (a file's bytes: refined by size)
      return [];
  }
}
