import type { ContractApi } from '../contract/contract-client.ts';
import { WorkspacesPage } from '../workspaces/WorkspacesPage.tsx';

export function App({ api }: { api: ContractApi }) {
  return (
    <main className="app">
      <header className="app-header">
        <h1>Linkdock</h1>
      </header>
      <WorkspacesPage api={api} />
    </main>
  );
}
