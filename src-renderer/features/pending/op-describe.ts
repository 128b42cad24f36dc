// Words for outbox operations on the Pending changes page and in the conflict view.
import { bulkUrls } from '../../sync/mirror/bulk-rows.ts';
import type { Fields, OutboxOp } from '../../sync/mirror/rows.ts';
import type { ResourceName } from '../../sync/types.ts';
import { fieldLabel } from '../../resource-screens/field-labels.ts';

export const RESOURCE_NOUNS: Record<ResourceName, string> = { links: 'Link', domains: 'Domain', handlers: 'Notification handler' };

/** A field value as text: empty values say so, secrets are not shown. */
export function formatValue(field: string, value: unknown): string {
  if (field === 'password' || field === 'telegram') return value ? '••••••' : '(none)';
  if (value === null || value === undefined || value === '') return '(empty)';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.length === 0 ? '(none)' : value.map(String).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** A label inside a sentence: "Custom index URL" → "custom index URL"; names stay ("Slack webhook URL"). */
export function inSentence(label: string): string {
  return /^(Slack|Discord|Telegram|Microsoft|Google|WhatsApp)\b/.test(label) ? label : label.charAt(0).toLowerCase() + label.slice(1);
}

/** "Create", "Create 250 links in one request (aliases from the service)", "Change host, enabled", "Delete". */
export function describeChange(op: Pick<OutboxOp, 'kind' | 'fields' | 'rows'>): string {
  if (op.kind === 'create' && op.rows) return `Create ${plural(op.rows.length, 'link')} in one request (aliases from the service)`;
  if (op.kind === 'create') return 'Create';
  if (op.kind === 'delete') return 'Delete';
  const fields = Object.keys(op.fields);
  return fields.length === 0 ? 'Change' : `Change ${fields.map((f) => inSentence(fieldLabel(f))).join(', ')}`;
}

const plural = (count: number, noun: string) => `${count.toLocaleString('en-US')} ${noun}${count === 1 ? '' : 's'}`;

/** A bulk create is named by its destinations: the first, and how many more. */
export function bulkLabel(op: Pick<OutboxOp, 'fields' | 'rows'>): string {
  const first = bulkUrls(op)[0] ?? '(link)';
  const more = (op.rows?.length ?? 1) - 1;
  return more > 0 ? `${first} and ${more.toLocaleString('en-US')} more` : first;
}

/** How a row is named in lists: a link by its alias or destination, a domain by host, a handler by name. */
export function rowLabel(resource: ResourceName, view: Fields | null): string {
  if (!view) return '(removed)';
  const pick = (...fields: string[]) => fields.map((f) => view[f]).find((v): v is string => typeof v === 'string' && v !== '');
  if (resource === 'links') return pick('url', 'location_url') ?? '(link)';
  if (resource === 'domains') return pick('host') ?? '(domain)';
  return pick('name') ?? '(handler)';
}

export const STATE_LABELS = { pending: 'Pending', sending: 'Sending', failed: 'Failed', conflict: 'Conflict', unknown: 'Checking' } as const;
