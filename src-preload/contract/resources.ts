// Read shapes of the three resources and the list envelope, exactly as service-api.md gives
// them. The service client normalises real deployments' variations into these before anything
// reaches the renderer or the mirror.
import { z } from 'zod';
import { HANDLER_TYPES, RESULTS_PER_PAGE, SERVICE_DATETIME } from './api-rules.ts';

const id = z.number().int().positive();
const serviceDatetime = z.string().regex(SERVICE_DATETIME, 'expected YYYY-MM-DD HH:MM:SS');

export const LinkSchema = z.object({
  id,
  project_id: z.number().int().positive().nullable(),
  domain_id: z.number().int().nonnegative(),
  // Real deployments list other products' rows in the same table; they keep their own type.
  type: z.string().min(1),
  url: z.string(),
  location_url: z.string(),
  settings: z.object({
    password: z.string().nullable(),
    sensitive_content: z.boolean(),
  }),
  clicks: z.number().int().nonnegative(),
  order: z.number().int(),
  start_date: serviceDatetime.nullable(),
  end_date: serviceDatetime.nullable(),
  datetime: serviceDatetime,
});
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
  type: z.enum(HANDLER_TYPES),
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

export const RESOURCES = ['links', 'domains', 'handlers'] as const;
export type ResourceName = (typeof RESOURCES)[number];
/** Collection path of each resource under `/api/`. */
export const RESOURCE_PATHS: Record<ResourceName, string> = {
  links: 'links',
  domains: 'domains',
  handlers: 'notification-handlers',
};
