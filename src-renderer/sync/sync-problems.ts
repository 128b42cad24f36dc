// A failed or conflicting operation in words for a native notification: what happened and, for a
// conflict, what the user decides. The Pending changes page says the same at length.
import type { SyncProblem } from '../../src-preload/contract/index.ts';
import type { OpSummary } from './status-store.ts';

const NOUNS: Record<string, string> = { links: 'link', domains: 'domain', handlers: 'notification handler' };

export function describeProblem(workspaceId: string, kind: 'failed' | 'conflict', op: OpSummary): SyncProblem {
  const noun = NOUNS[op.resource] ?? op.resource;
  const action = op.kind === 'create' ? 'creating' : op.kind === 'update' ? 'changing' : 'deleting';
  if (kind === 'failed') {
    return { kind, workspaceId, title: `The service refused ${action} a ${noun}`, body: (op.error?.message ?? 'No reason was given.').slice(0, 1000) };
  }
  const body =
    op.conflict?.type === 'deleted'
      ? `The ${noun} was deleted on the service while you were changing it: recreate it or discard your change.`
      : op.conflict?.type === 'ambiguous-create'
        ? `Several ${noun}s on the service match one you created: choose which one is yours.`
        : `The ${noun} was also changed on the service: choose which values to keep.`;
  return { kind, workspaceId, title: `A ${noun} needs your decision`, body };
}
