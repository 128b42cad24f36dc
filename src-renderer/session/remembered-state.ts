// State a screen keeps while the app runs: a list's search, filters, sort and page survive going
// to another screen and back. Keyed by the caller (workspace and screen), never persisted.
import { useCallback, useSyncExternalStore } from 'react';

const values = new Map<string, unknown>();
const listeners = new Map<string, Set<() => void>>();

function subscribe(key: string, listener: () => void): () => void {
  let set = listeners.get(key);
  if (!set) listeners.set(key, (set = new Set()));
  set.add(listener);
  return () => set.delete(listener);
}

/** Like useState, but the value outlives the component: the next mount under `key` finds it. */
export function useRememberedState<T>(key: string, initial: T): [T, (next: T | ((current: T) => T)) => void] {
  const value = useSyncExternalStore(
    useCallback((listener) => subscribe(key, listener), [key]),
    () => (values.has(key) ? (values.get(key) as T) : initial),
  );
  const set = useCallback(
    (next: T | ((current: T) => T)) => {
      const current = values.has(key) ? (values.get(key) as T) : initial;
      values.set(key, typeof next === 'function' ? (next as (current: T) => T)(current) : next);
      for (const listener of listeners.get(key) ?? []) listener();
    },
    // `initial` only matters before the first set; a new object each render must not renew `set`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [key],
  );
  return [value, set];
}

/** Forgets every remembered value whose key starts with `prefix` (all when empty): a removed workspace, a test. */
export function forgetRememberedState(prefix = ''): void {
  for (const key of [...values.keys()]) {
    if (!key.startsWith(prefix)) continue;
    values.delete(key);
    for (const listener of listeners.get(key) ?? []) listener();
  }
}
