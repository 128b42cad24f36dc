// The Shorten window (tray → "Shorten Clipboard…"): a small window of the renderer showing only a
// Shorten form, for when the user wants to choose the domain and the alias. It holds no mirror and
// runs no sync engine: it asks main for what to offer (the clipboard, each workspace's domains from
// the tray cache the main window keeps) and sends its choice to main, which queues it for the main
// window's outbox exactly like the one-step shorten. One window at a time: a second use focuses it.
import { CallError, siteUrl, type SHORTEN_WINDOW_CALLS, type ShortenContext, type TrayDomain } from '../../src-preload/contract/index.ts';
import type { DesktopCallHandlers } from './desktop-calls.ts';
import { clipboardUrl, placeShortenRequest, type PlaceDeps, type ShortenDeps } from './shorten-from-clipboard.ts';

/** The parts of the small BrowserWindow this module uses. */
export interface ShortenWindowPort {
  readonly webContents: { readonly id: number };
  on(event: 'closed', listener: () => void): unknown;
  isDestroyed(): boolean;
  isMinimized(): boolean;
  restore(): void;
  show(): void;
  focus(): void;
  close(): void;
}

type Workspace = { id: string; name: string; baseUrl: string };

export interface ShortenWindowDeps extends PlaceDeps {
  createWindow(): ShortenWindowPort;
  readClipboard: ShortenDeps['readClipboard'];
  workspaces(): Workspace[];
  currentWorkspace(): Workspace | null;
  /** The workspace's custom domains, as the main window last reported them (the tray cache). */
  domainsOf(workspaceId: string): TrayDomain[];
}

function hostOf(baseUrl: string): string {
  try {
    const site = new URL(siteUrl(baseUrl));
    return site.host + site.pathname.replace(/\/$/, '');
  } catch {
    return baseUrl;
  }
}

export class ShortenWindow {
  private window: ShortenWindowPort | null = null;
  private readonly deps: ShortenWindowDeps;

  constructor(deps: ShortenWindowDeps) {
    this.deps = deps;
  }

  /** Shows the window, made once: a second use brings the open one forward. */
  open(): void {
    const live = this.live();
    if (live) {
      if (live.isMinimized()) live.restore();
      live.show();
      live.focus();
      return;
    }
    const created = this.deps.createWindow();
    this.window = created;
    created.on('closed', () => {
      if (this.window === created) this.window = null;
    });
  }

  /** The window's webContents id, for the IPC sender check (it may make SHORTEN_WINDOW_CALLS only). */
  ids(): number[] {
    const live = this.live();
    return live ? [live.webContents.id] : [];
  }

  close(): void {
    const live = this.live();
    this.window = null;
    live?.close();
  }

  async context(): Promise<ShortenContext> {
    const read = await clipboardUrl(this.deps.readClipboard);
    return {
      location_url: read.url ?? '',
      clipboardNote: read.url === null ? `${read.message} Paste or type the address to shorten.` : null,
      currentId: this.deps.currentWorkspace()?.id ?? null,
      workspaces: this.deps.workspaces().map((w) => ({ id: w.id, name: w.name, mainHost: hostOf(w.baseUrl), domains: this.deps.domainsOf(w.id) })),
    };
  }

  /** Input already passed the contract's schema; what it names must still exist. */
  async submit(input: {
    workspaceId: string;
    location_url: string;
    domain_id?: number | undefined;
    alias?: string | undefined;
  }): Promise<{ shortUrl: string }> {
    const workspace = this.deps.workspaces().find((w) => w.id === input.workspaceId);
    if (!workspace) throw new CallError({ kind: 'workspace-not-found', message: 'That workspace no longer exists.' });
    const domainId = input.domain_id ?? 0;
    const domain = domainId === 0 ? undefined : this.deps.domainsOf(workspace.id).find((d) => d.id === domainId);
    if (domainId !== 0 && !domain) {
      throw new CallError({ kind: 'invalid-input', field: 'domain_id', message: "That domain is not in the workspace's Domains list." });
    }
    const alias = input.alias ? input.alias : undefined;
    const outcome = await placeShortenRequest(this.deps, {
      workspace,
      location_url: input.location_url,
      ...(domain ? { domain } : {}),
      ...(alias ? { alias } : {}),
    });
    if (!outcome.ok) throw new CallError({ kind: 'invalid-input', message: outcome.message });
    this.close();
    return { shortUrl: outcome.request.shortUrl };
  }

  private live(): ShortenWindowPort | null {
    return this.window && !this.window.isDestroyed() ? this.window : null;
  }
}

export type ShortenWindowCallName = (typeof SHORTEN_WINDOW_CALLS)[number];

/** The contract calls of the Shorten window; each waits until the shell has read its stores. */
export function shortenWindowCalls(window: ShortenWindow, ready: Promise<void>): Pick<DesktopCallHandlers, ShortenWindowCallName> {
  return {
    'shortenWindow.context': async () => {
      await ready;
      return window.context();
    },
    'shortenWindow.submit': async (input) => {
      await ready;
      return window.submit(input);
    },
    'shortenWindow.close': async () => {
      window.close();
      return null;
    },
  };
}
