import { DeferredMount, SelectField, SelectFieldLook } from '../../ui/index.ts';
import { useWorkspaces } from '../../session/use-workspaces.tsx';

/** Switches the open workspace; each has its own offline copy, so switching is instant. */
export function WorkspaceSwitcher() {
  const { workspaces, currentId, select } = useWorkspaces();
  if (workspaces.length === 0) return null;
  const current = workspaces.find((w) => w.id === currentId);
  // It appears in the render that opens the workspace, as the first sync starts: deferred, so
  // that render stays short.
  return (
    <DeferredMount fallback={<SelectFieldLook label="Workspace" text={current?.name ?? 'Choose…'} />}>
      <SelectField label="Workspace" value={currentId} options={workspaces.map((w) => ({ value: w.id, label: w.name }))} onChange={(id) => void select(id)} />
    </DeferredMount>
  );
}
