// The main-process services behind the contract, free of Electron: the app's composition root
// hands in Electron's objects, the web preview hands in Node stand-ins, tests hand in doubles.
import os from 'node:os';
import path from 'node:path';
import type { Dispatcher } from 'undici';
import type { EventName, EventPayload, RateLimitState } from '../src-preload/contract/index.ts';
import { createCallHandlers } from './call-handlers.ts';
import type { DesktopCallHandlers } from './desktop/desktop-calls.ts';
import { headlessDesktopCalls } from './desktop/headless-calls.ts';
import { SAME_PROBLEM_MS, SYNC_PROBLEMS_PER_MINUTE, syncProblemLimit } from './desktop/sync-problem-limit.ts';
import { createCallRouter, type CallRouter } from './ipc/call-router.ts';
import { createAppLog, silentLogger, type AppLog } from './logging/app-log.ts';
import { createRendererLog } from './logging/renderer-log.ts';
import { buildDiagnostics, type DiagnosticsVersions, type PendingCounts } from './logging/diagnostics.ts';
import { redactSecrets } from './security/redact.ts';
import { RequestBudget, type BudgetState, type Clock } from './service/budget.ts';
import { ServiceClient, type RequestEvent } from './service/client.ts';
import { testConnection } from './service/connection-test.ts';
import { privateDir } from './storage/durable-write.ts';
import type { NetworkRoute, Timers } from './service/transport.ts';
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
  /** Also told the errors main's services log (the preview prints them). */
  logError?: (message: string) => void;
  /** The app's log (index.ts: electron-log's file); default one that writes nowhere. Main adds the vault's keys to its redaction. */
  log?: AppLog;
  /** For the diagnostics; default this package's version unknown and Node's. */
  versions?: DiagnosticsVersions;
  /** What the window last reported pending for a workspace (the desktop shell's tray cache); absent in the preview. */
  pendingCounts?: (workspaceId: string) => PendingCounts | null;
  /** Where the crash reporter writes minidumps (index.ts: app.getPath('crashDumps')), for the diagnostics. */
  crashDumpsDir?: string;
  /** Tests route requests through their own dispatcher; the app through the system's proxy settings (NetworkRouter). */
  dispatcher?: Dispatcher | NetworkRoute;
  /** Time for rate-limit windows (the service's, sync problem notices') and request timeouts (default the system's; the chaos suite's virtual clock). */
  clock?: Clock & Timers;
  /** How long a request may take before it counts as timed out (default the client's 20 s; the browser chaos run's held requests end sooner). */
  requestTimeoutMs?: number;
  /** Main reads listings ahead of the window (default); the chaos simulation runs all of main's I/O inside calls. */
  listingReadAhead?: boolean;
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
  log: AppLog;
  /** The diagnostics text: versions, system, workspace and pending counts, last errors; no keys. */
  diagnostics(): Promise<string>;
}

