// The app's error boundaries (ui/ErrorBoundary.tsx): one round the whole window (main.tsx) and one
// round each screen (AppShell), so a screen that throws leaves the sidebar, the status bar and the
// other screens working. Each writes what it caught to main's log, with React's component stack.
import type { ReactNode } from 'react';
import type { ContractApi } from '../contract/contract-client.ts';
import { useApi } from '../session/api-context.tsx';
import { ErrorBoundary } from '../ui/index.ts';

/** A render error to main's log (`app.log`): the console is gone in a packaged app. */
export function logRenderError(api: ContractApi, where: string, error: unknown, componentStack: string): void {
  const text = error instanceof Error ? (error.stack ?? `${error.name}: ${error.message}`) : String(error);
  void api.call('app.log', { level: 'error', message: `render error in ${where}: ${text}${componentStack}`.slice(0, 4000) }).catch(() => undefined);
}

/** Round the whole window: what no screen's boundary caught (the frame itself). Reload loads the page again. */
export function RootBoundary({ api, children }: { api: ContractApi; children: ReactNode }) {
  return (
    <ErrorBoundary
      label="Linkdock"
      note="The error was written to the log. Reload opens the window again; your links and waiting changes are kept."
      onError={(error, stack) => logRenderError(api, 'the window', error, stack)}
      onReload={() => location.reload()}
    >
      {children}
    </ErrorBoundary>
  );
}

/** Round one screen: it fails alone; another screen or workspace (`resetKey`), or Reload, draws it again. */
export function ScreenBoundary({ label, resetKey, children }: { label: string; resetKey: string; children: ReactNode }) {
  const api = useApi();
  return (
    <ErrorBoundary label={label} resetKey={resetKey} onError={(error, stack) => logRenderError(api, `the ${label} screen`, error, stack)}>
      {children}
    </ErrorBoundary>
  );
}
