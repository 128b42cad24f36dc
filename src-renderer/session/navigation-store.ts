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
  linkEditor: { mode: 'new' } | { mode: 'edit'; clientId: string } | null;
  paletteOpen: boolean;
  go(view: View): void;
  openLinkDetail(clientId: string | null): void;
  /** Shows a link's analytics (null: the workspace overview). */
  openAnalytics(clientId: string | null): void;
  openLinkEditor(editor: NavigationState['linkEditor']): void;
  setPaletteOpen(open: boolean): void;
}

export const useNavigation = create<NavigationState>()((set) => ({
  view: 'links',
  linkDetail: null,
  analyticsLink: null,
  linkEditor: null,
  paletteOpen: false,
  go: (view) => set({ view, linkDetail: null, analyticsLink: null }),
  openLinkDetail: (linkDetail) => set({ linkDetail }),
  openAnalytics: (analyticsLink) => set({ view: 'analytics', analyticsLink, linkDetail: null }),
  openLinkEditor: (linkEditor) => set({ linkEditor }),
  setPaletteOpen: (paletteOpen) => set({ paletteOpen }),
}));
