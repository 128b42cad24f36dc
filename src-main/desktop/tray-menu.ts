// The tray's menu, built by a pure function from the tray cache and the workspace list. Every item
// acts through TrayActions, which the desktop shell wires to the clipboard, notifications and windows.
import type { TrayCache, TrayLink } from '../../src-preload/contract/index.ts';
import { menuText, separator, type MenuEntry } from './menu-entry.ts';

export interface TrayActions {
  copyLink(link: TrayLink): void;
  shortenFromClipboard(): void;
  openApp(): void;
  openPending(workspaceId: string): void;
  syncNow(workspaceId: string): void;
  switchWorkspace(workspaceId: string): void;
  quit(): void;
}

export interface TrayView {
  workspaces: { id: string; name: string }[];
  currentId: string | null;
  /** The current workspace's cache, null until the renderer sent one. */
  cache: TrayCache | null;
  /** The registered global shortcut, shown next to "Shorten URL from clipboard". */
  shortcut: string | null;
}

export const RECENT_LIMIT = 10;
export const PINNED_LIMIT = 15;

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** One line for the sync state: online/offline and what is waiting. */
export function statusText(view: TrayView): string {
  if (!view.currentId) return 'No workspace yet';
  const cache = view.cache;
  if (!cache) return 'Not synced yet';
  const { online, pending } = cache.status;
  const waiting = pending > 0 ? ` · ${plural(pending, 'change', 'changes')} pending` : online ? ' · all changes synced' : '';
  return `${online ? 'Online' : 'Offline'}${waiting}`;
}

export function trayToolTip(view: TrayView): string {
  const workspace = view.workspaces.find((w) => w.id === view.currentId);
  return workspace ? `Linkdock — ${workspace.name}: ${statusText(view)}` : 'Linkdock';
}

function linkItems(links: TrayLink[], limit: number, actions: TrayActions): MenuEntry[] {
  return links.slice(0, limit).map((link) => ({
    label: menuText(link.label || link.shortUrl),
    toolTip: link.shortUrl,
    click: () => actions.copyLink(link),
  }));
}

export function buildTrayMenu(view: TrayView, actions: TrayActions): MenuEntry[] {
  const menu: MenuEntry[] = [{ label: statusText(view), enabled: false }];
  const currentId = view.currentId;
  const problems = view.cache?.status.problems ?? 0;
  if (currentId && problems > 0) {
    menu.push({ label: `${plural(problems, 'change needs', 'changes need')} attention…`, click: () => actions.openPending(currentId) });
  }
  menu.push(separator, {
    label: 'Shorten URL from Clipboard',
    enabled: currentId !== null,
    ...(view.shortcut ? { accelerator: view.shortcut, registerAccelerator: false } : {}),
    click: () => actions.shortenFromClipboard(),
  });

  const pinned = view.cache?.pinned ?? [];
  const recent = view.cache?.recent ?? [];
  if (pinned.length > 0) menu.push(separator, { label: 'Pinned', enabled: false }, ...linkItems(pinned, PINNED_LIMIT, actions));
  if (recent.length > 0) menu.push(separator, { label: 'Recent', enabled: false }, ...linkItems(recent, RECENT_LIMIT, actions));

  menu.push(separator);
  if (view.workspaces.length > 0) {
    menu.push({
      label: 'Workspace',
      type: 'submenu',
      submenu: view.workspaces.map((workspace) => ({
        label: menuText(workspace.name),
        type: 'radio' as const,
        checked: workspace.id === currentId,
        click: () => actions.switchWorkspace(workspace.id),
      })),
    });
  }
  if (currentId) menu.push({ label: 'Sync Now', click: () => actions.syncNow(currentId) });
  menu.push({ label: 'Open Linkdock', click: () => actions.openApp() }, separator, { label: 'Quit Linkdock', click: () => actions.quit() });
  return menu;
}
