// The screens, by view. Each lives in its feature folder.
import type { ComponentType } from 'react';
import { DomainsPage } from '../domains/DomainsPage.tsx';
import { HandlersPage } from '../handlers/HandlersPage.tsx';
import { LinksPage } from '../links/LinksPage.tsx';
import { PendingPage } from '../sync/ui/PendingPage.tsx';
import { SettingsPage } from '../settings/SettingsPage.tsx';
import { WorkspacesPage } from '../workspaces/WorkspacesPage.tsx';
import type { View } from './navigation-store.ts';

export const VIEW_PAGES: Record<View, { label: string; Page: ComponentType; needsWorkspace: boolean }> = {
  links: { label: 'Links', Page: LinksPage, needsWorkspace: true },
  domains: { label: 'Domains', Page: DomainsPage, needsWorkspace: true },
  handlers: { label: 'Notification handlers', Page: HandlersPage, needsWorkspace: true },
  pending: { label: 'Pending changes', Page: PendingPage, needsWorkspace: true },
  workspaces: { label: 'Workspaces', Page: WorkspacesPage, needsWorkspace: false },
  settings: { label: 'Settings', Page: SettingsPage, needsWorkspace: false },
};
