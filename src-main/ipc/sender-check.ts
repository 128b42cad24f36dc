// Decides whether an IPC message comes from a frame allowed to use the contract: the top frame
// of one of our windows, showing our own renderer. Pure, so the rule is tested without Electron.

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
  /**
   * Where the renderer is served from: the dev server origin (`http://localhost:5173`) or the
   * packaged `file://.../index.html`.
   */
  rendererUrl: string;
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
  return frame.origin === renderer.origin;
}
