import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { useApi } from './api-context.tsx';
import { createWorkspacesStore, type WorkspacesState, type WorkspacesStore } from './workspaces-store.ts';

const WorkspacesContext = createContext<WorkspacesStore | null>(null);

export function WorkspacesProvider({ children }: { children: ReactNode }) {
  const api = useApi();
  const [store] = useState(() => createWorkspacesStore(api));
  useEffect(() => {
    void store.getState().load();
  }, [store]);
  return <WorkspacesContext.Provider value={store}>{children}</WorkspacesContext.Provider>;
}

/** The workspaces slice (one hook per store slice). */
export function useWorkspaces(): WorkspacesState {
  const store = useContext(WorkspacesContext);
  if (!store) throw new Error('useWorkspaces outside WorkspacesProvider');
  return useStore(store);
}
