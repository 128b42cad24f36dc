// The resource table: one typed description per resource of the service (its read shape, list
// envelope, create and update inputs, and what an update must carry beyond its schema), from which
// the contract's resource calls, main's handlers and the service client's methods all follow.
// The names half (paths, verbs) is resource-names.ts, zod-free for the preload.
import { z } from 'zod';
import { byId, call, listInput, none, serverId, serviceCall, type CallSchema, type Priority } from './call-envelope.ts';
import {
  DomainCreateSchema,
  DomainUpdateSchema,
  HandlerCreateSchema,
  HandlerUpdateSchema,
  LinkCreateSchema,
  LinkUpdateSchema,
  type LinkUpdateInput,
  type LinkUpdateRequest,
} from './inputs.ts';
import { RESOURCES, VERBS, resourceCallName, type ResourceName, type ResourceVerb } from './resource-names.ts';
import {
  CreatedSchema,
  DomainListSchema,
  DomainSchema,
  HandlerListSchema,
  HandlerSchema,
  LinkListSchema,
  LinkSchema,
  UpdatedSchema,
  type Created,
  type ListEnvelope,
  type Updated,
} from './resources.ts';

/** An update input the schema accepted, as the service must receive it, or why the call refuses it (path inside the input). */
export type UpdateCheck<Request> = { request: Request } | { refused: { path: string; message: string } };

const acceptAsIs = <Input>(input: Input): UpdateCheck<Input> => ({ request: input });

/**
 * real-service-notes: some releases fail when an update lacks `email_reports[]`, and the read shape
 * does not show the current ids, so the caller (the sync engine remembers them) must send them.
 */
function requireReports(input: LinkUpdateInput): UpdateCheck<LinkUpdateRequest> {
  const reports = input.email_reports;
  if (reports === undefined) {
    return { refused: { path: 'email_reports', message: 'A link update must carry email_reports (the current handler ids, or [] for none)' } };
  }
  return { request: { ...input, email_reports: reports } };
}

interface ResourceSchemas<Read, List, Create, Update, Request> {
  read: z.ZodType<Read>;
  list: z.ZodType<List>;
  create: z.ZodType<Create, Create>;
  update: z.ZodType<Update, Update>;
  updateRequest: (input: Update) => UpdateCheck<Request>;
}

/** One resource: its schemas, and the contract calls of every verb built from them. */
function resource<Read, List, Create, Update, Request>(schemas: ResourceSchemas<Read, List, Create, Update, Request>) {
  const update = z
    .strictObject({ ...serviceCall, id: serverId, input: schemas.update })
    // Checked on the whole call, after the input's own rules, so its issue comes where it always did
    // (a transform alone would not run once another field failed, and would drop this issue).
    .superRefine((value, ctx) => {
      const checked = schemas.updateRequest(value.input);
      if ('refused' in checked) ctx.addIssue({ code: 'custom', path: ['input', checked.refused.path], message: checked.refused.message });
    })
    // The handler then gets the request the service needs (for links: email_reports present). It
    // runs only when nothing was refused above.
    .transform((value, ctx) => {
      const checked = schemas.updateRequest(value.input);
      if (!('refused' in checked)) return { ...value, input: checked.request };
      ctx.addIssue({ code: 'custom', path: ['input', checked.refused.path], message: checked.refused.message });
      return z.NEVER;
    });
  const calls = {
    list: call(listInput, schemas.list),
    get: call(byId, schemas.read),
    create: call(z.strictObject({ ...serviceCall, input: schemas.create }), CreatedSchema),
    update: call(update, UpdatedSchema),
    delete: call(byId, none),
  } satisfies Record<ResourceVerb, CallSchema>;
  return { ...schemas, calls };
}

const TABLE = {
  links: resource({ read: LinkSchema, list: LinkListSchema, create: LinkCreateSchema, update: LinkUpdateSchema, updateRequest: requireReports }),
  domains: resource({ read: DomainSchema, list: DomainListSchema, create: DomainCreateSchema, update: DomainUpdateSchema, updateRequest: acceptAsIs }),
  handlers: resource({ read: HandlerSchema, list: HandlerListSchema, create: HandlerCreateSchema, update: HandlerUpdateSchema, updateRequest: acceptAsIs }),
} satisfies Record<ResourceName, unknown>;

/** The table's exact types: what each call of each resource takes and gives (calls.ts reads them). */
export type ResourceTable = typeof TABLE;

type Shapes = {
  [R in ResourceName]: {
    read: z.output<ResourceTable[R]['read']>;
    create: z.output<ResourceTable[R]['create']>;
    update: z.output<ResourceTable[R]['update']>;
    request: Extract<ReturnType<ResourceTable[R]['updateRequest']>, { request: unknown }>['request'];
  };
};
export type ResourceRead<R extends ResourceName> = Shapes[R]['read'];
export type ResourceList<R extends ResourceName> = ListEnvelope<ResourceRead<R>>;
export type ResourceCreateInput<R extends ResourceName> = Shapes[R]['create'];
export type ResourceUpdateInput<R extends ResourceName> = Shapes[R]['update'];
/** What an update sends once the resource's own rule passed (links: with email_reports). */
export type ResourceUpdateRequest<R extends ResourceName> = Shapes[R]['request'];

type ServiceArgs = { workspaceId: string; priority?: Priority | undefined };

/** What main's handler of each verb receives (checked input) and answers, for any resource. */
export interface ResourceCallTypes<R extends ResourceName> {
  list: { args: z.output<typeof listInput>; result: ResourceList<R> };
  get: { args: z.output<typeof byId>; result: ResourceRead<R> };
  create: { args: ServiceArgs & { input: ResourceCreateInput<R> }; result: Created };
  update: { args: ServiceArgs & { id: number; input: ResourceUpdateRequest<R> }; result: Updated };
  delete: { args: z.output<typeof byId>; result: null };
}

export interface ResourceEntry<R extends ResourceName> {
  read: z.ZodType<ResourceRead<R>>;
  list: z.ZodType<ResourceList<R>>;
  create: z.ZodType<ResourceCreateInput<R>>;
  update: z.ZodType<ResourceUpdateInput<R>>;
  calls: { readonly [V in ResourceVerb]: { input: z.ZodType<ResourceCallTypes<R>[V]['args']>; output: z.ZodType<ResourceCallTypes<R>[V]['result']> } };
}

/**
 * The table as code that works on any resource sees it. The annotation is the proof that every
 * resource's schemas give exactly what ResourceCallTypes says: it does not compile otherwise.
 */
export const RESOURCE_TABLE: { readonly [R in ResourceName]: ResourceEntry<R> } = TABLE;

const CALL_SCHEMAS = new Map<string, CallSchema>(
  RESOURCES.flatMap((resource) => VERBS.map((verb) => [resourceCallName(resource, verb), RESOURCE_TABLE[resource].calls[verb]] as const)),
);

/** The schemas of `<resource>.<verb>`; undefined for any other name. */
export function resourceCallSchema(name: string): CallSchema | undefined {
  return CALL_SCHEMAS.get(name);
}
