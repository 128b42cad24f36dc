// The link read the sandbox returns: the superset real deployments return (real-service-notes.md),
// in their types. Strict: a key missing, extra or of another type fails.
import { z } from 'zod';
import { HTTP_STATUS_CODES, SERVICE_DATETIME, TARGETING_KINDS } from '../../../src-preload/contract/api-rules.ts';

const int = z.number().int();
const text = z.string().nullable();
const bit = z.union([z.literal(0), z.literal(1)]);
const datetime = z.string().regex(SERVICE_DATETIME);
const rules = z.array(z.strictObject({ key: z.string(), value: z.string() }));

/** Every settings key a sandbox read carries (plus one `targeting_<kind>` while targeting is on). */
export const SETTINGS_KEYS = [
  'password',
  'sensitive_content',
  'schedule',
  'clicks_limit',
  'expiration_url',
  'http_status_code',
  'utm',
  'targeting_type',
  'cloaking_is_enabled',
  'cloaking_title',
  'cloaking_meta_description',
  'cloaking_custom_js',
  'cloaking_favicon',
  'cloaking_opengraph',
  'app_linking_is_enabled',
  'app_linking',
  'forward_query_parameters_is_enabled',
  'is_se_visible',
] as const;

export const LINK_KEYS = [
  'id',
  'user_id',
  'project_id',
  'domain_id',
  'pixels_ids',
  'email_reports',
  'type',
  'url',
  'location_url',
  'settings',
  'clicks',
  'order',
  'start_date',
  'end_date',
  'is_verified',
  'is_enabled',
  'last_datetime',
  'datetime',
] as const;

export const SandboxLinkSettingsSchema = z
  .object({
    password: text,
    sensitive_content: z.boolean(),
    schedule: bit,
    clicks_limit: int.positive().nullable(),
    expiration_url: text,
    http_status_code: z.union(HTTP_STATUS_CODES.map((code) => z.literal(code))),
    utm: z.strictObject({ source: text, medium: text, campaign: text }),
    targeting_type: z.enum(TARGETING_KINDS).nullable(),
    cloaking_is_enabled: bit,
    cloaking_title: text,
    cloaking_meta_description: text,
    cloaking_custom_js: text,
    cloaking_favicon: text,
    cloaking_opengraph: text,
    app_linking_is_enabled: bit,
    app_linking: z.strictObject({ ios_location_url: z.null(), android_location_url: z.null(), app: z.null() }),
    forward_query_parameters_is_enabled: bit,
    is_se_visible: z.literal(1),
  })
  .catchall(rules)
  .superRefine((settings, ctx) => {
    const extra = Object.keys(settings).filter((key) => !(SETTINGS_KEYS as readonly string[]).includes(key));
    const expected = settings.targeting_type ? [`targeting_${settings.targeting_type}`] : [];
    if (JSON.stringify(extra) !== JSON.stringify(expected)) {
      ctx.addIssue({ code: 'custom', message: `targeting keys ${JSON.stringify(extra)}, expected ${JSON.stringify(expected)}` });
    }
  });

export const SandboxLinkSchema = z.strictObject({
  id: int.positive(),
  user_id: int.positive(),
  project_id: int.nonnegative(),
  domain_id: int.nonnegative(),
  pixels_ids: z.array(int.positive()),
  email_reports: z.array(int.positive()),
  type: z.literal('link'),
  url: z.string(),
  location_url: z.string(),
  settings: SandboxLinkSettingsSchema,
  clicks: int.nonnegative(),
  order: int,
  start_date: datetime.nullable(),
  end_date: datetime.nullable(),
  is_verified: z.literal(1),
  is_enabled: bit,
  last_datetime: datetime.nullable(),
  datetime,
});
