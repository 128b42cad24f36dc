// Deletes and switches the user can take back from the toast that reports them. A delete waits
// UNDO_MS in the outbox before it goes out (sync `holdMs`), so Undo discards it before the service
// ever sees it; enable/disable is undone by switching back (an ordinary edit).
import type { ResourceEdits, WorkspaceSync } from '../sync/index.ts';
import { showToast } from '../ui/index.ts';

/** How long a delete can be undone: the toast's own lifetime. */
export const UNDO_MS = 10_000;

type Deletable = Pick<ResourceEdits<never, never>, 'delete'>;

/** Deletes `ids`; the toast offers Undo while every held delete is still waiting. */
export async function deleteWithUndo(
  sync: Pick<WorkspaceSync, 'discard'>,
  edits: Deletable,
  ids: readonly string[],
  noun: { one: string; many: string },
): Promise<void> {
  const held: string[] = [];
  const problems: string[] = [];
  for (const id of ids) {
    try {
      const opId = await edits.delete(id, { holdMs: UNDO_MS });
      if (opId) held.push(opId);
    } catch (error) {
      problems.push(messageOf(error));
    }
  }
  const done = ids.length - problems.length;
  showToast({
    title: `Deleted ${count(done, noun)}`,
    ...(problems.length ? { description: `${count(problems.length, noun)} not deleted: ${problems[0]}`, tone: 'danger' as const } : {}),
    ...(held.length > 0 ? { action: { label: 'Undo', onAction: () => void undoDeletes(sync, held, noun) } } : {}),
  });
}

async function undoDeletes(sync: Pick<WorkspaceSync, 'discard'>, opIds: readonly string[], noun: { one: string; many: string }): Promise<void> {
  let late = 0;
  for (const opId of opIds) {
    try {
      await sync.discard(opId);
    } catch {
      late++;
    }
  }
  if (late === 0) showToast({ title: `Restored ${count(opIds.length, noun)}`, tone: 'success' });
  else
    showToast({
      title: `${count(late, noun)} could not be restored`,
      description: 'The delete had already gone to the service.',
      tone: 'danger',
    });
}

/** Sets `enabled` on `ids` (each from its own previous state); Undo switches each back. */
export async function switchWithUndo(
  apply: (id: string, enabled: boolean) => Promise<void>,
  ids: readonly { id: string; was: boolean }[],
  enabled: boolean,
  noun: { one: string; many: string },
): Promise<void> {
  const changed: { id: string; was: boolean }[] = [];
  const problems: string[] = [];
  for (const item of ids) {
    try {
      await apply(item.id, enabled);
      changed.push(item);
    } catch (error) {
      problems.push(messageOf(error));
    }
  }
  showToast({
    title: `${enabled ? 'Enabled' : 'Disabled'} ${count(changed.length, noun)}`,
    ...(problems.length ? { description: `${count(problems.length, noun)} not changed: ${problems[0]}`, tone: 'danger' as const } : {}),
    ...(changed.some((c) => c.was !== enabled)
      ? {
          action: {
            label: 'Undo',
            onAction: () => void Promise.all(changed.filter((c) => c.was !== enabled).map((c) => apply(c.id, c.was).catch(() => undefined))),
          },
        }
      : {}),
  });
}

export const count = (n: number, noun: { one: string; many: string }): string => `${n.toLocaleString()} ${n === 1 ? noun.one : noun.many}`;
const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));
