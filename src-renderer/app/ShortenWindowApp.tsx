import type { ContractApi } from '../contract/contract-client.ts';
import { ShortenForm } from '../features/shorten/ShortenForm.tsx';
import { ApiProvider } from '../session/api-context.tsx';
import { Toasts } from '../ui/index.ts';

/**
 * The Shorten window's whole app: the form alone. No workspace session, so no mirror is opened and
 * no sync engine starts here; the main window's keep running as they are.
 */
export function ShortenWindowApp({ api }: { api: ContractApi }) {
  return (
    <ApiProvider api={api}>
      <ShortenForm />
      <Toasts />
    </ApiProvider>
  );
}
