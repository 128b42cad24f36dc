import type { ContractApi } from '../contract/contract-client.ts';
import { WorkspacesProvider } from '../workspaces/use-workspaces.tsx';
import { ApiProvider } from './api-context.tsx';
import { AppShell } from './AppShell.tsx';
import { WorkspaceSessionProvider } from './workspace-session.tsx';

export function App({ api }: { api: ContractApi }) {
  return (
    <ApiProvider api={api}>
      <WorkspacesProvider>
        <WorkspaceSessionProvider>
          <AppShell />
        </WorkspaceSessionProvider>
      </WorkspacesProvider>
    </ApiProvider>
  );
}
