import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { RootBoundary } from './app/boundaries.tsx';
import { ShortenWindowApp } from './app/ShortenWindowApp.tsx';
import { createContractApi } from './contract/contract-client.ts';
import { createWebSocketBridge } from './contract/websocket-bridge.ts';
import './ui/theme.css';
import { followTheme } from './ui/theme-choice.ts';

// Before the first paint: the stored theme, or the system's.
followTheme();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

// In the app the preload provides the bridge; in `npm run preview:web` the page address carries
// the preview server's per-run token and the bridge is a loopback WebSocket.
const hashParams = new URLSearchParams(location.hash.slice(1));
const previewToken = hashParams.get('token');
// The tray's small Shorten window loads this page with #view=shorten (src-main/electron/window.ts).
const shortenWindow = hashParams.get('view') === 'shorten';
const bridge =
  window.linkdock ?? (previewToken ? createWebSocketBridge(`ws://${location.host}/contract?token=${encodeURIComponent(previewToken)}`) : undefined);

if (bridge) {
  const api = createContractApi(bridge);
  // The page's own uncaught errors go to main's log with their stacks (the console is gone in a packaged app).
  const report = (what: string, error: unknown) => {
    const text = error instanceof Error ? (error.stack ?? `${error.name}: ${error.message}`) : String(error);
    void api.call('app.log', { level: 'error', message: `${what}: ${text}`.slice(0, 4000) }).catch(() => undefined);
  };
  window.addEventListener('error', (event) => report('uncaught error', event.error ?? event.message));
  window.addEventListener('unhandledrejection', (event) => report('unhandled rejection', event.reason));
  if (shortenWindow) document.title = 'Shorten — Linkdock';
  createRoot(root).render(
    <StrictMode>
      <RootBoundary api={api}>{shortenWindow ? <ShortenWindowApp api={api} /> : <App api={api} />}</RootBoundary>
    </StrictMode>,
  );
} else {
  root.textContent = 'Linkdock could not reach its main process. Restart the app.';
}
