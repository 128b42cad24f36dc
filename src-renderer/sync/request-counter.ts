// Counts every request that reaches the service, by kind, and reports each outcome so the
// connection status follows real traffic. Calls that stay inside the app are not counted.
import type { ContractApi } from '../contract/contract-client.ts';
import { CallError, resourceCallOf, type CallName, type CallOutput } from '../../src-preload/contract/index.ts';

export const REQUEST_KINDS = ['list', 'get', 'create', 'update', 'delete', 'probe', 'statistics'] as const;
export type RequestKind = (typeof REQUEST_KINDS)[number];
export type RequestCounts = Record<RequestKind, number>;

export function requestKindOf(name: CallName): RequestKind | null {
  if (name === 'workspaces.testConnection') return 'probe';
  // One request (two when main must read the link to tell a missing call from a missing link).
  if (name === 'statistics.get') return 'statistics';
  // Every verb of the resource table is one request to the service.
  return resourceCallOf(name)?.verb ?? null;
}

export interface RequestCounter {
  add(kind: RequestKind): void;
  snapshot(): RequestCounts;
  total(): number;
  reset(): void;
}

export function createRequestCounter(): RequestCounter {
  let counts = emptyCounts();
  return {
    add(kind) {
      counts[kind] += 1;
    },
    snapshot: () => ({ ...counts }),
    total: () => Object.values(counts).reduce((a, b) => a + b, 0),
    reset() {
      counts = emptyCounts();
    },
  };
}

export function emptyCounts(): RequestCounts {
  return { list: 0, get: 0, create: 0, update: 0, delete: 0, probe: 0, statistics: 0 };
}

/**
 * 'reached': the service answered (even with an error); 'unreachable': offline or timed out.
 * `sent`: the request's place in the order of sending (RequestObserver.sending).
 */
export type RequestOutcome = { kind: RequestKind; result: 'reached' | 'unreachable'; sent: number; error?: CallError };

export interface RequestObserver {
  /** A request leaves now: its place in the order of sending (tells old answers from new). */
  sending(): number;
  outcome(outcome: RequestOutcome): void;
}

export function countingApi(api: ContractApi, counter: RequestCounter, observer?: RequestObserver): ContractApi {
  const outcome = (kind: RequestKind, sent: number, error: CallError) => {
    const unreachable = error.kind === 'offline' || error.kind === 'timeout';
    observer?.outcome({ kind, result: unreachable ? 'unreachable' : 'reached', sent, error });
  };
  return {
    async call(name, input) {
      if (name === 'listing.next') {
        const sent = observer?.sending() ?? 0;
        // Each page main read for a listing is one list request, handed over here.
        const batch = (await api.call(name, input)) as CallOutput<'listing.next'>;
        for (let i = 0; i < batch.pages.length; i++) {
          counter.add('list');
          observer?.outcome({ kind: 'list', result: 'reached', sent });
        }
        if (batch.failure) {
          counter.add('list');
          outcome('list', sent, new CallError(batch.failure.error));
        }
        return batch as never;
      }
      const kind = requestKindOf(name);
      if (kind === null) return api.call(name, input);
      counter.add(kind);
      const sent = observer?.sending() ?? 0;
      try {
        const value = await api.call(name, input);
        observer?.outcome({ kind, result: 'reached', sent });
        return value;
      } catch (error) {
        if (error instanceof CallError) outcome(kind, sent, error);
        throw error;
      }
    },
    on: (event, listener) => api.on(event, listener),
  };
}
