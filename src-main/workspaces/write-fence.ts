// A window that goes away (reload, crash, closed) leaves its writes with main, which still carries
// them to the service. The restarted renderer finds those ops `sending` and settles them by reading
// (a listing for creates, a read for updates). That read must see the old write's effect, so reads
// of a workspace wait until the writes already in flight for it have settled — answered, refused
// or timed out (bounded by the request timeout). In one engine reads and writes never overlap
// (its sender is sequential), so the fence costs nothing in normal running.
export interface WriteFence {
  /** Runs a write; reads of the workspace that start meanwhile wait for it. */
  write<T>(workspaceId: string, run: () => Promise<T>): Promise<T>;
  /** Runs a read once every write of the workspace in flight now has settled. */
  read<T>(workspaceId: string, run: () => Promise<T>): Promise<T>;
  /** Writes in flight for a workspace (for tests and diagnostics). */
  inFlight(workspaceId: string): number;
}

export function createWriteFence(): WriteFence {
  const writes = new Map<string, Set<Promise<unknown>>>();
  return {
    async write(workspaceId, run) {
      const promise = run();
      const set = writes.get(workspaceId) ?? new Set();
      writes.set(workspaceId, set);
      set.add(promise);
      try {
        return await promise;
      } finally {
        set.delete(promise);
        if (set.size === 0) writes.delete(workspaceId);
      }
    },
    async read(workspaceId, run) {
      const pending = writes.get(workspaceId);
      // Outcomes belong to the writers; here only "settled" matters.
      if (pending) await Promise.allSettled([...pending]);
      return run();
    },
    inFlight: (workspaceId) => writes.get(workspaceId)?.size ?? 0,
  };
}
