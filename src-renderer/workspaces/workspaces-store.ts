// Workspaces slice: the list main keeps, refreshed on load and whenever main says it changed.
import { createStore } from 'zustand/vanilla';
import type { WorkspaceInfo } from '../../src-preload/contract/index.ts';
import type { ContractApi } from '../contract/contract-client.ts';

export interface WorkspacesState {
  workspaces: WorkspaceInfo[];
  loaded: boolean;
  error: string | null;
  load(): Promise<void>;
}

export function createWorkspacesStore(api: ContractApi) {
  const store = createStore<WorkspacesState>()((set) => ({
    workspaces: [],
    loaded: false,
    error: null,
    async load() {
      try {
        set({ workspaces: await api.call('workspaces.list', {}), loaded: true, error: null });
      } catch (error) {
        set({ loaded: true, error: (error as Error).message });
      }
    },
  }));
  api.on('workspaces.changed', (workspaces) => store.setState({ workspaces, loaded: true, error: null }));
  return store;
}
