// `npm run preview:web`: the built renderer on 127.0.0.1, with the real main-process services in
// Node behind the same contract over a loopback WebSocket. Only a page that knows this run's
// token, from this server's own origin, may connect.
import { randomBytes } from 'node:crypto';
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';
import type { Dispatcher } from 'undici';
import { encodeWire, type EventName, type EventPayload } from '../../src-preload/contract/index.ts';
import { restoreEmbeddedSandbox, startEmbeddedSandbox, type EmbeddedSandbox } from '../desktop/embedded-sandbox.ts';
import { createMainServices, type MainServices } from '../main-services.ts';
import { startSandbox, type RunningSandbox, type SandboxOptions } from '../sandbox/index.ts';
import { timeoutOptions, type SandboxTimeouts } from '../sandbox/timeouts.ts';
import { escapeControl } from '../logging/one-line.ts';
import { productionCsp } from '../security/csp.ts';
import { guardConnections, type ConnectionLimits } from './connection-guard.ts';
import { attachContractSocket, type ContractSocket } from './contract-socket.ts';
import { sessionCipher } from './session-cipher.ts';

export interface PreviewOptions {
  /** The built renderer (out/renderer). */
  rendererDir: string;
  /** Folder for the preview's workspaces and (session-encrypted) keys. */
  dataDir: string;
  port?: number;
  /** Opens links and writes the clipboard; the preview has no desktop, so by default it logs. */
  openExternal?: (url: string) => Promise<void>;
  writeClipboard?: (text: string) => Promise<void>;
  logError?: (message: string) => void;
  /** Start a sandbox service with demo data and a "Sandbox" workspace for it (`--sandbox`). */
  sandbox?: boolean;
  /**
   * Where that sandbox keeps its data (default: in memory). A file lets a test stop the sandbox
   * and start it again on the same port with the same data (offline and reconnect).
   */
  sandboxDataFile?: string;
  /** The sandbox's clock (default: the system's). The screenshot tests fix it so demo dates and created times repeat run to run. */
  sandboxNow?: () => Date;
  /** Main's request timeout (default the client's); the browser chaos run shortens it so a held request costs seconds, not 20. */
  requestTimeoutMs?: number;
  /** Main's HTTP dispatcher (default the system's); the browser chaos run uses one without keep-alive, like the Node runs. */
  dispatcher?: Dispatcher;
  /** How long a client may stay silent before its connection is closed (default PREVIEW_TIMEOUTS); tests shorten them. */
  timeouts?: Partial<SandboxTimeouts>;
  /** Connection slots (default PREVIEW_CONNECTIONS); tests use fewer. */
  connections?: ConnectionLimits;
}

export interface RunningPreview {
  /** The address to open: carries the token in its fragment (never sent to the server in requests). */
  url: string;
  origin: string;
  token: string;
  services: MainServices;
  /** The sandbox started with `sandbox: true`. */
  sandbox: RunningSandbox | null;
  close(): Promise<void>;
}

/**
 * Every TCP connection, page loads and refused upgrades included: bounds what a local flood can hold
 * open. A new connection takes the slot of the longest-idle one when all are taken (connection-guard.ts).
 */
export const PREVIEW_CONNECTIONS: ConnectionLimits = { total: 64, perAddress: 48 };

/**
 * A browser on this machine sends its request at once and the preview serves files and one
 * WebSocket upgrade, so a connection silent for seconds is not a page: headers within 5 s (a
 * connection that sends nothing at all included), a request within 10 s, 5 s between keep-alive
 * requests, 15 s of silence either way. A WebSocket, once upgraded, is the contract's and exempt.
 */
export const PREVIEW_TIMEOUTS: SandboxTimeouts = { headersMs: 5_000, requestMs: 10_000, keepAliveMs: 5_000, idleMs: 15_000 };

export async function startPreview(options: PreviewOptions): Promise<RunningPreview> {
  const token = randomBytes(24).toString('base64url');
  let contract: ContractSocket | null = null;
  const emit = <E extends EventName>(event: E, payload: EventPayload<E>) => {
    contract?.broadcast(encodeWire({ event, payload }));
  };
  // The terminal is a log too: a page's or a service's text must not move its cursor or forge a line there.
  const logError = options.logError ?? ((message: string) => console.error(escapeControl(message)));
  const services = await createMainServices({
    userDataDir: options.dataDir,
    cipher: sessionCipher(),
    openExternal: options.openExternal ?? (async (url) => console.log(`preview: would open ${escapeControl(url)}`)),
    writeClipboard: options.writeClipboard ?? (async () => undefined),
    emit,
    logError,
    ...(options.requestTimeoutMs ? { requestTimeoutMs: options.requestTimeoutMs } : {}),
    ...(options.dispatcher ? { dispatcher: options.dispatcher } : {}),
    ...(options.sandbox ? { restoreSandbox: () => runSandbox(true) } : {}),
  });

  let embedded: EmbeddedSandbox | null = null;
  // The preview's keys live for one run (session cipher), so its sandbox is a fresh in-memory one.
  async function runSandbox(restore: boolean): Promise<{ workspaceId: string }> {
    const deps = {
      userDataDir: options.dataDir,
      workspaces: services.workspaces,
      getKey: (id: string) => services.vault.getKey(id),
      startSandbox: options.sandboxNow ? (sandboxOptions: SandboxOptions) => startSandbox({ ...sandboxOptions, now: options.sandboxNow }) : startSandbox,
      alreadyCreated: false,
      markCreated: async () => undefined,
      dataFile: options.sandboxDataFile ?? ':memory:',
    };
    embedded = restore ? await restoreEmbeddedSandbox(embedded, deps) : await startEmbeddedSandbox(deps);
    if (!embedded) throw new Error('preview: the sandbox did not start');
    await services.store.setCurrent(embedded.workspaceId);
    return { workspaceId: embedded.workspaceId };
  }
  if (options.sandbox) await runSandbox(false);
  const sandbox = (): RunningSandbox | null => embedded?.running ?? null;

  const app = Fastify({ logger: false, ...timeoutOptions({ ...PREVIEW_TIMEOUTS, ...options.timeouts }) });
  const guard = guardConnections(app.server, options.connections ?? PREVIEW_CONNECTIONS);
  let origin = '';
  app.addHook('onSend', async (_request, reply) => {
    reply.header('content-security-policy', productionCsp({ connect: [origin.replace(/^http/, 'ws')] }));
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'no-referrer');
  });
  await app.register(fastifyStatic, { root: options.rendererDir });
  await app.listen({ host: '127.0.0.1', port: options.port ?? 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('preview: no address');
  origin = `http://127.0.0.1:${address.port}`;

  contract = attachContractSocket({ server: app.server, origin, token, router: services.router, logError });

  return {
    url: `${origin}/#token=${token}`,
    origin,
    token,
    services,
    get sandbox() {
      return sandbox();
    },
    async close() {
      contract?.close();
      await app.close();
      guard.detach();
      await sandbox()?.close();
    },
  };
}
