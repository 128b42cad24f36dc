// Workspaces slice: the list main keeps and which one is open. Main owns both; this mirrors them
// and follows main's events (another window, the tray's workspace switch).
import Dexie from 'dexie';
import { createStore } from 'zustand/vanilla';
import type { WorkspaceInfo } from '../../src-preload/contract/index.ts';
import type { ContractApi } from '../contract/contract-client.ts';
import { mirrorDbName } from '../sync/mirror/db.ts';
import { forgetRememberedState } from './remembered-state.ts';

export interface WorkspacesState {
  workspaces: WorkspaceInfo[];
  currentId: string | null;
  loaded: boolean;
  error: string | null;
  load(): Promise<void>;
  select(workspaceId: string): Promise<void>;
  rename(workspaceId: string, name: string): Promise<void>;
  /** Removes the workspace in main (its key too) and deletes its offline copy. */
  remove(workspaceId: string): Promise<void>;
}

export type WorkspacesStore = ReturnType<typeof createWorkspacesStore>;

export function createWorkspacesStore(api: ContractApi) {
  const store = createStore<WorkspacesState>()((set, get) => ({
    workspaces: [],
    currentId: null,
    loaded: false,
    error: null,
    async load() {
      try {
        const [workspaces, current] = await Promise.all([api.call('workspaces.list', {}), api.call('workspaces.getCurrent', {})]);
        const currentId = current.workspaceId ?? workspaces[0]?.id ?? null;
        set({ workspaces, currentId, loaded: true, error: null });
      } catch (error) {
        set({ loaded: true, error: (error as Error).message });
      }
    },
    async select(workspaceId) {
      set({ currentId: workspaceId });
      await api.call('workspaces.setCurrent', { workspaceId });
    },
    async rename(workspaceId, name) {
      await api.call('workspaces.rename', { workspaceId, name });
    },
    async remove(workspaceId) {
      await api.call('workspaces.remove', { workspaceId });
      if (get().currentId === workspaceId) {
        const next = get().workspaces.find((w) => w.id !== workspaceId)?.id ?? null;
        set({ currentId: next });
        if (next) await api.call('workspaces.setCurrent', { workspaceId: next });
      }
      await Dexie.delete(mirrorDbName(workspaceId));
      forgetRememberedState(`${workspaceId}:`);
    },
  }));
  api.on('workspaces.changed', (workspaces) => {
    const { currentId } = store.getState();
    const stillThere = workspaces.some((w) => w.id === currentId);
    store.setState({ workspaces, loaded: true, error: null, currentId: stillThere ? currentId : (workspaces[0]?.id ?? null) });
  });
  api.on('workspaces.currentChanged', ({ workspaceId }) => store.setState({ currentId: workspaceId }));
  return store;
}
