// What the API and serving routes need from the running sandbox.
import type { ClickRecorder } from '../storage/click-recorder.ts';
import type { Store } from '../storage/store.ts';

export interface SandboxDeps {
  store: Store;
  /** Served clicks, written in batches. */
  clicks: ClickRecorder;
  /** The service's own base URL, ending in '/'. */
  baseUrl: () => string;
  now: () => Date;
  /** Account id of each active key, by the key's hash. */
  accounts: ReadonlyMap<string, number>;
  /** The time zone (IANA) of an account, for its schedule dates. */
  accountZone: (accountId: number) => string;
  rateLimit: number | null;
  /** Secret for the short-lived tokens of the password and sensitive-content pages. */
  pageSecret: Buffer;
  /** scrypt's N for new link passwords (passwords.ts). */
  passwordHashCost: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    sandboxAccountId: number;
  }
}
