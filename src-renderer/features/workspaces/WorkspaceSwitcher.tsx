import { DeferredMount, SelectField, SelectFieldLook } from '../../ui/index.ts';
import { useWorkspaces } from '../../session/use-workspaces.tsx';

/** Switches the open workspace; each has its own offline copy, so switching is instant. */
export function WorkspaceSwitcher() {
  const { workspaces, currentId, select } = useWorkspaces();
  if (workspaces.length === 0) return null;
  const field = { label: 'Workspace', value: currentId, options: workspaces.map((w) => ({ value: w.id, label: w.name })) };
  // It appears in the render that opens the workspace, as the first sync starts: deferred, so
  // that render stays short.
  return (
    <DeferredMount fallback={<SelectFieldLook {...field} />}>
      <SelectField {...field} onChange={(id) => void select(id)} />
    </DeferredMount>
  );
}
