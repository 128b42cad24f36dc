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

/** 'reached': the service answered (even with an error); 'unreachable': offline or timed out. */
export type RequestOutcome = { kind: RequestKind; result: 'reached' | 'unreachable'; error?: CallError };

export function countingApi(api: ContractApi, counter: RequestCounter, observe?: (outcome: RequestOutcome) => void): ContractApi {
  const outcome = (kind: RequestKind, error: CallError) => {
    const unreachable = error.kind === 'offline' || error.kind === 'timeout';
    observe?.({ kind, result: unreachable ? 'unreachable' : 'reached', error });
  };
  return {
    async call(name, input) {
      if (name === 'listing.next') {
        // Each page main read for a listing is one list request, handed over here.
        const batch = (await api.call(name, input)) as CallOutput<'listing.next'>;
        for (let i = 0; i < batch.pages.length; i++) {
          counter.add('list');
          observe?.({ kind: 'list', result: 'reached' });
        }
        if (batch.failure) {
          counter.add('list');
          outcome('list', new CallError(batch.failure.error));
        }
        return batch as never;
      }
      const kind = requestKindOf(name);
      if (kind === null) return api.call(name, input);
      counter.add(kind);
      try {
        const value = await api.call(name, input);
        observe?.({ kind, result: 'reached' });
        return value;
      } catch (error) {
        if (error instanceof CallError) outcome(kind, error);
        throw error;
      }
    },
    on: (event, listener) => api.on(event, listener),
  };
}
