// The rows of a bulk link create (one outbox op for many links, see ../bulk.ts): which destination
// each row has and what the op sets on it.
import type { Fields, OutboxOp } from './rows.ts';

/** The destinations of a bulk op, in the order of its rows. */
export function bulkUrls(op: Pick<OutboxOp, 'fields'>): string[] {
  const text = op.fields.location_urls;
  return typeof text === 'string' && text !== '' ? text.split('\n') : [];
}

/** What a bulk op sets on one of its rows: the shared settings and the row's destination. */
export function bulkRowFields(op: Pick<OutboxOp, 'fields' | 'rows'>, rowId: string): Fields {
  const shared: Fields = { ...op.fields };
  delete shared.is_bulk;
  delete shared.location_urls;
  const index = op.rows?.indexOf(rowId) ?? -1;
  const url = index >= 0 ? bulkUrls(op)[index] : undefined;
  return url === undefined ? shared : { ...shared, location_url: url };
}
