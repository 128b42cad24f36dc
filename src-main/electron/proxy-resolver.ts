// Thin adapter: the system's proxy settings for a URL, as Chromium resolves them for the app's
// session (PAC scripts, WPAD, per-host exceptions): a PAC-style list such as "PROXY host:port; DIRECT".
import type { Session } from 'electron';

export function sessionProxyResolver(session: Pick<Session, 'resolveProxy'>): (url: string) => Promise<string> {
  return (url) => session.resolveProxy(url);
}
