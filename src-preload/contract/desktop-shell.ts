// What the desktop shell and the window exchange besides settings: the tray's cache, shorten
// requests (from the clipboard and the Shorten window) and sync problems shown as notifications.
// calls.ts re-exports it, so every import of these names stays as it was.
import { z } from 'zod';
import { inWorkspace, WorkspaceIdSchema } from './call-envelope.ts';
import { AliasSchema, HttpUrlSchema, INPUT_BOUNDS as MAX } from './inputs.ts';

/** One link as the tray shows it; the renderer computes the short URL from its mirror. */
export const TrayLinkSchema = z.object({
  /** The mirror's client id. */
  id: z.string().min(1).max(MAX.trayLinkId),
  /** What the menu shows: the link's title or alias. */
  label: z.string().max(MAX.trayLabel),
  shortUrl: HttpUrlSchema,
});
export type TrayLink = z.infer<typeof TrayLinkSchema>;

/** A custom domain the service has (a server id), as the Shorten window offers it. */
export const TrayDomainSchema = z.object({
  id: z.number().int().positive(),
  host: z.string().min(1).max(MAX.host),
  scheme: z.string().max(MAX.scheme),
});
export type TrayDomain = z.infer<typeof TrayDomainSchema>;

/** What the tray shows for one workspace, kept by main so the tray has data before any window loads. */
export const TrayCacheSchema = z.object({
  workspaceId: WorkspaceIdSchema,
  /** The workspace's custom domains in the mirror, for the Shorten window's Domain choice. */
  domains: z.array(TrayDomainSchema).max(MAX.trayDomains).optional(),
  /** The most recent links, newest first (the tray shows 10). */
  recent: z.array(TrayLinkSchema).max(MAX.trayRecent),
  pinned: z.array(TrayLinkSchema).max(MAX.trayPinned),
  status: z.object({
    online: z.boolean(),
    /** Outbox operations not yet confirmed by the service. */
    pending: z.number().int().min(0),
    /** Operations that failed or are in conflict (shown in Pending changes). */
    problems: z.number().int().min(0),
  }),
});
export type TrayCache = z.infer<typeof TrayCacheSchema>;
export type TrayStatus = TrayCache['status'];

/**
 * A link main asks the renderer to create through its outbox (shorten from clipboard). Main already
 * put `shortUrl` on the clipboard; the renderer acknowledges with `links.shortenAccepted` once the
 * outbox holds it, and must treat a repeated requestId as the same request.
 */
export const ShortenRequestSchema = z.object({
  requestId: z.string().regex(/^[a-zA-Z0-9-]{8,64}$/),
  workspaceId: WorkspaceIdSchema,
  location_url: HttpUrlSchema,
  /** The alias, client-generated unless the user chose it (the Shorten window). */
  url: AliasSchema,
  /** The domain's server id; absent or 0: the main domain. */
  domain_id: z.number().int().min(0).optional(),
  shortUrl: z.string(),
  /** Epoch ms. */
  requestedAt: z.number(),
});
export type ShortenRequest = z.infer<typeof ShortenRequestSchema>;

/** What the Shorten window shows: the clipboard's text (when it is a web address) and where a link can go. */
export const ShortenContextSchema = z.object({
  /** The clipboard's web address, or '' when it holds none. */
  location_url: z.string().max(2048),
  /** Why the destination is not prefilled (the clipboard is empty or holds no web address), or null. */
  clipboardNote: z.string().nullable(),
  currentId: WorkspaceIdSchema.nullable(),
  workspaces: z.array(
    z.object({
      id: WorkspaceIdSchema,
      name: z.string(),
      /** Where a main-domain link lives: the workspace's site URL. */
      mainHost: z.string(),
      domains: z.array(TrayDomainSchema),
    }),
  ),
});
export type ShortenContext = z.infer<typeof ShortenContextSchema>;

export const ShortenSubmitSchema = z
  .object({
    ...inWorkspace,
    location_url: HttpUrlSchema,
    /** 0 or absent: the main domain. */
    domain_id: z.number().int().min(0).optional(),
    /** Empty or absent: Linkdock picks one. */
    alias: z.union([z.literal(''), AliasSchema]).optional(),
  })
  .strict();

export const SYNC_PROBLEM_KINDS = ['failed', 'conflict', 'key-refused'] as const;
export const SyncProblemSchema = z
  .object({
    kind: z.enum(SYNC_PROBLEM_KINDS),
    workspaceId: WorkspaceIdSchema.optional(),
    title: z.string().trim().min(1).max(MAX.noticeTitle),
    body: z.string().max(MAX.noticeBody),
  })
  .strict();
export type SyncProblem = z.infer<typeof SyncProblemSchema>;
