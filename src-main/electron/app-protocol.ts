// Thin adapter: the app:// scheme the packaged window loads its page from (desktop/renderer-protocol.ts).
import type { Protocol } from 'electron';
import { APP_SCHEME, serveRendererRequest } from '../desktop/renderer-protocol.ts';
import { productionCsp } from '../security/csp.ts';

/**
 * Before 'ready' (Electron ignores it later): app:// is a standard scheme (relative URLs, its own
 * origin and storage), secure (a secure context, as file:// was) and fetchable by its own pages.
 * No bypassCSP, no CORS, no service workers.
 */
export function registerAppScheme(protocol: Pick<Protocol, 'registerSchemesAsPrivileged'>): void {
  protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } }]);
}

/** After 'ready', before the first window: app://linkdock/ answers from the renderer folder only. */
export function serveAppScheme(protocol: Pick<Protocol, 'handle'>, rendererDir: string): void {
  const csp = productionCsp();
  protocol.handle(APP_SCHEME, (request) => serveRendererRequest(request, { rendererDir, csp }));
}
