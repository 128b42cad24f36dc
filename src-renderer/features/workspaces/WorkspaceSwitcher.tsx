import { SelectField } from '../../ui/index.ts';
import { useWorkspaces } from '../../session/use-workspaces.tsx';

/** Switches the open workspace; each has its own offline copy, so switching is instant. */
export function WorkspaceSwitcher() {
  const { workspaces, currentId, select } = useWorkspaces();
  if (workspaces.length === 0) return null;
  return (
    <SelectField label="Workspace" value={currentId} options={workspaces.map((w) => ({ value: w.id, label: w.name }))} onChange={(id) => void select(id)} />
  );
}
