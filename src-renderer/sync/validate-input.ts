// Edits are checked against the contract's own input schemas before they touch the mirror, so a
// bad value is refused at once with the field named, rather than failing later in the outbox.
// References to rows created offline are client ids; a placeholder id stands in while checking.
import type { z } from 'zod';
import {
  DomainCreateSchema,
  DomainUpdateSchema,
  HandlerCreateSchema,
  HandlerUpdateSchema,
  LinkCreateSchema,
  LinkUpdateSchema,
} from '../../src-preload/contract/index.ts';
import { EditError } from './edit-errors.ts';
import { REF_FIELDS } from './mirror/fields.ts';
import type { Fields } from './mirror/rows.ts';
import type { ResourceName } from './types.ts';

const SCHEMAS: Record<ResourceName, { create: z.ZodType; update: z.ZodType }> = {
  links: { create: LinkCreateSchema, update: LinkUpdateSchema },
  domains: { create: DomainCreateSchema, update: DomainUpdateSchema },
  handlers: { create: HandlerCreateSchema, update: HandlerUpdateSchema },
};

const PLACEHOLDER_ID = 1;

/** Returns the normalized fields (trimmed, lower-cased host, ...) with references kept as given. */
export function validateEdit(resource: ResourceName, kind: 'create' | 'update', fields: Fields): Fields {
  if (typeof fields !== 'object' || fields === null || Array.isArray(fields)) {
    throw new EditError('invalid-input', 'Expected an object of fields');
  }
  const probe: Fields = { ...fields };
  for (const field of Object.keys(REF_FIELDS[resource])) {
    const value = probe[field];
    if (Array.isArray(value)) probe[field] = value.map((item) => (typeof item === 'string' && item ? PLACEHOLDER_ID : item));
    else if (typeof value === 'string' && value) probe[field] = PLACEHOLDER_ID;
  }
  const parsed = SCHEMAS[resource][kind].safeParse(probe);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
    throw new EditError('invalid-input', issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join('; '), issues);
  }
  const out = { ...(parsed.data as Fields) };
  for (const field of Object.keys(REF_FIELDS[resource])) if (field in fields) out[field] = fields[field];
  return out;
}
