// The screens, by view. Each lives in its feature folder. Only the Links screen (the one the app
// opens on) is in the startup bundle; the others load when first shown.
import { lazy, type ComponentType } from 'react';
import { LinksPage } from '../features/links/LinksPage.tsx';
import type { View } from '../session/navigation-store.ts';

const AnalyticsPage = lazy(() => import('../features/analytics/AnalyticsPage.tsx').then((m) => ({ default: m.AnalyticsPage })));
const DomainsPage = lazy(() => import('../features/domains/DomainsPage.tsx').then((m) => ({ default: m.DomainsPage })));
const HandlersPage = lazy(() => import('../features/handlers/HandlersPage.tsx').then((m) => ({ default: m.HandlersPage })));
const PendingPage = lazy(() => import('./PendingView.tsx').then((m) => ({ default: m.PendingView })));
const SettingsPage = lazy(() => import('../features/settings/SettingsPage.tsx').then((m) => ({ default: m.SettingsPage })));
const WorkspacesPage = lazy(() => import('../features/workspaces/WorkspacesPage.tsx').then((m) => ({ default: m.WorkspacesPage })));

export const VIEW_PAGES: Record<View, { label: string; Page: ComponentType; needsWorkspace: boolean }> = {
  links: { label: 'Links', Page: LinksPage, needsWorkspace: true },
  analytics: { label: 'Analytics', Page: AnalyticsPage, needsWorkspace: true },
  domains: { label: 'Domains', Page: DomainsPage, needsWorkspace: true },
  handlers: { label: 'Notification handlers', Page: HandlersPage, needsWorkspace: true },
  pending: { label: 'Pending changes', Page: PendingPage, needsWorkspace: true },
  workspaces: { label: 'Workspaces', Page: WorkspacesPage, needsWorkspace: false },
  settings: { label: 'Settings', Page: SettingsPage, needsWorkspace: false },
};
