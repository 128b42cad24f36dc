// Decides whether an IPC message comes from a frame allowed to use the contract: the top frame
// of one of our windows, showing our own renderer. Pure, so the rule is tested without Electron.
// The Shorten window passes the same test, for its own few calls only.
import { SHORTEN_WINDOW_CALLS } from '../../src-preload/contract/names.ts';

export interface SenderFacts {
  /** URL of the frame that sent the message (null when the frame is gone). */
  frameUrl: string | null;
  /** Whether that frame is the top frame of its page (no iframes). */
  isMainFrame: boolean;
  /** Id of the sending webContents. */
  webContentsId: number;
}

export interface TrustPolicy {
  /** Ids of the webContents of our own windows. */
  windowIds: () => Iterable<number>;
  /** Ids of windows that may make only `limitedCalls` (the Shorten window). */
  shortenWindowIds?: () => Iterable<number>;
  /**
   * Where the renderer is served from: the dev server origin (`http://localhost:5173`) or the
   * app's own `app://linkdock/index.html`.
   */
  rendererUrl: string;
}

/**
 * Whether `name` may be called by this sender: the Shorten window's own calls from it alone (they
 * read the clipboard, which the app's windows otherwise cannot), every other call from the app's windows.
 */
export function mayCall(name: string, sender: SenderFacts, policy: TrustPolicy): boolean {
  if ((SHORTEN_WINDOW_CALLS as readonly string[]).includes(name)) {
    return isTrustedSender(sender, { windowIds: policy.shortenWindowIds ?? (() => []), rendererUrl: policy.rendererUrl });
  }
  return isTrustedSender(sender, policy);
}

export function isTrustedSender(sender: SenderFacts, policy: TrustPolicy): boolean {
  if (!sender.isMainFrame || sender.frameUrl === null) return false;
  if (![...policy.windowIds()].includes(sender.webContentsId)) return false;
  if (!URL.canParse(sender.frameUrl) || !URL.canParse(policy.rendererUrl)) return false;
  const frame = new URL(sender.frameUrl);
  const renderer = new URL(policy.rendererUrl);
  if (renderer.protocol === 'file:') {
    // Any file:// page could claim our origin ("null"), so the exact document path must match.
    return frame.protocol === 'file:' && frame.pathname === renderer.pathname;
  }
  // Scheme and host (with port), not URL.origin: Node gives every non-http(s) URL the origin
  // "null", so app://linkdock would match file:// or any other scheme.
  return frame.protocol === renderer.protocol && frame.host === renderer.host;
}
