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

export interface CallHandlerDeps {
  workspaces: WorkspaceService<ServiceClient>;
  vault: KeyVault;
  openExternal: (url: string) => Promise<void>;
  writeClipboard: (text: string) => Promise<void>;
  /** Reads wait for a workspace's writes in flight (see write-fence.ts); one per main process. */
  fence?: WriteFence;
  accounts?: AccountCache;
}

/** Every call but the desktop shell's (src-main/desktop/desktop-calls.ts), which main-services merges in. */
export function createCallHandlers(deps: CallHandlerDeps): Omit<CallHandlers, DesktopCallName> {
  const { workspaces } = deps;
  const fence = deps.fence ?? createWriteFence();
  const accounts = deps.accounts ?? new AccountCache();
  const client = (workspaceId: string) => workspaces.client(workspaceId);
  const read = <T>(workspaceId: string, run: (c: ServiceClient) => Promise<T>) => fence.read(workspaceId, async () => run(await client(workspaceId)));
  const write = <T>(workspaceId: string, run: (c: ServiceClient) => Promise<T>) => fence.write(workspaceId, async () => run(await client(workspaceId)));
  const opts = (input: { priority?: 'interactive' | 'background' | undefined }) => ({ priority: input.priority ?? 'interactive' });
  const page = (input: { page?: number | undefined; resultsPerPage?: 10 | 25 | 50 | 100 | 250 | 500 | 1000 | undefined }) => ({
    ...(input.page !== undefined ? { page: input.page } : {}),
    ...(input.resultsPerPage !== undefined ? { resultsPerPage: input.resultsPerPage } : {}),
  });

  return {
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

    'links.list': (input) => read(input.workspaceId, (c) => c.listLinks(page(input), opts(input))),
    'links.get': (input) => read(input.workspaceId, (c) => c.getLink(input.id, opts(input))),
    'links.create': (input) => write(input.workspaceId, (c) => c.createLink(input.input, opts(input))),
    'links.update': (input) =>
      write(input.workspaceId, (c) => c.updateLink(input.id, { ...input.input, email_reports: input.input.email_reports ?? [] }, opts(input))),
    'links.delete': (input) =>
      write(input.workspaceId, async (c) => {
        await c.deleteLink(input.id, opts(input));
        return null;
      }),

    'domains.list': (input) => read(input.workspaceId, (c) => c.listDomains(page(input), opts(input))),
    'domains.get': (input) => read(input.workspaceId, (c) => c.getDomain(input.id, opts(input))),
    'domains.create': (input) => write(input.workspaceId, (c) => c.createDomain(input.input, opts(input))),
    'domains.update': (input) => write(input.workspaceId, (c) => c.updateDomain(input.id, input.input, opts(input))),
    'domains.delete': (input) =>
      write(input.workspaceId, async (c) => {
        await c.deleteDomain(input.id, opts(input));
        return null;
      }),

    'handlers.list': (input) => read(input.workspaceId, (c) => c.listHandlers(page(input), opts(input))),
    'handlers.get': (input) => read(input.workspaceId, (c) => c.getHandler(input.id, opts(input))),
    'handlers.create': (input) => write(input.workspaceId, (c) => c.createHandler(input.input, opts(input))),
    'handlers.update': (input) => write(input.workspaceId, (c) => c.updateHandler(input.id, input.input, opts(input))),
    'handlers.delete': (input) =>
      write(input.workspaceId, async (c) => {
        await c.deleteHandler(input.id, opts(input));
        return null;
      }),

    'rateLimit.get': async (input) => workspaces.rateLimit(input.workspaceId),
    'account.get': (input) =>
      accounts.get(input.workspaceId, () => read(input.workspaceId, (c) => c.getAccount({ priority: 'background' })), input.refresh === true),

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
  };
}
