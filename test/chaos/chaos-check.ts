// The invariants a healed chaos run is held to: no lost edit (every user change is on the service
// or stopped in a state the user sees), no duplicate server row, and every visible state
// explained by what the user or the other writer did (or a fault that refuses a change for good).
import type { MirrorRow, OutboxOp } from '../../src-renderer/sync/mirror/rows.ts';
import { readView } from '../../src-renderer/sync/mirror/fields.ts';
import type { ResourceName } from '../../src-renderer/sync/types.ts';
import { blockedRows, type ServerTruth } from '../support/sync-harness.ts';
import { contested, type ChaosModel, type Contest, type ModelRow } from './chaos-actions.ts';

function markerOf(resource: ResourceName, row: { location_url?: string; host?: string; name?: string }): string {
  if (resource === 'links') return new URL(row.location_url!).pathname;
  if (resource === 'domains') return row.host!;
  return row.name!;
}

/** The service refused the op for this field (validation names it, or its message starts with it). */
function refusedFor(op: OutboxOp, field: string): boolean {
  return op.error?.kind === 'validation' && ((op.error.field ?? '').startsWith(field) || op.error.message.startsWith(field));
}

/**
 * A visible state the user's own edits (or the other writer, or an injected refusal) explain: a
 * link queued on a domain or handler deleted meanwhile (failed: dependency), a row edited while
 * it was deleted on the service (conflict: deleted), a field both sides changed, a change the
 * service refused with a 200-with-error body. Anything else is a problem.
 */
export function unexplainedVisible(model: ChaosModel, visible: OutboxOp[]): string[] {
  const problems: string[] = [];
  const gone = (clientId: string | null) => {
    const row = clientId === null ? undefined : model.rows.find((m) => m.clientId === clientId);
    return row !== undefined && (row.deleted || row.deletedElsewhere);
  };
  for (const op of visible) {
    const row = model.rows.find((m) => m.clientId === op.rowId);
    const domainDeleted = gone(row?.domain ?? null);
    const handlerDeleted = row?.handlers.some((h) => gone(h)) ?? false;
    const explained =
      (op.state === 'failed' && op.error?.kind === 'dependency') ||
      // The domain's delete reached the service while the link's create waited (e.g. its answer was lost).
      (op.state === 'failed' && op.kind === 'create' && refusedFor(op, 'domain_id') && domainDeleted) ||
      // Likewise a report handler's delete reached the service before the link's create or update.
      (op.state === 'failed' && refusedFor(op, 'email_reports') && handlerDeleted) ||
      // The service refused the change with HTTP 200 and an error body (the 'error200' fault).
      (op.state === 'failed' && op.error?.kind === 'validation' && op.error.message.includes('chaos error200')) ||
      (op.state === 'conflict' && op.conflict?.type === 'deleted' && (domainDeleted || row?.deletedElsewhere === true)) ||
      // Deleted on the service between the update's read and its write: DESIGN.md's 404 on update → failed.
      (op.state === 'failed' && op.kind === 'update' && op.error?.kind === 'not-found' && (domainDeleted || row?.deletedElsewhere === true)) ||
      // The user and the second writer changed the same field: the user decides.
      (op.state === 'conflict' && op.conflict?.type === 'fields' && op.conflict.fields.every((f) => contested(row, f.field)));
    if (!explained) {
      const fields =
        op.conflict?.type === 'fields'
          ? op.conflict.fields
              .map((f) => `${f.field} base=${JSON.stringify(f.base)} mine=${JSON.stringify(f.mine)} theirs=${JSON.stringify(f.theirs)}`)
              .join('; ')
          : '';
      problems.push(
        `unexplained ${op.state} ${op.kind} ${op.resource} ${row?.marker ?? op.rowId}: ${op.conflict?.type ?? ''} ${fields} ${op.error?.message ?? ''}`,
      );
    }
  }
  return problems;
}

/** Lost: a user's row neither on the server as they left it nor in a visible state. Duplicates: two server rows for one create. */
export function checkModel(model: ChaosModel, ops: OutboxOp[], truth: ServerTruth): { lost: number; duplicates: number; problems: string[] } {
  const problems: string[] = [];
  const visibleRows = blockedRows(ops);
  let lost = 0;
  let duplicates = 0;
  const byMarker = new Map<string, unknown[]>();
  for (const resource of ['links', 'domains', 'handlers'] as const) {
    for (const row of truth[resource]) {
      const key = `${resource}:${markerOf(resource, resource === 'handlers' ? { name: (row as { name: string }).name } : (row as { location_url?: string; host?: string }))}`;
      byMarker.set(key, [...(byMarker.get(key) ?? []), row]);
    }
  }
  for (const m of model.rows) {
    const onServer = byMarker.get(`${m.resource}:${m.marker}`) ?? [];
    if (onServer.length > 1) {
      duplicates += onServer.length - 1;
      problems.push(`duplicate ${m.resource} ${m.marker} ×${onServer.length}`);
    }
    // The user's refs may point at rows of theirs in a visible state: the row's fate is open too.
    const dependsOnVisible = (m.domain !== null && visibleRows.has(m.domain)) || m.handlers.some((h) => visibleRows.has(h));
    if (visibleRows.has(m.clientId) || dependsOnVisible) continue;
    if (m.deleted || m.deletedElsewhere || model.domainGone(m)) {
      if (onServer.length > 0) {
        lost++;
        problems.push(`lost delete: ${m.resource} ${m.marker} still on the server`);
      }
      continue;
    }
    if (onServer.length === 0) {
      lost++;
      problems.push(`lost create: ${m.resource} ${m.marker} not on the server, nothing visible`);
      continue;
    }
    lost += checkFields(m, readView(m.resource, onServer[0] as MirrorRow['base'] & object), problems);
  }
  return { lost, duplicates, problems };
}

/**
 * A field both sides set: the other writer's last value may stand instead of the user's when it
 * came last (who saw whose is the engine's business), or when the user's last value only puts
 * back one they had set before it (a three-way merge sees no change of the user's when their
 * pending change ends where it began).
 */
function writersMayStand(history: Contest[], mine: unknown): unknown[] {
  const lastWriter = history.findLastIndex((entry) => entry.by === 'writer');
  if (lastWriter < 0) return [];
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  const revert = history.slice(0, lastWriter).some((entry) => entry.by === 'user' && same(entry.value, mine));
  return lastWriter === history.length - 1 || revert ? [history[lastWriter]!.value] : [];
}

function checkFields(m: ModelRow, view: Record<string, unknown>, problems: string[]): number {
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  for (const [field, value] of Object.entries(m.fields)) {
    const acceptable = [value, ...writersMayStand(m.history.get(field) ?? [], value)];
    if (!acceptable.some((candidate) => same(view[field], candidate))) {
      problems.push(`lost edit: ${m.resource} ${m.marker}.${field} = ${JSON.stringify(view[field])}, user set ${JSON.stringify(value)}`);
      return 1;
    }
  }
  for (const [field, value] of Object.entries(m.theirs)) {
    if (!same(view[field], value)) {
      problems.push(`overwritten: ${m.resource} ${m.marker}.${field} = ${JSON.stringify(view[field])}, set elsewhere to ${JSON.stringify(value)}`);
      return 1;
    }
  }
  return 0;
}
