// Bulk create's plan: the settings a batch shares (the link form without destination and alias,
// checked with the contract's create schema), and how the rows split: rows without an alias go to
// the service's bulk mode (one request per 1,000, aliases from the service), rows with an alias are
// created one by one.
import { BULK_CREATE_MAX_LINKS } from '../../../src-preload/contract/index.ts';
import type { Fields } from '../../sync/index.ts';
import { createFields, validateFields, type FieldErrors, type LinkForm } from './link-form.ts';

/** Stands in for each row's own destination while the shared settings are checked. */
const PROBE_DESTINATION = 'https://example.com/';

/** The settings every link of the batch gets, or the messages beside the fields that are wrong. */
export function checkBatchSettings(form: LinkForm): { input: Fields | null; errors: FieldErrors } {
  const fields = createFields({ ...form, location_url: '', url: '' });
  const errors = validateFields('create', { ...fields, location_url: PROBE_DESTINATION });
  return Object.keys(errors).length === 0 ? { input: fields, errors: {} } : { input: null, errors };
}

export function splitBatch<T extends { url: string }>(rows: readonly T[]): { bulk: T[]; single: T[] } {
  return { bulk: rows.filter((row) => row.url.trim() === ''), single: rows.filter((row) => row.url.trim() !== '') };
}

const links = (count: number) => `${count.toLocaleString('en-US')} link${count === 1 ? '' : 's'}`;

/** What the dialog says it will do, in words. */
export function batchNote(bulk: number, single: number): string {
  const parts: string[] = [];
  if (bulk > 0) {
    const requests = Math.ceil(bulk / BULK_CREATE_MAX_LINKS);
    parts.push(
      `${links(bulk)} without an alias ${bulk === 1 ? 'is' : 'are'} created together in ${requests === 1 ? 'one request' : `${requests} requests`}: the service picks their aliases, so their short URLs appear after the create.`,
    );
  }
  if (single > 0) parts.push(`${links(single)} with an alias ${single === 1 ? 'is' : 'are'} created one by one (one request each).`);
  return parts.join(' ');
}
