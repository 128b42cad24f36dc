// What each contract call does in main. Inputs arrive already validated by the call router.
import type { CallHandlers } from './ipc/call-router.ts';
import type { DesktopCallName } from './desktop/desktop-calls.ts';
import { CallError } from '../src-preload/contract/index.ts';
import type { KeyVault } from './vault/key-vault.ts';
import type { WorkspaceService } from './workspaces/workspace-service.ts';
import type { ServiceClient } from './service/client.ts';
import { safeExternalUrl } from './security/external-url.ts';
import { AccountCache } from './workspaces/account-cache.ts';
import { createWriteFence, type WriteFence } from './workspaces/write-fence.ts';
import { createResourceHandlers } from './resource-handlers.ts';
import { createListingStreams } from './service/listing-streams.ts';

export interface CallHandlerDeps {
  workspaces: WorkspaceService<ServiceClient>;
  vault: KeyVault;
  openExternal: (url: string) => Promise<void>;
  writeClipboard: (text: string) => Promise<void>;
  /** Reads wait for a workspace's writes in flight (see write-fence.ts); one per main process. */
  fence?: WriteFence;
  accounts?: AccountCache;
  /** The diagnostics text (main-services builds it from the log and the workspace list). */
  diagnostics?: () => Promise<string>;
  /** Whether main reads a listing's pages ahead of the window asking for them (listing-streams.ts; the chaos simulation turns it off). */
  listingReadAhead?: boolean;
  /** Where the page's log lines go (bounded; main-services passes the app log's). */
  rendererLog?: (line: { level: 'info' | 'warn' | 'error'; message: string; workspaceId?: string | undefined }) => void;
}

/** Every call but the desktop shell's (src-main/desktop/desktop-calls.ts), which main-services merges in. */
export function createCallHandlers(deps: CallHandlerDeps): Omit<CallHandlers, DesktopCallName> {
  const { workspaces } = deps;
  const fence = deps.fence ?? createWriteFence();
  const accounts = deps.accounts ?? new AccountCache();
  const client = (workspaceId: string) => workspaces.client(workspaceId);
  const read = <T>(workspaceId: string, run: (c: ServiceClient) => Promise<T>) => fence.read(workspaceId, async () => run(await client(workspaceId)));

  // Listings read for a window: each page as a `<resource>.list` call reads it (after the workspace's
  // writes in flight), or as its ids only when the window holds it as listed.
  const listings = createListingStreams({
    fetchPage: (resource, { workspaceId, priority, page, resultsPerPage }, known) =>
      read(workspaceId, (c) => c.listingPage(resource, { page, resultsPerPage }, known, { priority })),
    ...(deps.listingReadAhead === undefined ? {} : { readAhead: deps.listingReadAhead }),
  });
  return {
    // Every resource call (`links.list`, `domains.update`, …), from the contract's resource table.
    resources: createResourceHandlers({ client, fence }),

    'listing.start': async (input) => listings.start(input),
    'listing.next': (input) => listings.next(input.listingId),
    'listing.stop': async (input) => {
      listings.stop(input.listingId);
      return null;
    },

    'vault.status': () => deps.vault.status(),

    'workspaces.list': () => workspaces.list(),
    'workspaces.add': (input) => workspaces.add(input),
    'workspaces.rename': (input) => workspaces.rename(input.workspaceId, input.name),
    'workspaces.setBaseUrl': ({ workspaceId, baseUrl, ...change }) => workspaces.setBaseUrl(workspaceId, baseUrl, change),
    'workspaces.setKey': (input) => workspaces.setKey(input.workspaceId, input.apiKey, input.acceptWeakEncryption === true),
    'workspaces.remove': async (input) => {
      await workspaces.remove(input.workspaceId);
      return null;
    },
    'workspaces.testConnection': (input) => workspaces.testConnection(input),

    'rateLimit.get': async (input) => workspaces.rateLimit(input.workspaceId),
    'account.get': (input) =>
      accounts.get(input.workspaceId, () => read(input.workspaceId, (c) => c.getAccount({ priority: 'background' })), input.refresh === true),
    // A read like a resource's: through the workspace's one budget, after its writes in flight.
    'statistics.get': ({ workspaceId, priority, linkId, startDate, endDate, type }) =>
      read(workspaceId, (c) => c.statistics(linkId, { startDate, endDate, type }, { priority: priority ?? 'interactive' })),

    'shell.openExternal': async (input) => {
      const url = safeExternalUrl(input.url);
      if (!url) throw new CallError({ kind: 'invalid-input', field: 'url', message: 'Only http:// and https:// links can be opened.' });
      await deps.openExternal(url);
      return null;
    },
    'clipboard.writeText': async (input) => {
      await deps.writeClipboard(input.text);
      return null;
    },
    'app.diagnostics': async () => {
      if (!deps.diagnostics) throw new CallError({ kind: 'not-available', message: 'Diagnostics are not available here.' });
      return { text: await deps.diagnostics() };
    },
    'app.log': async (input) => {
      deps.rendererLog?.(input);
      return null;
    },
  };
}
