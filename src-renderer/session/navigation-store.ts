// Which screen is shown. A tiny store instead of a router: the app has a handful of views and
// no URLs to keep (the window is not a browser tab).
import { create } from 'zustand';

export const VIEWS = ['links', 'analytics', 'domains', 'handlers', 'pending', 'workspaces', 'settings'] as const;
export type View = (typeof VIEWS)[number];

export interface NavigationState {
  view: View;
  /** Client id of the link whose detail is open, if any. */
  linkDetail: string | null;
  /** The analytics view: one link's (client id), or the workspace overview (null). */
  analyticsLink: string | null;
  /** The link editor: closed, a new link, or a row (client id). */
  linkEditor: { mode: 'new'; copyOf?: string } | { mode: 'edit'; clientId: string } | null;
  paletteOpen: boolean;
  /** The keyboard shortcuts sheet (`?`). */
  shortcutsOpen: boolean;
  /** The workspace whose "Change key" dialog is asked for from elsewhere (the key-refused banner). */
  keyDialogFor: string | null;
  go(view: View): void;
  /** Goes to Workspaces with the key dialog of `workspaceId` open (null closes it). */
  openKeyDialog(workspaceId: string | null): void;
  openLinkDetail(clientId: string | null): void;
  /** Shows a link's analytics (null: the workspace overview). */
  openAnalytics(clientId: string | null): void;
  openLinkEditor(editor: NavigationState['linkEditor']): void;
  setPaletteOpen(open: boolean): void;
  setShortcutsOpen(open: boolean): void;
}

export const useNavigation = create<NavigationState>()((set) => ({
  view: 'links',
  linkDetail: null,
  analyticsLink: null,
  linkEditor: null,
  paletteOpen: false,
  shortcutsOpen: false,
  keyDialogFor: null,
  go: (view) => set({ view, linkDetail: null, analyticsLink: null }),
  openKeyDialog: (keyDialogFor) => set(keyDialogFor === null ? { keyDialogFor } : { keyDialogFor, view: 'workspaces', linkDetail: null, analyticsLink: null }),
  openLinkDetail: (linkDetail) => set({ linkDetail }),
  openAnalytics: (analyticsLink) => set({ view: 'analytics', analyticsLink, linkDetail: null }),
  openLinkEditor: (linkEditor) => set({ linkEditor }),
  setPaletteOpen: (paletteOpen) => set({ paletteOpen }),
  setShortcutsOpen: (shortcutsOpen) => set({ shortcutsOpen }),
}));
