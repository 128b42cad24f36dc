// Create and update inputs for every resource, with the rules service-api.md states. Field names
// are the service's own so a validation error names the field the service would name.
import './plain-messages.ts'; // before any schema parses: every message in plain words
import { z } from 'zod';
import { detectImage, FAVICON_EXTS, formatNames, OPENGRAPH_EXTS } from './image-formats.ts';
import { INPUT_BOUNDS as MAX } from './input-bounds.ts';
export { INPUT_BOUNDS } from './input-bounds.ts';
import { targetingKeyProblem } from './targeting-keys.ts';
import {
  HANDLER_FIELD_NAMES,
  HANDLER_TYPE_FIELDS,
  HANDLER_TYPES,
  HANDLER_URL_FIELDS,
  HTTP_STATUS_CODES,
  SERVICE_DATETIME,
  TARGETING_KINDS,
  type TargetingKind,
} from './api-rules.ts';

const serverId = z.number().int().positive();
/** A destination or callback address: only http(s) makes sense for a redirect or webhook. */
export const HttpUrlSchema = httpUrl();

/** `requiredMessage`: what to say when the field is cleared (null) or missing where it is required. */
function httpUrl(requiredMessage = 'Enter a full http:// or https:// URL') {
  return z
    .string({ error: requiredMessage })
    .trim()
    .max(MAX.url, `URL is too long (${MAX.url} characters at most)`)
    .refine((value) => isHttpUrl(value), 'Enter a full http:// or https:// URL');
}

/** A global shortcut as Electron writes it (desktop.setSettings); main checks what it may take. */
export const ShortcutSchema = z.string().trim().max(MAX.shortcut);

export function isHttpUrl(value: string): boolean {
  // The URL parser silently drops tabs and line breaks; a stored raw string with them could
  // break a Location header, so they are refused rather than "fixed".
  if (/\p{Cc}/u.test(value) || !URL.canParse(value)) return false;
  const url = new URL(value);
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
}

const serviceDatetime = z
  .string()
  .max(MAX.serviceDatetime, { message: 'Use the form YYYY-MM-DD HH:MM:SS', abort: true })
  .regex(SERVICE_DATETIME, 'Use the form YYYY-MM-DD HH:MM:SS')
  .refine(isCalendarDate, 'That day does not exist');

