import type { ComponentType, ReactNode } from 'react';
import { Button, Modal } from '../ui/index.ts';
import { rowView, type WorkspaceSync } from '../sync/index.ts';
import type { Fields, OpError } from '../sync/mirror/rows.ts';
import { useRowWithOps } from './use-resource-items.ts';

/** A domain or handler editor as other screens open it (`clientId` null: a new one). */
export type RowEditor = ComponentType<{ sync: WorkspaceSync; clientId: string | null; onClose: () => void }>;

/** What an editor form needs of the row it opens on. */
export interface EditedRow {
  /** The row as the user sees it (base + pending changes); null for a new row. */
  view: Fields | null;
  /** The service's refusal of the row's failed op, shown beside the fields it names. */
  serviceError: OpError | null;
  /** The row has an op waiting for the user's decision. */
  conflict: boolean;
  /** Creates the row (new) or queues the change, through the outbox. */
  save: (input: Record<string, unknown>) => Promise<void>;
}

/**
 * Loads the row a domain or handler editor opens on (`clientId` null: a new one), says so when it
 * has gone meanwhile, and saves through the outbox; the form itself is `children`.
 */
export function RowEditorLoader(props: {
  sync: WorkspaceSync;
  resource: 'domains' | 'handlers';
  clientId: string | null;
  /** Title of the "no longer exists" dialog, and the noun in its text. */
  title: string;
  noun: string;
  onClose: () => void;
  children: (row: EditedRow) => ReactNode;
}) {
  const { sync, resource, clientId, onClose } = props;
  const loaded = useRowWithOps(sync.db, resource, clientId);
  if (clientId !== null && loaded === undefined) return null;
  if (clientId !== null && !loaded) {
    return (
      <Modal title={props.title} isOpen onClose={onClose} footer={<Button onPress={onClose}>Close</Button>}>
        <p>This {props.noun} no longer exists.</p>
      </Modal>
    );
  }
  const failed = loaded?.ops.find((op) => op.state === 'failed') ?? null;
  return props.children({
    view: loaded ? rowView(resource, loaded.row) : null,
    serviceError: failed?.error ?? null,
    conflict: loaded?.ops.some((op) => op.state === 'conflict') ?? false,
    save: async (input) => {
      const edits = sync[resource] as { create(input: never): Promise<string>; update(clientId: string, patch: never): Promise<void> };
      if (clientId === null) await edits.create(input as never);
      else await edits.update(clientId, input as never);
    },
  });
}
