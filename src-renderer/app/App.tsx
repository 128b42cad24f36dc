import type { ContractApi } from '../contract/contract-client.ts';
import type { WorkspaceSync } from '../sync/index.ts';
import { WorkspacesProvider } from '../session/use-workspaces.tsx';
import { ApiProvider } from '../session/api-context.tsx';
import { WorkspaceSessionProvider } from '../session/workspace-session.tsx';
import { linkSource } from '../features/links/link-source.ts';
import { AppShell } from './AppShell.tsx';

/** The Links screen opens with its stored first page instead of a loading state. */
const preloadFirstPage = (sync: WorkspaceSync) => linkSource(sync.db).preload();

export function App({ api }: { api: ContractApi }) {
  return (
    <ApiProvider api={api}>
      <WorkspacesProvider>
        <WorkspaceSessionProvider prepare={preloadFirstPage}>
          <AppShell />
        </WorkspaceSessionProvider>
      </WorkspacesProvider>
    </ApiProvider>
  );
}
