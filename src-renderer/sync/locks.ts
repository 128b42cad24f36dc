// One sender across windows: the Web Locks API where the platform has it, otherwise a lock that
// serializes within this JavaScript realm (enough for a single window or a test).
import type { LockManagerLike } from './types.ts';

export function createLocalLockManager(): LockManagerLike {
  const tails = new Map<string, Promise<unknown>>();
  const held = new Set<string>();
  return {
    async request(name, options, callback) {
      if (options.ifAvailable && held.has(name)) return callback(null);
      const previous = tails.get(name) ?? Promise.resolve();
      let release!: () => void;
      const tail = new Promise<void>((resolve) => (release = resolve));
      tails.set(
        name,
        previous.then(() => tail),
      );
      await previous.catch(() => undefined);
      held.add(name);
      try {
        return await callback({ name });
      } finally {
        held.delete(name);
        release();
      }
    },
  };
}

export function defaultLockManager(): LockManagerLike {
  const locks = (globalThis as { navigator?: { locks?: LockManagerLike } }).navigator?.locks;
  return locks ?? createLocalLockManager();
}

export const senderLockName = (workspaceId: string) => `linkdock-sync:${workspaceId}`;
