// The user's words for every resource field, in one place: editors label their inputs with them,
// and the Pending changes page and the conflict view name changed fields with them.
import type { HandlerTypeField } from '../../src-preload/contract/index.ts';

export const HANDLER_FIELD_LABELS: Record<HandlerTypeField, string> = {
  email: 'E-mail address',
  webhook: 'Webhook URL',
  slack: 'Slack webhook URL',
  discord: 'Discord webhook URL',
  telegram: 'Telegram bot token',
  telegram_chat_id: 'Telegram chat ID',
  microsoft_teams: 'Microsoft Teams webhook URL',
  google_chat: 'Google Chat webhook URL',
  whatsapp: 'WhatsApp phone number',
};

const FIELD_LABELS: Record<string, string> = {
  url: 'Alias',
  location_url: 'Destination URL',
  domain_id: 'Domain',
  project_id: 'Project',
  start_date: 'Start date',
  end_date: 'End date',
  sensitive_content: 'Sensitive content',
  host: 'Host',
  custom_index_url: 'Custom index URL',
  custom_not_found_url: 'Custom not-found URL',
  is_enabled: 'Enabled',
  name: 'Name',
  type: 'Type',
  ...HANDLER_FIELD_LABELS,
  email_reports: 'Report handlers',
  password: 'Password',
};

export function fieldLabel(field: string): string {
  return FIELD_LABELS[field] ?? field.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());
}
