// Shared types of the sync engine. Everything the engine touches outside plain data (time,
// randomness, locks, the contract, the database) is handed in, so tests and the chaos suite can
// drive it deterministically.
import type { ResourceName } from '../../src-preload/contract/index.ts';

export type { ResourceName };

/** A reference from one row to another: a client id (string) or a server id (number, e.g. domain 0). */
export type Ref = string | number;

export type OpKind = 'create' | 'update' | 'delete';
export type OpState = 'pending' | 'sending' | 'failed' | 'conflict' | 'unknown';

export interface Clock {
  now(): number;
  /** Resolves after `ms`; the engine never waits on real timers directly. */
  sleep(ms: number): Promise<void>;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** Uniform in [0, 1). */
export type RandomSource = () => number;

export interface LockManagerLike {
  request<T>(name: string, options: { ifAvailable?: boolean }, callback: (lock: unknown) => Promise<T> | T): Promise<T>;
}

export interface PersistentStorage {
  persist(): Promise<boolean>;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export const systemRandom: RandomSource = () => Math.random();
