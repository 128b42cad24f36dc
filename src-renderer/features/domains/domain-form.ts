// The domain editor's fields and how they become a create or update input, checked with the
// contract's own schemas so the editor says exactly what the sync engine would refuse.
import { DomainCreateSchema, DomainUpdateSchema } from '../../../src-preload/contract/index.ts';
import type { Fields } from '../../sync/index.ts';
import { checkInput, type FieldErrors } from '../../resource-screens/form-errors.ts';

export const DOMAIN_FIELDS = ['host', 'custom_index_url', 'custom_not_found_url'] as const;
export type DomainField = (typeof DOMAIN_FIELDS)[number];
export type DomainFormValues = Record<DomainField, string>;

export const EMPTY_DOMAIN: DomainFormValues = { host: '', custom_index_url: '', custom_not_found_url: '' };

export function domainFormFromView(view: Fields): DomainFormValues {
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return { host: text(view.host), custom_index_url: text(view.custom_index_url), custom_not_found_url: text(view.custom_not_found_url) };
}

/**
 * New domain: every field (empty URLs left out). Existing domain: only what the user changed.
 * Returns the parsed input, or the messages per field.
 */
export function buildDomainInput(values: DomainFormValues, original: DomainFormValues | null): { input: Fields | null; errors: FieldErrors } {
  if (original === null) {
    const input: Fields = { host: values.host };
    if (values.custom_index_url.trim() !== '') input.custom_index_url = values.custom_index_url;
    if (values.custom_not_found_url.trim() !== '') input.custom_not_found_url = values.custom_not_found_url;
    return checkInput(DomainCreateSchema, input);
  }
  const input: Fields = {};
  for (const field of DOMAIN_FIELDS) if (values[field] !== original[field]) input[field] = values[field];
  return checkInput(DomainUpdateSchema, input);
}
