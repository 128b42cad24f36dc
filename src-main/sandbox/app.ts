// Builds the sandbox's Fastify app over a database: the API under /api and link serving at the
// root. startSandbox listens with it; tests use it directly with app.inject.
import { randomBytes } from 'node:crypto';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import type { SandboxDeps } from './api/deps.ts';
import { ApiError, sendError } from './api/errors.ts';
import { LIMITS } from './api/limits.ts';
import { apiPlugin } from './api/plugin.ts';
import { fillDemoData } from './demo.ts';
import { DEFAULT_HASH_COST, HASH_COST_RULE, isValidHashCost } from './passwords.ts';
import { messagePage } from './serve/pages.ts';
import { registerServeRoutes } from './serve/routes.ts';
import { ensureAccount, hashKey } from './storage/accounts.ts';
import { openDatabase } from './storage/db.ts';
import { createClickRecorder } from './storage/click-recorder.ts';
import { createStore } from './storage/store.ts';
import { canonicalTimeZone, formatServiceDatetime } from './time.ts';
import { timeoutOptions, type SandboxTimeouts } from './timeouts.ts';

export interface SandboxAppOptions {
  keys: string[];
  /** A path, or ':memory:' (default). */
  dataFile?: string;
  demo?: boolean;
  rateLimit?: number | null;
  now?: () => Date;
  /** The base URL the service reports (ends in '/'); a function when it is known only after listen. */
  baseUrl?: string | (() => string);
  /** Log requests (never their keys) through Fastify's logger. */
  logger?: boolean;
  /**
   * The accounts' time zone (IANA, e.g. `Europe/Berlin`): every key of this run gets it. Without
   * it a new account gets UTC, except the demo account (`demo`), which gets DEMO_TIMEZONE; an
   * existing account keeps the zone it has.
   */
  timezone?: string;
  /** How long to wait for clients (defaults in timeouts.ts; tests make them short). */
  timeouts?: Partial<SandboxTimeouts>;
  /** scrypt's N for new link passwords: OWASP's 2^17 by default; tests that hash often may lower it. */
  passwordHashCost?: number;
}

/** The demo account's zone: not UTC, so a demo workspace exercises the time-zone path. */
export const DEMO_TIMEZONE = 'Europe/Berlin';

export function buildSandboxApp(options: SandboxAppOptions): FastifyInstance {
  const keys = [...new Set(options.keys)];
  if (keys.length === 0) throw new Error('The sandbox needs at least one API key');
  if (keys.some((key) => !/^\S+$/.test(key))) throw new Error('An API key cannot be empty or contain white space');
  if (options.rateLimit !== undefined && options.rateLimit !== null && !(Number.isInteger(options.rateLimit) && options.rateLimit > 0)) {
    throw new Error('rateLimit must be a positive whole number of requests per minute');
  }
  const timezone = options.timezone === undefined ? undefined : canonicalTimeZone(options.timezone);
  if (timezone === null) throw new Error(`timezone must be an IANA time zone name such as Europe/Berlin (got ${JSON.stringify(options.timezone)})`);
  if (options.passwordHashCost !== undefined && !isValidHashCost(options.passwordHashCost)) throw new Error(HASH_COST_RULE);
  const now = options.now ?? (() => new Date());
  const baseUrl = options.baseUrl ?? 'http://127.0.0.1/';
  const db = openDatabase(options.dataFile ?? ':memory:');
  const store = createStore(db);

  const accounts = new Map<string, number>();
  try {
    store.transaction(() => {
      keys.forEach((key, index) => {
        const zoneIfNew = timezone ?? (options.demo && index === 0 ? DEMO_TIMEZONE : 'UTC');
        const id = ensureAccount(db, key, formatServiceDatetime(now()), zoneIfNew);
        if (timezone !== undefined) store.accounts.setTimezone(id, timezone);
        accounts.set(hashKey(key), id);
      });
    });
    if (options.demo) fillDemoData(store, accounts.get(hashKey(keys[0] as string)) as number, now());
  } catch (error) {
    db.close();
    throw error;
  }

  // Zones change only here, before anything is served: each account's is read once. Links of
  // accounts whose keys were not given this run are still served, so any account can be asked for.
  const zones = new Map<number, string>();
  const accountZone = (accountId: number): string => {
    let zone = zones.get(accountId);
    if (zone === undefined) zones.set(accountId, (zone = canonicalTimeZone(store.accounts.get(accountId)?.timezone ?? 'UTC') ?? 'UTC'));
    return zone;
  };

  const deps: SandboxDeps = {
    store,
    accountZone,
    clicks: createClickRecorder(store),
    baseUrl: typeof baseUrl === 'function' ? baseUrl : () => baseUrl,
    now,
    accounts,
    rateLimit: options.rateLimit ?? null,
    pageSecret: randomBytes(32),
    passwordHashCost: options.passwordHashCost ?? DEFAULT_HASH_COST,
  };

  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: LIMITS.fieldBytes,
    ...timeoutOptions(options.timeouts),
    // An alias of 256 characters percent-encoded as UTF-8 can take 256 × 12 characters.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 4096 },
    // Errors the router raises before any route (bad percent-encoding, over-long path segment)
    // get the service's error shape too.
    frameworkErrors: (error, request, reply) => {
      sendError(error, request, reply);
    },
  });
  app.decorateRequest('sandboxAccountId', 0);
  app.addHook('onClose', async () => {
    deps.clicks.close();
    db.close();
  });
  app.setErrorHandler(sendError);

  // Only the two form encodings are bodies the service reads; anything else is a 415.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, new URLSearchParams(body as string));
  });
  app.register(multipart, {
    limits: {
      fieldSize: LIMITS.fieldBytes,
      fileSize: LIMITS.fileBytes,
      files: LIMITS.files,
      fields: LIMITS.fields,
      parts: LIMITS.parts,
      fieldNameSize: 200,
    },
    throwFileSizeLimit: true,
  });

  // Refuse an oversized request before reading it.
  app.addHook('onRequest', async (request) => {
    const length = Number(request.headers['content-length'] ?? 0);
    if (length > LIMITS.requestBytes) throw new ApiError(413, `The request is larger than ${LIMITS.requestBytes} bytes`);
  });

  app.register(apiPlugin(deps), { prefix: '/api' });
  app.register(async (site) => registerServeRoutes(site, deps));
  app.setNotFoundHandler(async (_request, reply) =>
    reply.code(404).type('text/html; charset=utf-8').send(messagePage('Not found', 'There is nothing at this address.')),
  );
  return app;
}
