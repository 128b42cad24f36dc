// Read shapes of the three resources and the list envelope: service-api.md's fields, plus what
// real deployments' reads carry (kept, never trimmed). The service client normalises real
// deployments' variations into these before anything reaches the renderer or the mirror.
import { z } from 'zod';
import { RESULTS_PER_PAGE, SERVICE_DATETIME, TARGETING_KINDS } from './api-rules.ts';

const id = z.number().int().positive();
const serviceDatetime = z.string().regex(SERVICE_DATETIME, 'expected YYYY-MM-DD HH:MM:SS');

/** A targeting rule as real deployments store it: what to match, and where matching visitors go. */
export const TargetingRuleSchema = z.object({ key: z.string(), value: z.string() });
export type TargetingRule = z.infer<typeof TargetingRuleSchema>;

const text = z.string().nullable().optional();
const flag = z.boolean().optional();
const rules = z.array(TargetingRuleSchema).optional();

/**
 * A link's `settings` as real deployments send it (real-service-notes.md): the document shows only
 * `password` (a hash, never the plain password) and `sensitive_content`; everything else is
 * optional, typed here once normalised, and keys Linkdock does not know are kept verbatim.
 */
export const LinkSettingsSchema = z
  .object({
    password: z.string().nullable(),
    sensitive_content: z.boolean(),
    schedule: flag,
    /** null: no limit (real deployments store 0 or null). */
    clicks_limit: z.number().int().nonnegative().nullable().optional(),
    expiration_url: text,
    http_status_code: z.number().int().nullable().optional(),
    // Releases may keep more UTM parts (term, content): kept as sent.
    utm: z.object({ source: z.string().nullable(), medium: z.string().nullable(), campaign: z.string().nullable() }).catchall(z.unknown()).optional(),
    /** null: no targeting (real deployments also say the string "false"). */
    targeting_type: z.enum(TARGETING_KINDS).nullable().optional(),
    targeting_continent_code: rules,
    targeting_country_code: rules,
    targeting_city_name: rules,
    targeting_device_type: rules,
    targeting_browser_language: rules,
    targeting_rotation: rules,
    targeting_os_name: rules,
    targeting_browser_name: rules,
    cloaking_is_enabled: flag,
    cloaking_title: text,
    cloaking_meta_description: text,
    cloaking_custom_js: text,
    /** Stored file names of the uploaded images, or null. */
    cloaking_favicon: text,
    cloaking_opengraph: text,
    app_linking_is_enabled: flag,
    forward_query_parameters_is_enabled: flag,
  })
  .catchall(z.unknown());
export type LinkSettings = z.infer<typeof LinkSettingsSchema>;

/**
 * The document's link read plus what real deployments add (`email_reports`, `pixels_ids`,
 * `is_enabled`, …). Fields the document omits are optional: a service that does not send them
 * leaves them write-only for the client. Top-level keys Linkdock does not know are kept verbatim.
 */
export const LinkSchema = z
  .object({
    id,
    user_id: z.number().int().optional(),
    project_id: z.number().int().positive().nullable(),
    domain_id: z.number().int().nonnegative(),
    // Real deployments list other products' rows in the same table; they keep their own type.
    type: z.string().min(1),
    url: z.string(),
    location_url: z.string(),
    pixels_ids: z.array(z.number().int()).optional(),
    email_reports: z.array(z.number().int()).optional(),
    settings: LinkSettingsSchema,
    clicks: z.number().int().nonnegative(),
    order: z.number().int(),
    start_date: serviceDatetime.nullable(),
    end_date: serviceDatetime.nullable(),
    is_enabled: z.boolean().optional(),
    is_verified: z.boolean().optional(),
    last_datetime: serviceDatetime.nullable().optional(),
    datetime: serviceDatetime,
  })
  .catchall(z.unknown());
export type Link = z.infer<typeof LinkSchema>;

export const DomainSchema = z.object({
  id,
  scheme: z.string(),
  host: z.string().min(1),
  custom_index_url: z.string(),
  is_enabled: z.boolean(),
  last_datetime: serviceDatetime.nullable(),
  datetime: serviceDatetime,
});
export type Domain = z.infer<typeof DomainSchema>;

export const HandlerSchema = z.object({
  id,
  // The service's name for it. A release may have types the document does not list (HANDLER_TYPES,
  // what Linkdock creates and edits): such a handler is kept and shown, not its listing refused.
  type: z.string().min(1),
  name: z.string(),
  // Only the email type's keys are documented; other types keep what the service sends.
  settings: z.object({ email: z.string().optional() }).catchall(z.unknown()),
  is_enabled: z.boolean(),
  last_datetime: serviceDatetime.nullable(),
  datetime: serviceDatetime,
});
export type Handler = z.infer<typeof HandlerSchema>;

export const ListMetaSchema = z.object({
  page: z.number().int().positive(),
  results_per_page: z.number().int().positive(),
  total: z.number().int().nonnegative(),
  total_pages: z.number().int().nonnegative(),
});
export type ListMeta = z.infer<typeof ListMetaSchema>;

export const ListLinksSchema = z.object({
  first: z.string(),
  // The document gives a URL; real deployments send null when there are no results.
  last: z.string().nullable(),
  next: z.string().nullable(),
  prev: z.string().nullable(),
  self: z.string(),
});

export function listEnvelope<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), meta: ListMetaSchema, links: ListLinksSchema });
}
export const LinkListSchema = listEnvelope(LinkSchema);
export const DomainListSchema = listEnvelope(DomainSchema);
export const HandlerListSchema = listEnvelope(HandlerSchema);
export type ListEnvelope<T> = {
  data: T[];
  meta: ListMeta;
  links: z.infer<typeof ListLinksSchema>;
};

export const ResultsPerPageSchema = z.union(RESULTS_PER_PAGE.map((n) => z.literal(n)));

export const CreatedSchema = z.union([
  z.object({ id }),
  // Bulk link create (real deployments).
  z.object({ ids: z.array(id) }),
]);
export type Created = z.infer<typeof CreatedSchema>;

export const UpdatedSchema = z.object({ id });
export type Updated = z.infer<typeof UpdatedSchema>;

/**
 * The account behind a key (`GET /api/user`, real deployments; the document has no such call).
 * Everything is optional: Linkdock works without it, and uses the time zone for schedule dates.
 */
export const AccountSchema = z
  .object({
    id: z.number().int().optional(),
    name: z.string().nullable().optional(),
    email: z.string().nullable().optional(),
    language: z.string().nullable().optional(),
    /** IANA zone name, e.g. `Europe/Berlin`; null when the service names none Linkdock knows. */
    timezone: z.string().nullable().optional(),
    plan_id: z.union([z.string(), z.number()]).nullable().optional(),
  })
  .catchall(z.unknown());
export type Account = z.infer<typeof AccountSchema>;
