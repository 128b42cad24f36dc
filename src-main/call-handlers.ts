// What each contract call does in main. Inputs arrive already validated by the call router.
import type { CallHandlers } from './ipc/call-router.ts';
import type { DesktopCallName } from './desktop/desktop-calls.ts';
import { CallError } from '../src-preload/contract/index.ts';
import type { KeyVault } from './vault/key-vault.ts';
import type { WorkspaceService } from './workspaces/workspace-service.ts';
import type { ServiceClient } from './service/client.ts';
import { safeExternalUrl } from './security/external-url.ts';

export interface CallHandlerDeps {
  workspaces: WorkspaceService<ServiceClient>;
  vault: KeyVault;
  openExternal: (url: string) => Promise<void>;
  writeClipboard: (text: string) => Promise<void>;
}

/** Every call but the desktop shell's (src-main/desktop/desktop-calls.ts), which main-services merges in. */
export function createCallHandlers(deps: CallHandlerDeps): Omit<CallHandlers, DesktopCallName> {
  const { workspaces } = deps;
  const client = (workspaceId: string) => workspaces.client(workspaceId);
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
    'workspaces.setBaseUrl': (input) => workspaces.setBaseUrl(input.workspaceId, input.baseUrl),
    'workspaces.setKey': (input) => workspaces.setKey(input.workspaceId, input.apiKey, input.acceptWeakEncryption === true),
    'workspaces.remove': async (input) => {
      await workspaces.remove(input.workspaceId);
      return null;
    },
    'workspaces.testConnection': (input) => workspaces.testConnection(input),

    'links.list': async (input) => (await client(input.workspaceId)).listLinks(page(input), opts(input)),
    'links.get': async (input) => (await client(input.workspaceId)).getLink(input.id, opts(input)),
    'links.create': async (input) => (await client(input.workspaceId)).createLink(input.input, opts(input)),
    'links.update': async (input) =>
      (await client(input.workspaceId)).updateLink(input.id, { ...input.input, email_reports: input.input.email_reports ?? [] }, opts(input)),
    'links.delete': async (input) => {
      await (await client(input.workspaceId)).deleteLink(input.id, opts(input));
      return null;
    },

    'domains.list': async (input) => (await client(input.workspaceId)).listDomains(page(input), opts(input)),
    'domains.get': async (input) => (await client(input.workspaceId)).getDomain(input.id, opts(input)),
    'domains.create': async (input) => (await client(input.workspaceId)).createDomain(input.input, opts(input)),
    'domains.update': async (input) => (await client(input.workspaceId)).updateDomain(input.id, input.input, opts(input)),
    'domains.delete': async (input) => {
      await (await client(input.workspaceId)).deleteDomain(input.id, opts(input));
      return null;
    },

    'handlers.list': async (input) => (await client(input.workspaceId)).listHandlers(page(input), opts(input)),
    'handlers.get': async (input) => (await client(input.workspaceId)).getHandler(input.id, opts(input)),
    'handlers.create': async (input) => (await client(input.workspaceId)).createHandler(input.input, opts(input)),
    'handlers.update': async (input) => (await client(input.workspaceId)).updateHandler(input.id, input.input, opts(input)),
    'handlers.delete': async (input) => {
      await (await client(input.workspaceId)).deleteHandler(input.id, opts(input));
      return null;
    },

    'rateLimit.get': async (input) => workspaces.rateLimit(input.workspaceId),

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
