// Everything a link's read carries, as lines a person reads: the settings Linkdock knows by name,
// then every other key the service keeps (shown as sent; Linkdock never changes or sends them).
import { HTTP_STATUS_CODES, LinkSchema, LinkSettingsSchema, type Link, type RedirectStatusCode } from '../../../src-preload/contract/index.ts';
import { linkReadView } from '../../sync/mirror/link-fields.ts';
import { STATUS_LABELS, TARGETING_LABELS } from './link-labels.ts';

export interface SummaryLine {
  label: string;
  value: string;
}

/** Keys shown by name above, or shown elsewhere in the detail. */
const KNOWN_TOP: ReadonlySet<string> = new Set(Object.keys(LinkSchema.shape));
const KNOWN_SETTINGS: ReadonlySet<string> = new Set([
  ...Object.keys(LinkSettingsSchema.shape),
  // Named above under another key, or shown elsewhere in the detail.
  'pageviews_limit',
  'app_linking',
  'start_date',
  'end_date',
]);

const yesNo = (value: unknown) => (value === true ? 'Yes' : value === false ? 'No' : 'Not shown by this service');

function shown(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

/**
 * `handlerName` names a report handler by server id (null when the mirror has no such handler);
 * `timeZone` is the account's, the zone the service writes schedule dates in.
 */
export function linkSettingsSummary(link: Link, handlerName: (id: number) => string | null, timeZone: string): SummaryLine[] {
  const view = linkReadView(link);
  const lines: SummaryLine[] = [];
  const add = (label: string, value: string) => lines.push({ label, value });
  add('Enabled', yesNo(view.is_enabled));
  const reports = link.email_reports;
  add(
    'E-mail reports',
    reports === undefined ? 'Not shown by this service' : reports.length === 0 ? 'None' : reports.map((id) => handlerName(id) ?? `handler ${id}`).join(', '),
  );
  if (link.pixels_ids !== undefined) add('Pixels', link.pixels_ids.length ? link.pixels_ids.join(', ') : 'None');
  add('Project', link.project_id ? String(link.project_id) : 'None');
  add('Password', link.settings.password ? 'Set (Linkdock never sees it)' : 'None');
  add('Sensitive content warning', yesNo(view.sensitive_content));
  if (view.schedule !== undefined || link.start_date || link.end_date) {
    add('Schedule', view.schedule === false ? 'Off' : `${link.start_date ?? '…'} to ${link.end_date ?? '…'} (${timeZone})`);
  }
  if ('clicks_limit' in view) add('Clicks limit', view.clicks_limit ? String(view.clicks_limit) : 'No limit');
  if ('expiration_url' in view) add('Expiration URL', shown(view.expiration_url));
  if ('http_status_code' in view) {
    const code = view.http_status_code as number | null;
    add('Redirect', code !== null && (HTTP_STATUS_CODES as readonly number[]).includes(code) ? STATUS_LABELS[code as RedirectStatusCode] : shown(code));
  }
  if ('utm_source' in view) add('UTM', ['utm_source', 'utm_medium', 'utm_campaign'].map((f) => `${f.slice(4)}: ${shown(view[f])}`).join(', '));
  if ('targeting_type' in view) {
    const kind = view.targeting_type as keyof typeof TARGETING_LABELS | null;
    const rules = kind ? ((view.targeting as Record<string, { key: string; value: string }[]>)[kind] ?? []) : [];
    add('Targeting', kind ? `${TARGETING_LABELS[kind]}: ${rules.map((r) => `${r.key} → ${r.value}`).join('; ') || 'no rules'}` : 'None');
  }
  if ('cloaking_is_enabled' in view) {
    const images = [
      view.cloaking_favicon ? `favicon ${String(view.cloaking_favicon)}` : null,
      view.cloaking_opengraph ? `image ${String(view.cloaking_opengraph)}` : null,
    ].filter(Boolean);
    add('Cloaking', view.cloaking_is_enabled ? [`on, title ${shown(view.cloaking_title)}`, ...images].join(', ') : 'Off');
  }
  if ('forward_query_parameters_is_enabled' in view) add('Forward query parameters', yesNo(view.forward_query_parameters_is_enabled));
  if ('app_linking_is_enabled' in view) add('App linking', yesNo(view.app_linking_is_enabled));
  for (const [key, value] of Object.entries(link)) if (!KNOWN_TOP.has(key)) add(`${key} (kept as the service sent it)`, shown(value));
  for (const [key, value] of Object.entries(link.settings)) {
    if (!KNOWN_SETTINGS.has(key) && !key.startsWith('targeting_')) add(`settings.${key} (kept as the service sent it)`, shown(value));
  }
  return lines;
}
