// Constants that service-api.md states as rules. The contract, the service client and the
// sandbox all read them from here so the three can never disagree.

export const RESULTS_PER_PAGE = [10, 25, 50, 100, 250, 500, 1000] as const;
export type ResultsPerPage = (typeof RESULTS_PER_PAGE)[number];
export const DEFAULT_RESULTS_PER_PAGE: ResultsPerPage = 25;
export const DEFAULT_PAGE = 1;

export const HTTP_STATUS_CODES = [301, 302, 307, 308] as const;
export type RedirectStatusCode = (typeof HTTP_STATUS_CODES)[number];

/** Values `targeting_type` may take (service-api.md lists seven). */
export const TARGETING_TYPES = ['continent_code', 'country_code', 'device_type', 'browser_language', 'rotation', 'os_name', 'browser_name'] as const;
export type TargetingType = (typeof TARGETING_TYPES)[number];

/**
 * Kinds that have `targeting_K_key[i]` / `targeting_K_value[i]` fields. The document gives
 * city_name fields although city_name is not an allowed targeting_type.
 */
export const TARGETING_KINDS = [
  'continent_code',
  'country_code',
  'city_name',
  'device_type',
  'browser_language',
  'rotation',
  'os_name',
  'browser_name',
] as const;
export type TargetingKind = (typeof TARGETING_KINDS)[number];

export const HANDLER_TYPES = [
  'email',
  'webhook',
  'slack',
  'discord',
  'telegram',
  'microsoft_teams',
  'whatsapp',
  'google_chat',
  'internal_notification',
] as const;
export type HandlerType = (typeof HANDLER_TYPES)[number];

/**
 * Type-specific handler fields and the type each belongs to. The document does not name the
 * whatsapp phone-number field; `whatsapp` follows the pattern of the others.
 */
export const HANDLER_TYPE_FIELDS = {
  email: 'email',
  webhook: 'webhook',
  slack: 'slack',
  discord: 'discord',
  telegram: 'telegram',
  telegram_chat_id: 'telegram',
  microsoft_teams: 'microsoft_teams',
  google_chat: 'google_chat',
  whatsapp: 'whatsapp',
} as const satisfies Record<string, HandlerType>;
export type HandlerTypeField = keyof typeof HANDLER_TYPE_FIELDS;
export const HANDLER_FIELD_NAMES = Object.keys(HANDLER_TYPE_FIELDS) as HandlerTypeField[];

/** Handler fields whose content is a (chat) webhook URL. */
export const HANDLER_URL_FIELDS = ['webhook', 'slack', 'discord', 'microsoft_teams', 'google_chat'] as const;

/**
 * Link flags that real deployments switch on by presence on create (real-service-notes.md):
 * the client sends them only when true.
 */
export const LINK_PRESENCE_FLAGS = [
  'is_bulk',
  'schedule',
  'sensitive_content',
  'app_linking_is_enabled',
  'cloaking_is_enabled',
  'forward_query_parameters_is_enabled',
] as const;

/** `YYYY-MM-DD HH:MM:SS`, the service's date-time format. */
export const SERVICE_DATETIME = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01]) ([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/;

/** Largest upload the client will carry (favicon / OpenGraph image). */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

/**
 * One bulk link create (`is_bulk`): at most this many destinations, and `location_urls` at most this
 * long. The document states no limit; the sandbox refuses more with 422 (docs/sandbox.md) and the
 * client splits larger batches, so 1,000 links take one request.
 */
export const BULK_CREATE_MAX_LINKS = 1_000;
export const BULK_LOCATION_URLS_MAX_CHARS = 1_000_000;
