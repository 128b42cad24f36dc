// Every call the renderer may make and every event main may send. Main validates each call's
// input against its schema before anything else runs; the preload allows exactly these names.
// The resource calls (`links.list`, `domains.update`, …) come from the resource table.
import './plain-messages.ts'; // before any schema parses: every message in plain words
import { z } from 'zod';
import { call, inWorkspace, none, nothing, serviceCall, WorkspaceIdSchema, type CallSchema } from './call-envelope.ts';
import { CallErrorSchema } from './errors.ts';
import { DesktopSettingsPatchSchema, DesktopSettingsSchema, ThemeChoiceSchema } from './desktop-settings.ts';
import { ShortenContextSchema, ShortenRequestSchema, ShortenSubmitSchema, SyncProblemSchema, TrayCacheSchema } from './desktop-shell.ts';
import { INPUT_BOUNDS as MAX } from './inputs.ts';
import type { CallName, EventName } from './names.ts';
import { INSECURE_HTTP_WARNING, isInsecureHttp } from './origin.ts';
import { resourceCallSchema, type ResourceTable } from './resource-table.ts';
import type { ResourceCallName, ResourceName, ResourceVerb } from './resource-names.ts';
import { AccountSchema, ListMetaSchema, ResultsPerPageSchema, type ListEnvelope } from './resources.ts';
import { RESOURCES } from './resource-names.ts';
import { StatisticsInputSchema, StatisticsSchema } from './statistics.ts';
import { isListedPage, type ListedPage } from './listed-page.ts';

export { WorkspaceIdSchema, PrioritySchema, type Priority, type CallSchema } from './call-envelope.ts';

export const BaseUrlSchema = z
  .string()
  .trim()
  .max(MAX.baseUrl)
  .refine((value) => {
    if (!URL.canParse(value)) return false;
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && !url.username && !url.password && !url.search && !url.hash;
  }, 'Enter the service address, such as https://links.example.com/ (http or https, no credentials, query or fragment)');

/** What an API key can be: visible ASCII only, so it fits in an Authorization header as typed. */
export function isApiKeyText(key: string): boolean {
  return /^[\x21-\x7e]+$/.test(key);
}

export const ApiKeySchema = z
  .string()
  .trim()
  .min(1, 'API key is required')
  .max(MAX.apiKey, 'API key is too long')
  .refine(isApiKeyText, 'An API key has no spaces or control characters');

/** Main's name for a listing it reads for a window: unguessable, so only the window told it can read on. */
export const ListingIdSchema = z.string().check(z.maxLength(MAX.listingId, { abort: true }), z.regex(/^[A-Za-z0-9_-]{16,64}$/));

/** A page listed exactly as the window said it holds it (its hash): what the window needs besides. */
export const UnchangedPageSchema = z.object({
  hash: z.string(),
  meta: ListMetaSchema,
  /** Every row's id, in the page's order, and its click count (0 for a row without one). */
  ids: z.array(z.number()),
  clicks: z.array(z.number()),
});
export type UnchangedPage = z.infer<typeof UnchangedPageSchema>;

/**
 * A page of a listing: its rows (as main's handler reads them), the same as one text with heads (as
 * they reach the window: listed-page.ts), or only that it is as the window holds it.
 */
export const ListingPageSchema = z.union([
  // (Checked by the service client already; only that it is there, so that no shape passes for another.)
  z.strictObject({ page: z.number().int().positive(), envelope: z.custom<ListEnvelope<unknown>>((value) => typeof value === 'object' && value !== null) }),
  z.strictObject({ page: z.number().int().positive(), listed: z.custom<ListedPage>(isListedPage) }),
  z.strictObject({ page: z.number().int().positive(), unchanged: UnchangedPageSchema }),
]);
export type ListingPage = z.infer<typeof ListingPageSchema>;

export const WorkspaceNameSchema = z.string().trim().min(1, 'Name is required').max(MAX.workspaceName, 'Name is too long');

/** The user confirmed plain http to a host that is not this machine; main remembers it on the workspace. */
const AllowInsecureHttpSchema = z.boolean().optional();

/** Plain http to another machine carries the key in clear text: only with the user's confirmation. */
function httpOnlyWhenSafeOrConfirmed(value: { baseUrl: string; allowInsecureHttp?: boolean | undefined }, ctx: z.RefinementCtx): void {
  if (isInsecureHttp(value.baseUrl) && value.allowInsecureHttp !== true) {
    ctx.addIssue({ code: 'custom', path: ['baseUrl'], message: `${INSECURE_HTTP_WARNING} Confirm to use it anyway.` });
  }
}

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

export const AccountStateSchema = z.object({
  /** Null when the service has no account call (the document's minimum) or has not answered yet. */
  account: AccountSchema.nullable(),
  /** False when the service answered that it has no such call. */
  supported: z.boolean(),
  /** Epoch ms of the answer. */
  fetchedAt: z.number().nullable(),
});
export type AccountState = z.infer<typeof AccountStateSchema>;