/** `2026-02-30 …` has the right form but is no day of the calendar. */
export function isCalendarDate(value: string): boolean {
  const [year, month, day] = value.slice(0, 10).split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A file picked for upload; bytes travel with the call. */
export const FileUploadSchema = z.object({
  name: z.string().min(1).max(MAX.fileName),
  type: z.string().max(MAX.fileName),
  data: z.instanceof(Uint8Array).refine((bytes) => bytes.byteLength <= MAX.uploadBytes, `File is larger than ${MAX.uploadBytes / 1048576} MiB`),
});
export type FileUpload = z.infer<typeof FileUploadSchema>;

/**
 * Alias: the document leaves the charset open. It is one path segment that people type and
 * read, so no separators, no dot segments, and no control or invisible characters that would
 * make two aliases look alike. (A service may reserve more names; it says so when it refuses.)
 */
export const AliasSchema = z
  .string()
  .trim()
  .max(MAX.alias, `Alias is too long (${MAX.alias} characters at most)`)
  .superRefine((value, ctx) => {
    const problem = aliasProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export function aliasProblem(alias: string): string | null {
  if (/[\s/?#\\%]/.test(alias)) return 'An alias cannot contain spaces, "/", "?", "#", "\\" or "%"';
  if (/[\p{Cc}\p{Cf}\p{Z}\p{Cs}\p{Co}\p{Cn}]/u.test(alias)) return 'An alias cannot contain control or invisible characters';
  if (alias === '.' || alias === '..') return 'An alias cannot be "." or ".."';
  return null;
}

/**
 * One targeting rule. The document does not define key and value; Linkdock and its sandbox use:
 * key = what to match (continent/country code, city name, device type, language, OS or browser
 * name; for rotation, the weight), value = the destination URL for visitors who match.
 */
export const TargetingEntrySchema = z.object({
  key: z.string().max(MAX.targetingKey).optional(),
  value: z.string().max(MAX.url).optional(),
});
export type TargetingEntry = z.infer<typeof TargetingEntrySchema>;

export const TargetingEntriesSchema = z.partialRecord(
  z.enum(TARGETING_KINDS),
  z.array(TargetingEntrySchema).max(MAX.targetingRules, `At most ${MAX.targetingRules} rules of one kind`),
);
export type TargetingEntries = z.infer<typeof TargetingEntriesSchema>;

// Fields shared by link create and update (service-api.md: update takes the same fields as create
// except type, is_bulk and location_urls). On update, null clears an optional setting; main's
// client sends it in the form real deployments accept (see service/multipart.ts).
const linkCommonFields = {
  // A link always has a destination: an update may leave it out, never clear it.
  location_url: httpUrl('Destination URL is required').optional(),
  url: AliasSchema.optional(),
  domain_id: z.number().int().nonnegative().optional(),
  project_id: serverId.nullable().optional(),
  pixels_ids: z.array(serverId).max(MAX.linkServerIds, `A link can use at most ${MAX.linkServerIds} pixels`).optional(),
  email_reports: z.array(serverId).max(MAX.linkServerIds, `A link can report to at most ${MAX.linkServerIds} handlers`).optional(),
  schedule: z.boolean().optional(),
  start_date: serviceDatetime.nullable().optional(),
  end_date: serviceDatetime.nullable().optional(),
  clicks_limit: z.number({ error: 'Enter a whole number' }).int('Enter a whole number').positive('Enter a number above 0').nullable().optional(),
  expiration_url: HttpUrlSchema.nullable().optional(),
  sensitive_content: z.boolean().optional(),
  http_status_code: z
    .union(
      HTTP_STATUS_CODES.map((code) => z.literal(code)),
      { error: `Choose one of ${HTTP_STATUS_CODES.join(', ')}` },
    )
    .nullable()
    .optional(),
  app_linking_is_enabled: z.boolean().optional(),
  cloaking_is_enabled: z.boolean().optional(),
  cloaking_title: z.string().max(MAX.shortText).nullable().optional(),
  cloaking_meta_description: z.string().max(MAX.description).nullable().optional(),
  cloaking_custom_js: z.string().max(MAX.customScript).nullable().optional(),
  /** A new image, or null to remove the current one. */
  cloaking_favicon: FileUploadSchema.nullable().optional(),
  cloaking_opengraph: FileUploadSchema.nullable().optional(),
  password: z.string().max(MAX.shortText).nullable().optional(),
  forward_query_parameters_is_enabled: z.boolean().optional(),
  utm_source: z.string().max(MAX.shortText).nullable().optional(),
  utm_medium: z.string().max(MAX.shortText).nullable().optional(),
  utm_campaign: z.string().max(MAX.shortText).nullable().optional(),
  /** null: no targeting. */
  targeting_type: z.enum(TARGETING_KINDS).nullable().optional(),
  targeting: TargetingEntriesSchema.optional(),
};

type LinkRuleInput = {
  targeting_as_read?: true | undefined;
  schedule?: boolean | undefined;
  start_date?: string | null | undefined;
  end_date?: string | null | undefined;
  targeting_type?: string | null | undefined;
  targeting?: Partial<Record<TargetingKind, unknown[]>> | undefined;
  cloaking_favicon?: FileUpload | null | undefined;
  cloaking_opengraph?: FileUpload | null | undefined;
};

/** Rules the document states across fields, for both create and update. */
function checkLinkRules(input: LinkRuleInput, ctx: z.RefinementCtx): void {
  // Messages name the fields as the editor labels them (Schedule: Start, End).
  for (const [field, label] of [
    ['start_date', 'Start'],
    ['end_date', 'End'],
  ] as const) {
    if (input[field] !== undefined && input[field] !== null && input.schedule !== true) {
      ctx.addIssue({ code: 'custom', path: [field], message: `${label} is only used when Schedule is on` });
    }
  }
  if (input.start_date && input.end_date && input.start_date >= input.end_date) {
    ctx.addIssue({ code: 'custom', path: ['end_date'], message: 'End must be after Start' });
  }
  for (const [kind, entries] of Object.entries(input.targeting ?? {})) {
    if (entries && entries.length > 0 && input.targeting_type !== kind) {
      ctx.addIssue({
        code: 'custom',
        path: ['targeting', kind],
        message: `targeting entries for ${kind} need targeting_type = ${kind}`,
      });
    }
    // Rules sent back as the service showed them are the service's (set in its web UI, say, with an
    // app's deep link as destination): what this editor asks of a rule is not theirs to meet.
    if (input.targeting_as_read) continue;
    (entries ?? []).forEach((entry, index) => {
      const { key = '', value = '' } = entry as TargetingEntry;
      const rule = `Rule ${index + 1}`;
      const problem = key.trim() === '' ? 'needs something to match' : targetingKeyProblem(kind as TargetingKind, key.trim());
      if (problem) ctx.addIssue({ code: 'custom', path: ['targeting', kind, index, 'key'], message: `${rule}: Match ${problem}` });
      if (!isHttpUrl(value.trim())) {
        ctx.addIssue({ code: 'custom', path: ['targeting', kind, index, 'value'], message: `${rule}: Destination must be a full http:// or https:// URL` });
      }
    });
  }
  for (const [field, label, allowed] of [
    ['cloaking_favicon', 'Favicon', FAVICON_EXTS],
    ['cloaking_opengraph', 'OpenGraph image', OPENGRAPH_EXTS],
  ] as const) {
    const file = input[field];
    if (file && !detectImage(file.data, allowed)) {
      ctx.addIssue({ code: 'custom', path: [field], message: `${label} must be a ${formatNames(allowed)} image; “${file.name}” is not one` });
    }
  }
}

export const LinkCreateSchema = z
  .object({
    type: z.literal('link').optional(),
    is_bulk: z.boolean().optional(),
    location_urls: z.string().max(MAX.bulkUrlsChars).optional(),
    ...linkCommonFields,
  })
  .strict()
  .superRefine((input, ctx) => {
    if (input.is_bulk) {
      const urls = (input.location_urls ?? '')
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean);
      if (urls.length === 0) {
        ctx.addIssue({ code: 'custom', path: ['location_urls'], message: 'Enter at least one destination URL' });
      }
      urls.forEach((url, index) => {
        if (!isHttpUrl(url)) {
          ctx.addIssue({ code: 'custom', path: ['location_urls'], message: `Line ${index + 1} is not an http(s) URL: ${url}` });
        }
      });
      for (const field of ['location_url', 'url'] as const) {
        if (input[field] !== undefined) {
          ctx.addIssue({ code: 'custom', path: [field], message: `${field} is not used in bulk mode` });
        }
      }
    } else {
      if (input.location_url === undefined) {
        ctx.addIssue({ code: 'custom', path: ['location_url'], message: 'Destination URL is required' });
      }
      if (input.location_urls !== undefined) {
        ctx.addIssue({ code: 'custom', path: ['location_urls'], message: 'location_urls is only used in bulk mode' });
      }
    }
    checkLinkRules(input, ctx);
  });
export type LinkCreateInput = z.infer<typeof LinkCreateSchema>;

export const LinkUpdateSchema = z
  .object({
    ...linkCommonFields,
    // Appears in the document's update example only (0/1); its effect is not shown.
    is_enabled: z.boolean().optional(),
    /**
     * The targeting fields are the service's own, as the read made for this update showed them,
     * sent only because releases drop rules an update leaves out (the sync engine's link-carry.ts):
     * checked for shape, not for the editor's rules. Main does not send this flag to the service.
     */
    targeting_as_read: z.literal(true).optional(),
  })
  .strict()
  .superRefine(checkLinkRules);
export type LinkUpdateInput = z.infer<typeof LinkUpdateSchema>;

/**
 * A link update as it goes to the service: it always carries the link's report handlers. Some
 * releases fail with a server error when `email_reports[]` is missing, and sending none would clear
 * them. The read shape does not show them, so whoever updates a link must say what they are (the
 * sync engine remembers write-only fields). `[]` means "no reports".
 */
export type LinkUpdateRequest = LinkUpdateInput & { email_reports: number[] };

/** A host name: labels of letters, digits and hyphens, at least one dot, optional port-free. */
export const HostSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(MAX.host, 'Host is too long')
  .regex(
    /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/,
    'Enter a host name such as links.example.com (no scheme, path or port)',
  );

/** Optional URL fields on domains: empty string clears them. */
const optionalDomainUrl = z.union([z.literal(''), HttpUrlSchema]).optional();

export const DomainCreateSchema = z
  .object({
    host: HostSchema,
    custom_index_url: optionalDomainUrl,
    custom_not_found_url: optionalDomainUrl,
  })
  .strict();
export type DomainCreateInput = z.infer<typeof DomainCreateSchema>;

export const DomainUpdateSchema = z
  .object({
    host: HostSchema.optional(),
    custom_index_url: optionalDomainUrl,
    custom_not_found_url: optionalDomainUrl,
    // service-api.md's state table moves is_enabled through the update operation.
    is_enabled: z.boolean().optional(),
  })
  .strict();
export type DomainUpdateInput = z.infer<typeof DomainUpdateSchema>;

const handlerTypeFields = {
  email: z.email('Enter a valid e-mail address').max(MAX.email).optional(),
  webhook: HttpUrlSchema.optional(),
  slack: HttpUrlSchema.optional(),
  discord: HttpUrlSchema.optional(),
  telegram: z.string().trim().min(1).max(MAX.shortText).optional(),
  telegram_chat_id: z.string().trim().min(1).max(MAX.shortText).optional(),
  microsoft_teams: HttpUrlSchema.optional(),
  google_chat: HttpUrlSchema.optional(),
  whatsapp: z
    .string()
    .trim()
    .max(MAX.phone, { message: 'Enter a phone number', abort: true })
    .regex(/^\+?[0-9 ()-]{5,32}$/, 'Enter a phone number')
    .optional(),
} satisfies Record<(typeof HANDLER_FIELD_NAMES)[number], z.ZodType>;

function checkHandlerFields(input: { type?: string | undefined } & Record<string, unknown>, ctx: z.RefinementCtx): void {
  if (input.type === undefined) return;
  for (const field of HANDLER_FIELD_NAMES) {
    if (input[field] !== undefined && HANDLER_TYPE_FIELDS[field] !== input.type) {
      ctx.addIssue({
        code: 'custom',
        path: [field],
        message: `${field} is only used by ${HANDLER_TYPE_FIELDS[field]} handlers`,
      });
    }
  }
}

export const HandlerCreateSchema = z
  .object({
    name: z.string().trim().min(1, 'Name is required').max(MAX.shortText),
    type: z.enum(HANDLER_TYPES),
    ...handlerTypeFields,
  })
  .strict()
  .superRefine(checkHandlerFields);
export type HandlerCreateInput = z.infer<typeof HandlerCreateSchema>;

export const HandlerUpdateSchema = z
  .object({
    name: z.string().trim().min(1, 'Name cannot be empty').max(MAX.shortText).optional(),
    type: z.enum(HANDLER_TYPES).optional(),
    is_enabled: z.boolean().optional(),
    ...handlerTypeFields,
  })
  .strict()
  .superRefine(checkHandlerFields);
export type HandlerUpdateInput = z.infer<typeof HandlerUpdateSchema>;

export { HANDLER_URL_FIELDS };
