// Wrong passwords per link and client address. A few are free (typos); from the fifth on, that
// address is locked out of that link for a time that doubles with each further failure, up to an
// hour. The table is bounded: entries are forgotten a day after their last failure, and past the
// cap the entry touched longest ago goes first (a Map keeps insertion order; a touch re-inserts).

export interface AttemptPolicy {
  /** Wrong passwords before the first lockout. */
  freeFailures: number;
  firstLockMs: number;
  maxLockMs: number;
  /** An entry is forgotten this long after its last failure. */
  forgetAfterMs: number;
  maxEntries: number;
}

export const DEFAULT_ATTEMPT_POLICY: AttemptPolicy = {
  freeFailures: 5,
  firstLockMs: 30_000,
  maxLockMs: 60 * 60_000,
  forgetAfterMs: 24 * 60 * 60_000,
  maxEntries: 10_000,
};

interface Entry {
  failures: number;
  lastFailureAt: number;
  lockedUntil: number;
}

export interface AttemptTable {
  /** How long this address must still wait before trying this link's password again (0: it may try). */
  lockedForMs(linkId: number, address: string): number;
  /** Counts a wrong password (the caller counts each attempt before checking it; see routes.ts). */
  failed(linkId: number, address: string): void;
  /** The right password: the address starts afresh on this link. */
  succeeded(linkId: number, address: string): void;
  failures(linkId: number, address: string): number;
  size(): number;
}

export function createAttemptTable(now: () => number, overrides: Partial<AttemptPolicy> = {}): AttemptTable {
  const policy = { ...DEFAULT_ATTEMPT_POLICY, ...overrides };
  const entries = new Map<string, Entry>();
  const keyOf = (linkId: number, address: string) => `${linkId} ${address}`;

  const live = (key: string): Entry | undefined => {
    const entry = entries.get(key);
    if (entry && now() - entry.lastFailureAt >= policy.forgetAfterMs && now() >= entry.lockedUntil) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };

  const sweep = () => {
    // Oldest first: stop at the first entry still worth keeping.
    for (const [key, entry] of entries) {
      if (now() - entry.lastFailureAt < policy.forgetAfterMs || now() < entry.lockedUntil) break;
      entries.delete(key);
    }
    while (entries.size > policy.maxEntries) entries.delete(entries.keys().next().value as string);
  };

  return {
    lockedForMs(linkId, address) {
      const entry = live(keyOf(linkId, address));
      return entry ? Math.max(0, entry.lockedUntil - now()) : 0;
    },
    failed(linkId, address) {
      const key = keyOf(linkId, address);
      const entry = live(key) ?? { failures: 0, lastFailureAt: 0, lockedUntil: 0 };
      entry.failures += 1;
      entry.lastFailureAt = now();
      const over = entry.failures - policy.freeFailures;
      if (over >= 0) entry.lockedUntil = now() + Math.min(policy.maxLockMs, policy.firstLockMs * 2 ** Math.min(over, 30));
      entries.delete(key);
      entries.set(key, entry);
      sweep();
    },
    succeeded(linkId, address) {
      entries.delete(keyOf(linkId, address));
    },
    failures(linkId, address) {
      return live(keyOf(linkId, address))?.failures ?? 0;
    },
    size: () => entries.size,
  };
}
