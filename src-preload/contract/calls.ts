// Every call the renderer may make and every event main may send. Main validates each call's
// input against `input` before anything else runs; the preload allows exactly these names.
import { z } from 'zod';
import {
  DomainCreateSchema,
  DomainUpdateSchema,
  HandlerCreateSchema,
  HandlerUpdateSchema,
  LinkCreateSchema,
  LinkUpdateSchema,
} from './inputs.ts';
import type { CallName, EventName } from './names.ts';
import {
  CreatedSchema,
  DomainListSchema,
  DomainSchema,
  HandlerListSchema,
  HandlerSchema,
  LinkListSchema,
  LinkSchema,
  ResultsPerPageSchema,
  UpdatedSchema,
} from './resources.ts';

export const WorkspaceIdSchema = z.string().regex(/^[a-z0-9-]{1,64}$/, 'not a workspace id');

export const BaseUrlSchema = z
  .string()
  .trim()
  .max(2048)
  .refine((value) => {
    if (!URL.canParse(value)) return false;
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && !url.username && !url.password && !url.search && !url.hash;
  }, 'Enter the service address, such as https://links.example.com/ (http or https, no credentials, query or fragment)');

export const ApiKeySchema = z
  .string()
  .trim()
  .min(1, 'API key is required')
  .max(4096, 'API key is too long')
  .refine((key) => /^[\x21-\x7e]+$/.test(key), 'An API key has no spaces or control characters');

export const WorkspaceNameSchema = z.string().trim().min(1, 'Name is required').max(100, 'Name is too long');

export const WorkspaceInfoSchema = z.object({
  id: WorkspaceIdSchema,
  name: z.string(),
  baseUrl: z.string(),
  /** The renderer learns only whether a key is stored, never the key. */
  hasKey: z.boolean(),
  /** The embedded sandbox workspace, managed by the app. */
  sandbox: z.boolean(),
});
export type WorkspaceInfo = z.infer<typeof WorkspaceInfoSchema>;

export const VaultStatusSchema = z.object({
  available: z.boolean(),
  /** Linux backend name (basic_text means the key is only obfuscated), or the platform's store. */
  backend: z.string(),
  /** False when keys would only be obfuscated, not encrypted (Linux basic_text). */
  secure: z.boolean(),
});
export type VaultStatus = z.infer<typeof VaultStatusSchema>;

export const CONNECTION_OUTCOMES = ['ok', 'bad-key', 'unreachable', 'tls', 'timeout', 'not-this-api'] as const;
export const ConnectionTestSchema = z.object({
  outcome: z.enum(CONNECTION_OUTCOMES),
  message: z.string(),
});
export type ConnectionTest = z.infer<typeof ConnectionTestSchema>;

export const RateLimitStateSchema = z.object({
  workspaceId: WorkspaceIdSchema,
  limit: z.number().int().nullable(),
  remaining: z.number().int().nullable(),
  /** Epoch ms the window reopens, when known. */
  resetAt: z.number().nullable(),
});
export type RateLimitState = z.infer<typeof RateLimitStateSchema>;

const inWorkspace = { workspaceId: WorkspaceIdSchema };
/** Service calls the user waits on go before background sync work when the rate limit is tight. */
export const PrioritySchema = z.enum(['interactive', 'background']);
export type Priority = z.infer<typeof PrioritySchema>;
const serviceCall = { ...inWorkspace, priority: PrioritySchema.optional() };
const serverId = z.number().int().positive();
const listInput = z.strictObject({
  ...serviceCall,
  page: z.number().int().positive().max(1_000_000).optional(),
  resultsPerPage: ResultsPerPageSchema.optional(),
});
const byId = z.strictObject({ ...serviceCall, id: serverId });
const nothing = z.object({}).strict();
const none = z.null();

function call<I extends z.ZodType, O extends z.ZodType>(input: I, output: O) {
  return { input, output };
}

