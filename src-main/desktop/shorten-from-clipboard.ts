// "Shorten URL from clipboard" (tray item and global shortcut): main picks the alias, builds the
// short URL, records the request durably, puts the short URL on the clipboard at once — online or
// offline — and hands the request to the renderer, whose outbox creates the link when it can.
import { randomUUID } from 'node:crypto';
import { isHttpUrl, type ShortenRequest } from '../../src-preload/contract/index.ts';
import { tryBuildShortUrl } from '../service/short-url.ts';
import { generateAlias } from './alias.ts';
import type { Notify } from './notice.ts';
import type { ShortenQueue } from './shorten-queue.ts';

export interface ShortenDeps {
  /** Electron's clipboard is asynchronous (Electron 45); a fake may answer at once. */
  readClipboard(): string | Promise<string>;
  writeClipboard(text: string): void | Promise<void>;
  notify: Notify;
  /** The workspace the user is in (the tray's current one), or null when there is none. */
  currentWorkspace(): { id: string; name: string; baseUrl: string } | null;
  queue: Pick<ShortenQueue, 'add'>;
  /** Sends the request to every renderer (the `links.shortenRequested` event). */
  deliver(request: ShortenRequest): void;
  /** Brings the window up, for notices the user must act on. */
  openApp(): void;
  newAlias?: () => string;
  newRequestId?: () => string;
  now?: () => number;
}

export type ShortenOutcome =
  { ok: true; request: ShortenRequest } | { ok: false; reason: 'not-a-url' | 'no-workspace' | 'bad-workspace-url' | 'not-saved'; message: string };

const MAX_URL_LENGTH = 2048;

/** The clipboard's web address, or why there is none, in words a notice can show. */
export async function clipboardUrl(readClipboard: ShortenDeps['readClipboard']): Promise<{ url: string } | { url: null; message: string }> {
  let text: string;
  try {
    text = (await readClipboard()).trim();
  } catch (error) {
    return { url: null, message: `The clipboard could not be read: ${error instanceof Error ? error.message : String(error)}` };
  }
  if (text.length === 0) return { url: null, message: 'The clipboard is empty.' };
  if (text.length > MAX_URL_LENGTH || /\s/.test(text) || !isHttpUrl(text)) {
    return { url: null, message: 'The clipboard holds no web address (an http:// or https:// address).' };
  }
  return { url: text };
}

export async function shortenFromClipboard(deps: ShortenDeps): Promise<ShortenOutcome> {
  // The clipboard is read only when there is somewhere to shorten into, and of what it holds only a
  // web address leaves main (in the request and its notice); other text reaches neither.
  const workspace = deps.currentWorkspace();
  if (!workspace) {
    const message = 'Add a workspace in Linkdock first.';
    deps.notify({ title: 'No workspace to shorten into', body: message, onClick: deps.openApp });
    return { ok: false, reason: 'no-workspace', message };
  }
  const read = await clipboardUrl(deps.readClipboard);
  if (read.url === null) {
    deps.notify({ title: 'Nothing to shorten', body: `${read.message} Copy a web address, then try again.` });
    return { ok: false, reason: 'not-a-url', message: read.message };
  }
  return placeShortenRequest(deps, { workspace, location_url: read.url });
}

export type PlaceDeps = Pick<ShortenDeps, 'writeClipboard' | 'notify' | 'queue' | 'deliver' | 'openApp' | 'newAlias' | 'newRequestId' | 'now'>;

/**
 * Builds the short URL, records the request durably, copies the short URL and hands the request to
 * the renderer. Shared by the one-step shorten and the Shorten window (which may choose the domain
 * and the alias): the short URL copied is always the one the outbox will create.
 */
export async function placeShortenRequest(
  deps: PlaceDeps,
  choice: {
    workspace: { id: string; name: string; baseUrl: string };
    location_url: string;
    /** A custom domain (its server id, scheme and host); absent: the main domain. */
    domain?: { id: number; scheme: string; host: string };
    /** Absent: a generated one. */
    alias?: string;
  },
): Promise<ShortenOutcome> {
  const { workspace, location_url: text, domain } = choice;
  const alias = choice.alias ?? (deps.newAlias ?? generateAlias)();
  const shortUrl = tryBuildShortUrl({ baseUrl: workspace.baseUrl, link: { url: alias, domain_id: domain?.id ?? 0 }, domain: domain ?? null });
  if (shortUrl === null) {
    const message = domain
      ? `The domain ${domain.host} cannot make a short URL. Check it in the workspace's Domains.`
      : `The address of workspace "${workspace.name}" is not a valid URL. Fix it in the workspace settings.`;
    deps.notify({ title: 'Could not shorten', body: message, onClick: deps.openApp });
    return { ok: false, reason: 'bad-workspace-url', message };
  }
  const request: ShortenRequest = {
    requestId: (deps.newRequestId ?? randomUUID)(),
    workspaceId: workspace.id,
    location_url: text,
    url: alias,
    ...(domain ? { domain_id: domain.id } : {}),
    shortUrl,
    requestedAt: (deps.now ?? Date.now)(),
  };
  try {
    // On disk before the clipboard changes: a short URL in use must never belong to a forgotten request.
    await deps.queue.add(request);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    deps.notify({ title: 'Could not shorten', body: `The request could not be saved: ${message}` });
    return { ok: false, reason: 'not-saved', message };
  }
  let copyFailure: string | null = null;
  try {
    await deps.writeClipboard(shortUrl);
  } catch (error) {
    copyFailure = error instanceof Error ? error.message : String(error);
  }
  // Queued whatever the clipboard did: the link is made either way.
  deps.deliver(request);
  if (copyFailure !== null) {
    deps.notify({ title: 'Short URL not copied', body: `${shortUrl} will be created, but the clipboard refused it: ${copyFailure}` });
  } else {
    deps.notify({ title: 'Short URL copied', body: `${shortUrl}\n→ ${text.length > 120 ? `${text.slice(0, 119)}…` : text}` });
  }
  return { ok: true, request };
}
