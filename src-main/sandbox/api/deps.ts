// What the API and serving routes need from the running sandbox.
import type { Store } from '../storage/store.ts';

export interface SandboxDeps {
  store: Store;
  /** The service's own base URL, ending in '/'. */
  baseUrl: () => string;
  now: () => Date;
  /** Account id of each active key, by the key's hash. */
  accounts: ReadonlyMap<string, number>;
  rateLimit: number | null;
  /** Secret for the short-lived tokens of the password and sensitive-content pages. */
  pageSecret: Buffer;
}

declare module 'fastify' {
  interface FastifyRequest {
    sandboxAccountId: number;
  }
}