export * from './desktop-shell.ts';
export * from './desktop-settings.ts';

/** Screens main can ask the renderer to show (tray, app menu, notification clicks). */
export const APP_VIEWS = ['links', 'new-link', 'pending', 'settings'] as const;

/** The calls that are not a resource's: workspaces, the vault, the desktop and the like. */
export const appCalls = {
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
        allowInsecureHttp: AllowInsecureHttpSchema,
      })
      .strict()
      .superRefine(httpOnlyWhenSafeOrConfirmed),
    WorkspaceInfoSchema,
  ),
  'workspaces.rename': call(z.object({ ...inWorkspace, name: WorkspaceNameSchema }).strict(), WorkspaceInfoSchema),
  /**
   * Another path on the same origin keeps the key; another origin (scheme, host, port) needs
   * `apiKey`, the key for that server, or main refuses (field `apiKey`).
   */
  'workspaces.setBaseUrl': call(
    z
      .object({
        ...inWorkspace,
        baseUrl: BaseUrlSchema,
        apiKey: ApiKeySchema.optional(),
        acceptWeakEncryption: z.boolean().optional(),
        allowInsecureHttp: AllowInsecureHttpSchema,
      })
      .strict()
      .superRefine(httpOnlyWhenSafeOrConfirmed),
    WorkspaceInfoSchema,
  ),
  'workspaces.setKey': call(z.object({ ...inWorkspace, apiKey: ApiKeySchema, acceptWeakEncryption: z.boolean().optional() }).strict(), WorkspaceInfoSchema),
  'workspaces.remove': call(z.object(inWorkspace).strict(), none),
  /** Test a candidate service before saving it, a saved workspace (by id), or a new key for a saved workspace. */
  'workspaces.testConnection': call(
    z.union([
      z.object({ baseUrl: BaseUrlSchema, apiKey: ApiKeySchema, allowInsecureHttp: AllowInsecureHttpSchema }).strict().superRefine(httpOnlyWhenSafeOrConfirmed),
      z.object({ ...inWorkspace, apiKey: ApiKeySchema.optional() }).strict(),
    ]),
    ConnectionTestSchema,
  ),

  'rateLimit.get': call(z.object(inWorkspace).strict(), RateLimitStateSchema),
  /** The account behind the key (real deployments' `GET /api/user`), read at most twice a day unless `refresh`. */
  'account.get': call(z.object({ ...inWorkspace, refresh: z.boolean().optional() }).strict(), AccountStateSchema),
  /**
   * One link's click statistics between two days (real deployments' `GET /api/statistics`), within
   * the workspace's request budget. A service without them answers `not-available`: the app then
   * uses its own click samples.
   */
  'statistics.get': call(StatisticsInputSchema, StatisticsSchema),

  /**
   * A listing main reads for the window (#19): the pages given, fetched a few at a time through
   * the workspace's budget and handed over as they arrive by `listing.next`. Main keeps a few
   * pages ahead of the reader and drops a listing nobody asks on (ListingStreams).
   */
  'listing.start': call(
    z.strictObject({
      ...serviceCall,
      resource: z.enum(RESOURCES as [ResourceName, ...ResourceName[]]),
      pages: z.array(z.number().int().positive().max(MAX.pageNumber)).min(1).max(MAX.listingPages),
      resultsPerPage: ResultsPerPageSchema,
      /** Pages in flight at once (main's default otherwise). */
      concurrency: z.number().int().min(1).max(8).optional(),
      /**
       * The hash (page-hash.ts) of pages the window holds exactly as listed: such a page, listed
       * the same, comes back as its ids and click counts only (`unchanged`).
       */
      known: z
        .array(z.strictObject({ page: z.number().int().positive().max(MAX.pageNumber), hash: z.string().max(MAX.pageHash) }))
        .max(MAX.listingPages)
        .optional(),
    }),
    z.object({ listingId: ListingIdSchema }),
  ),
  /**
   * The oldest page read and not yet handed over (one a call, so that the window takes each in a
   * task of its own), once there is one; none when the listing is done or failed (or another
   * call of the same reader took it). `done`: every page was handed over, or the listing failed
   * at `failure.page` (later pages are not read).
   */
  'listing.next': call(
    z.strictObject({ listingId: ListingIdSchema }),
    z.object({
      pages: z.array(ListingPageSchema),
      done: z.boolean(),
      failure: z.object({ page: z.number().int().positive(), error: CallErrorSchema }).nullable(),
    }),
  ),
  /** The reader is done with a listing before its end: main reads no more of it. */
  'listing.stop': call(z.strictObject({ listingId: ListingIdSchema }), none),

  /** Opens an http(s) address in the system browser; anything else is refused. */
  'shell.openExternal': call(z.object({ url: z.string().max(MAX.externalUrl) }).strict(), none),
  'clipboard.writeText': call(z.object({ text: z.string().max(MAX.clipboardText) }).strict(), none),
  /**
   * Versions, system, workspace and pending counts, the last errors: text for a bug report (Help →
   * Copy Diagnostics). No workspace names, addresses or keys.
   */
  'app.diagnostics': call(nothing, z.object({ text: z.string().max(200_000) })),
  /**
   * A line for main's log from the page: what the sync engine decided, the page's uncaught errors.
   * Main cleans it of keys, and drops lines past its per-minute bound.
   */
  'app.log': call(
    z.object({ level: z.enum(['info', 'warn', 'error']), message: z.string().max(MAX.logMessage), workspaceId: WorkspaceIdSchema.optional() }).strict(),
    none,
  ),

  /** The workspace the renderer shows; the tray and shorten-from-clipboard use it. */
  'workspaces.getCurrent': call(nothing, z.object({ workspaceId: WorkspaceIdSchema.nullable() })),
  'workspaces.setCurrent': call(z.object(inWorkspace).strict(), none),
  /** The renderer sends this whenever the mirror changes what the tray shows. */
  'tray.updateCache': call(TrayCacheSchema.strict(), none),
  /** A workspace syncing off screen: its status only (its links stay as last sent with updateCache). */
  'tray.updateStatus': call(TrayCacheSchema.pick({ workspaceId: true, status: true }).strict(), none),
  /** Shorten requests main holds until acknowledged (also re-sent as events when a window loads). */
  'links.shortenPending': call(nothing, z.array(ShortenRequestSchema)),
  'links.shortenAccepted': call(z.object({ requestId: z.string().max(MAX.requestId) }).strict(), none),
  /** A sync failure, conflict or refused key, shown as a native notification. */
  'notify.syncProblem': call(SyncProblemSchema, none),
  'desktop.getSettings': call(nothing, DesktopSettingsSchema),
  'desktop.setSettings': call(DesktopSettingsPatchSchema, DesktopSettingsSchema),
  /** The theme picked in Settings → Appearance: main's own menus, dialogs and title bar follow it. */
  'desktop.setTheme': call(z.object({ theme: ThemeChoiceSchema }).strict(), none),
  /** Brings back the Sandbox workspace after the user removed it: a new, demo-filled account on loopback. */
  'desktop.restoreSandbox': call(nothing, z.object({ workspaceId: WorkspaceIdSchema })),
  /** The Shorten window (tray → Shorten Clipboard…): what it offers. The only calls that window may make are SHORTEN_WINDOW_CALLS. */
  'shortenWindow.context': call(nothing, ShortenContextSchema),
  /** Queues the link through the main window's outbox (as shorten from clipboard does), copies its short URL and closes the window. */
  'shortenWindow.submit': call(ShortenSubmitSchema, z.object({ shortUrl: z.string() })),
  'shortenWindow.close': call(nothing, none),
} as const satisfies Record<AppCallName, CallSchema>;

