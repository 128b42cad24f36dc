import { useEffect, useState } from 'react';
import { useStore } from 'zustand';
import type { ContractApi } from '../contract/contract-client.ts';
import { AddWorkspaceForm } from './AddWorkspaceForm.tsx';
import { createWorkspacesStore } from './workspaces-store.ts';

export function WorkspacesPage({ api }: { api: ContractApi }) {
  const [store] = useState(() => createWorkspacesStore(api));
  const { workspaces, loaded, error, load } = useStore(store);

  useEffect(() => {
    void load();
  }, [load]);

  return (
    <>
      <section className="panel" aria-labelledby="workspaces-title">
        <h2 id="workspaces-title">Workspaces</h2>
        {!loaded && <p className="muted">Loading…</p>}
        {error && (
          <p role="alert" className="status-error">
            {error}
          </p>
        )}
        {loaded && workspaces.length === 0 && !error && <p className="muted">No workspaces yet. Add a service below.</p>}
        <ul className="workspace-list">
          {workspaces.map((workspace) => (
            <li key={workspace.id}>
              <strong>{workspace.name}</strong>
              <span className="muted">{workspace.baseUrl}</span>
              {workspace.sandbox && <span className="badge">Sandbox</span>}
              <span className="badge">{workspace.hasKey ? 'Key stored' : 'No key'}</span>
            </li>
          ))}
        </ul>
      </section>
      <AddWorkspaceForm api={api} />
    </>
  );
}