export async function createMainServices(options: MainServicesOptions): Promise<MainServices> {
  // The user data folder is the user's alone (issue #36): a folder left 0755 is tightened at start,
  // so files written there before are not readable by other users either.
  await privateDir(options.userDataDir);
  const store = new WorkspaceStore({ dir: options.userDataDir });
  const loadReport = await store.load();
  const vault = new KeyVault({ dir: path.join(options.userDataDir, 'keys'), cipher: options.cipher });
  const log = options.log ?? createAppLog({ logger: silentLogger });
  // index.ts shows it in a dialog; the log keeps it for later.
  if (loadReport.recoveredFrom) log.warn(`workspaces.json could not be read: moved to ${loadReport.recoveredFrom}, started with an empty list`);
  // Log lines leave main like call results: cleaned of every key the vault holds.
  log.addSecrets(() => vault.knownKeys());
  // Errors go to the log (and so to the diagnostics' last errors), and to whoever else asked for them (the preview's console).
  const logError = (message: string): void => {
    log.error(message);
    options.logError?.(message);
  };
  // Events leave main like call results do: cleaned of every key (issue #14).
  const emit: MainServicesOptions['emit'] = (event, payload) => options.emit(event, redactSecrets(payload, vault.knownKeys()));
  const clients = clientFactory({ ...options, emit }, log);
  const workspaces = new WorkspaceService<ServiceClient>({
    store,
    vault,
    clients,
    onChanged: (list) => emit('workspaces.changed', list),
  });
  const diagnostics = async (): Promise<string> => {
    const list = await workspaces.list();
    const { pendingCounts } = options;
    return buildDiagnostics({
      now: Date.now(),
      versions: options.versions ?? { app: 'unknown', node: process.versions.node },
      os: { platform: process.platform, release: os.release(), arch: process.arch },
      workspaces: list,
      ...(pendingCounts ? { pending: list.map((w) => pendingCounts(w.id)) } : {}),
      recentErrors: log.recentErrors(),
      secrets: vault.knownKeys(),
      home: os.homedir(),
      ...(options.crashDumpsDir ? { crashDumps: options.crashDumpsDir } : {}),
    });
  };
  const handlers = createCallHandlers({
    workspaces,
    vault,
    openExternal: options.openExternal,
    writeClipboard: options.writeClipboard,
    diagnostics,
    rendererLog: createRendererLog(log),
    ...(options.listingReadAhead === undefined ? {} : { listingReadAhead: options.listingReadAhead }),
  });
  const desktopCalls = withSyncProblemsLimited(
    options.desktopCalls ??
      headlessDesktopCalls({
        store,
        workspaces,
        // The preview prints sync problems; the log has them already (withSyncProblemsLimited).
        ...(options.logError ? { logError: options.logError } : {}),
        ...(options.restoreSandbox ? { restoreSandbox: options.restoreSandbox } : {}),
      }),
    log,
    () => (options.clock ? options.clock.now() : Date.now()),
  );
  const router = createCallRouter({
    handlers: { ...handlers, ...desktopCalls },
    secrets: () => vault.knownKeys(),
    logError,
  });
  return { router, workspaces, vault, store, loadReport, log, diagnostics };
}

/**
 * The sync engine runs in the renderer; the problems it reports to main are logged as they pass,
 * and shown (a native notification) within bounds: a page cannot flood the desktop or the log.
 */
function withSyncProblemsLimited(calls: DesktopCallHandlers, log: AppLog, now: () => number): DesktopCallHandlers {
  const admit = syncProblemLimit({ now });
  return {
    ...calls,
    'notify.syncProblem': async (problem) => {
      const { show, heldBack } = admit(problem);
      if (heldBack > 0) {
        log.warn(
          `sync problems: ${heldBack} more not shown (each at most once in ${SAME_PROBLEM_MS / 60_000} minutes, at most ${SYNC_PROBLEMS_PER_MINUTE} a minute; Pending changes lists them all)`,
        );
      }
      if (!show) return null;
      log.warn(`sync problem (${problem.kind})${problem.workspaceId ? ` in workspace ${problem.workspaceId}` : ''}: ${problem.title}`);
      return calls['notify.syncProblem'](problem);
    },
  };
}

/** One request budget per workspace, shared by every client made for it. */
function clientFactory(options: MainServicesOptions, log: AppLog): WorkspaceClientFactory<ServiceClient> {
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
  // Every request's outcome goes to the log: method, path, status, duration; never the key or a body.
  const onRequest = (event: RequestEvent): void =>
    log.request({
      method: event.method,
      path: event.path,
      status: event.status,
      ms: event.ms,
      what: `${event.kind} ${event.resource}`,
      failure: event.failure,
    });
  const extra = {
    ...(options.dispatcher ? { dispatcher: options.dispatcher } : {}),
    ...(options.clock ? { timers: options.clock } : {}),
    ...(options.requestTimeoutMs ? { timeoutMs: options.requestTimeoutMs } : {}),
    onRequest,
  };
  return {
    create: ({ workspaceId, baseUrl, apiKey, keyOrigin }) => new ServiceClient({ baseUrl, apiKey, keyOrigin, budget: budgetFor(workspaceId), ...extra }),
    testConnection: ({ baseUrl, apiKey, keyOrigin }) => testConnection({ baseUrl, apiKey, keyOrigin, ...extra }),
    rateLimit: (workspaceId) => toEvent(workspaceId, budgetFor(workspaceId).state()),
    forget: (workspaceId) => {
      budgets.delete(workspaceId);
    },
  };
}
