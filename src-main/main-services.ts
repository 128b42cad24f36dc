// The main-process services behind the contract, free of Electron: the app's composition root
// hands in Electron's objects, the web preview hands in Node stand-ins, tests hand in doubles.
import path from 'node:path';
import type { Dispatcher } from 'undici';
import type { EventName, EventPayload, RateLimitState } from '../src-preload/contract/index.ts';
import { createCallHandlers } from './call-handlers.ts';
import type { DesktopCallHandlers } from './desktop/desktop-calls.ts';
import { headlessDesktopCalls } from './desktop/headless-calls.ts';
import { createCallRouter, type CallRouter } from './ipc/call-router.ts';
import { redactSecrets } from './security/redact.ts';
import { RequestBudget, type BudgetState, type Clock } from './service/budget.ts';
import { ServiceClient } from './service/client.ts';
import { testConnection } from './service/connection-test.ts';
import type { Timers } from './service/transport.ts';
import { KeyVault, type Cipher } from './vault/key-vault.ts';
import { WorkspaceService, type WorkspaceClientFactory } from './workspaces/workspace-service.ts';
import { WorkspaceStore, type LoadReport } from './workspaces/workspace-store.ts';

export interface MainServicesOptions {
  /** The user data folder: workspaces.json and keys/ live here. */
  userDataDir: string;
  cipher: Cipher;
  openExternal: (url: string) => Promise<void>;
  writeClipboard: (text: string) => Promise<void>;
  /** Main → renderer events. */
  emit: <E extends EventName>(event: E, payload: EventPayload<E>) => void;
  logError?: (message: string) => void;
  /** Tests may route requests through their own dispatcher. */
  dispatcher?: Dispatcher;
  /** Time for rate-limit windows and request timeouts (default the system's; the chaos suite's virtual clock). */
  clock?: Clock & Timers;
  /** The tray/shortcut/notification calls (the desktop shell's); without a desktop, harmless stand-ins. */
  desktopCalls?: DesktopCallHandlers;
  /** Without a desktop shell (the preview): how "bring back the sandbox" is answered. */
  restoreSandbox?: () => Promise<{ workspaceId: string }>;
}

export interface MainServices {
  router: CallRouter;
  workspaces: WorkspaceService<ServiceClient>;
  vault: KeyVault;
  store: WorkspaceStore;
  /** What loading the workspace list found (a damaged file moved aside). */
  loadReport: LoadReport;
}

export async function createMainServices(options: MainServicesOptions): Promise<MainServices> {
  const store = new WorkspaceStore({ dir: options.userDataDir });
  const loadReport = await store.load();
  const vault = new KeyVault({ dir: path.join(options.userDataDir, 'keys'), cipher: options.cipher });
  // Events leave main like call results do: cleaned of every key (issue #14).
  const emit: MainServicesOptions['emit'] = (event, payload) => options.emit(event, redactSecrets(payload, vault.knownKeys()));
  const clients = clientFactory({ ...options, emit });
  const workspaces = new WorkspaceService<ServiceClient>({
    store,
    vault,
    clients,
    onChanged: (list) => emit('workspaces.changed', list),
  });
  const handlers = createCallHandlers({
    workspaces,
    vault,
    openExternal: options.openExternal,
    writeClipboard: options.writeClipboard,
  });
  const desktopCalls =
    options.desktopCalls ??
    headlessDesktopCalls({
      store,
      workspaces,
      ...(options.logError ? { logError: options.logError } : {}),
      ...(options.restoreSandbox ? { restoreSandbox: options.restoreSandbox } : {}),
    });
  const router = createCallRouter({
    handlers: { ...handlers, ...desktopCalls },
    secrets: () => vault.knownKeys(),
    ...(options.logError ? { logError: options.logError } : {}),
  });
  return { router, workspaces, vault, store, loadReport };
}

/** One request budget per workspace, shared by every client made for it. */
function clientFactory(options: MainServicesOptions): WorkspaceClientFactory<ServiceClient> {
  const budgets = new Map<string, RequestBudget>();
  const toEvent = (workspaceId: string, state: BudgetState): RateLimitState => ({ workspaceId, ...state });
  const budgetFor = (workspaceId: string): RequestBudget => {
    let budget = budgets.get(workspaceId);
    if (!budget) {
      budget = new RequestBudget({
        onChange: (state) => options.emit('rateLimit.changed', toEvent(workspaceId, state)),
        ...(options.clock ? { clock: options.clock } : {}),
      });
      budgets.set(workspaceId, budget);
    }
    return budget;
  };
  const extra = { ...(options.dispatcher ? { dispatcher: options.dispatcher } : {}), ...(options.clock ? { timers: options.clock } : {}) };
  return {
    create: ({ workspaceId, baseUrl, apiKey, keyOrigin }) => new ServiceClient({ baseUrl, apiKey, keyOrigin, budget: budgetFor(workspaceId), ...extra }),
    testConnection: ({ baseUrl, apiKey, keyOrigin }) => testConnection({ baseUrl, apiKey, keyOrigin, ...extra }),
    rateLimit: (workspaceId) => toEvent(workspaceId, budgetFor(workspaceId).state()),
    forget: (workspaceId) => {
      budgets.delete(workspaceId);
    },
  };
}