export const events = {
  'workspaces.changed': z.array(WorkspaceInfoSchema),
  'rateLimit.changed': RateLimitStateSchema,
  'workspaces.currentChanged': z.object({ workspaceId: WorkspaceIdSchema }),
  'links.shortenRequested': ShortenRequestSchema,
  /** The user asked for a sync (tray, app menu). */
  'sync.requested': z.object({ workspaceId: WorkspaceIdSchema }),
  'app.navigate': z.object({ view: z.enum(APP_VIEWS), workspaceId: WorkspaceIdSchema.optional() }),
} as const satisfies Record<EventName, z.ZodType>;

/** Calls that are not `<resource>.<verb>`. */
export type AppCallName = Exclude<CallName, ResourceCallName>;
type AppCalls = typeof appCalls;

/** The schemas of a call, exactly typed: a resource call's from the resource table. */
export type CallSchemaOf<N extends CallName> = N extends `${infer R extends ResourceName}.${infer V extends ResourceVerb}`
  ? ResourceTable[R]['calls'][V]
  : N extends AppCallName
    ? AppCalls[N]
    : never;
export type { CallName, EventName };
/** What the renderer sends. */
export type CallInput<N extends CallName> = z.input<CallSchemaOf<N>['input']>;
/** What main's handler receives, once the input passed its schema. */
export type ParsedCallInput<N extends CallName> = z.output<CallSchemaOf<N>['input']>;
export type CallOutput<N extends CallName> = z.output<CallSchemaOf<N>['output']>;
export type Events = typeof events;
export type EventPayload<E extends EventName> = z.output<Events[E]>;

const APP_CALL_SCHEMAS = new Map<string, CallSchema>(Object.entries(appCalls));

/** The schemas of any contract call; undefined for a name outside the contract. */
export function callSchema(name: string): CallSchema | undefined {
  return resourceCallSchema(name) ?? APP_CALL_SCHEMAS.get(name);
}

/** The one object the preload exposes as `window.linkdock`. */
export interface LinkdockBridge {
  invoke<N extends CallName>(name: N, input: CallInput<N>): Promise<unknown>;
  subscribe<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void;
}