export const calls = {
  'vault.status': call(nothing, VaultStatusSchema),

  'workspaces.list': call(nothing, z.array(WorkspaceInfoSchema)),
  'workspaces.add': call(
    z
      .object({
        name: WorkspaceNameSchema,
        baseUrl: BaseUrlSchema,
        apiKey: ApiKeySchema,
        /** The user agreed to store the key although it is only obfuscated (Linux basic_text). */
        acceptWeakEncryption: z.boolean().optional(),
      })
      .strict(),
    WorkspaceInfoSchema,
  ),
  'workspaces.rename': call(z.object({ ...inWorkspace, name: WorkspaceNameSchema }).strict(), WorkspaceInfoSchema),
  'workspaces.setBaseUrl': call(z.object({ ...inWorkspace, baseUrl: BaseUrlSchema }).strict(), WorkspaceInfoSchema),
  'workspaces.setKey': call(
    z.object({ ...inWorkspace, apiKey: ApiKeySchema, acceptWeakEncryption: z.boolean().optional() }).strict(),
    WorkspaceInfoSchema,
  ),
  'workspaces.remove': call(z.object(inWorkspace).strict(), none),
  /** Test a candidate service before saving it, or a saved workspace (by id). */
  'workspaces.testConnection': call(
    z.union([z.object({ baseUrl: BaseUrlSchema, apiKey: ApiKeySchema }).strict(), z.object(inWorkspace).strict()]),
    ConnectionTestSchema,
  ),

  'links.list': call(listInput, LinkListSchema),
  'links.get': call(byId, LinkSchema),
  'links.create': call(z.strictObject({ ...serviceCall, input: LinkCreateSchema }), CreatedSchema),
  'links.update': call(
    z.strictObject({ ...serviceCall, id: serverId, input: LinkUpdateSchema }).superRefine((value, ctx) => {
      // real-service-notes: some releases fail when an update lacks email_reports[], and the read
      // shape does not show the current ids, so the caller (the sync engine remembers them) must send them.
      if (value.input.email_reports === undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['input', 'email_reports'],
          message: 'A link update must carry email_reports (the current handler ids, or [] for none)',
        });
      }
    }),
    UpdatedSchema,
  ),
  'links.delete': call(byId, none),

  'domains.list': call(listInput, DomainListSchema),
  'domains.get': call(byId, DomainSchema),
  'domains.create': call(z.strictObject({ ...serviceCall, input: DomainCreateSchema }), CreatedSchema),
  'domains.update': call(z.strictObject({ ...serviceCall, id: serverId, input: DomainUpdateSchema }), UpdatedSchema),
  'domains.delete': call(byId, none),

  'handlers.list': call(listInput, HandlerListSchema),
  'handlers.get': call(byId, HandlerSchema),
  'handlers.create': call(z.strictObject({ ...serviceCall, input: HandlerCreateSchema }), CreatedSchema),
  'handlers.update': call(z.strictObject({ ...serviceCall, id: serverId, input: HandlerUpdateSchema }), UpdatedSchema),
  'handlers.delete': call(byId, none),

  'rateLimit.get': call(z.object(inWorkspace).strict(), RateLimitStateSchema),

  /** Opens an http(s) address in the system browser; anything else is refused. */
  'shell.openExternal': call(z.object({ url: z.string().max(8192) }).strict(), none),
  'clipboard.writeText': call(z.object({ text: z.string().max(100_000) }).strict(), none),
} as const satisfies Record<CallName, { input: z.ZodType; output: z.ZodType }>;

export const events = {
  'workspaces.changed': z.array(WorkspaceInfoSchema),
  'rateLimit.changed': RateLimitStateSchema,
} as const satisfies Record<EventName, z.ZodType>;

export type Calls = typeof calls;
export type { CallName, EventName };
export type CallInput<N extends CallName> = z.input<Calls[N]['input']>;
export type CallOutput<N extends CallName> = z.output<Calls[N]['output']>;
export type Events = typeof events;
export type EventPayload<E extends EventName> = z.output<Events[E]>;


/** The one object the preload exposes as `window.linkdock`. */
export interface LinkdockBridge {
  invoke<N extends CallName>(name: N, input: CallInput<N>): Promise<unknown>;
  subscribe<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void;
}
