// The account behind each workspace's key, read from the service at most twice a day (or when
// asked to refresh) and kept in memory: a name, an e-mail, a plan and the time zone schedule dates
// are written in. Services without the call answer "not supported", and Linkdock works on.
import type { Account, AccountState } from '../../src-preload/contract/index.ts';

export const ACCOUNT_MAX_AGE_MS = 12 * 60 * 60_000;

export class AccountCache {
  readonly #states = new Map<string, AccountState>();
  readonly #now: () => number;

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  /** The cached state, or a fresh read when there is none, it is old, or `refresh` is asked. */
  async get(workspaceId: string, fetch: () => Promise<Account | null>, refresh = false): Promise<AccountState> {
    const cached = this.#states.get(workspaceId);
    if (cached && !refresh && cached.fetchedAt !== null && this.#now() - cached.fetchedAt < ACCOUNT_MAX_AGE_MS) return cached;
    try {
      const account = await fetch();
      const state: AccountState = { account, supported: account !== null, fetchedAt: this.#now() };
      this.#states.set(workspaceId, state);
      return state;
    } catch (error) {
      // Offline or refused: what was known still holds; with nothing known, the caller hears why.
      if (cached) return cached;
      throw error;
    }
  }

  forget(workspaceId: string): void {
    this.#states.delete(workspaceId);
  }
}
