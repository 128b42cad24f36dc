// The tray's menu, built by a pure function from the tray cache and the workspace list. Every item
// acts through TrayActions, which the desktop shell wires to the clipboard, notifications and windows.
// The current workspace's links are in the menu itself; with several workspaces, each other one is a
// submenu with its own status, pinned and recent links (all of them inline would make a menu taller
// than the screen).
import type { TrayCache, TrayLink } from '../../src-preload/contract/index.ts';
import { menuText, separator, type MenuEntry } from './menu-entry.ts';
import type { Notify } from './notice.ts';

export interface TrayActions {
  copyLink(link: TrayLink): void;
  shortenFromClipboard(): void;
  /** The small Shorten window: domain and alias chosen before the link is made. */
  shortenWithOptions(): void;
  openApp(): void;
  openPending(workspaceId: string): void;
  syncNow(workspaceId: string): void;
  switchWorkspace(workspaceId: string): void;
  quit(): void;
}

export interface TrayView {
  workspaces: { id: string; name: string }[];
  currentId: string | null;
  /** Each workspace's cache by id; a workspace whose renderer has not sent one yet is absent. */
  caches: Readonly<Record<string, TrayCache | undefined>>;
  /** The registered global shortcut, shown next to "Shorten URL from clipboard". */
  shortcut: string | null;
}

export const RECENT_LIMIT = 10;
/** Pinned links shown in the menu itself; the rest (the cache holds up to 50) in "More Pinned". */
export const PINNED_INLINE = 15;

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** One line for a workspace's sync state: online/offline and what is waiting. */
export function workspaceStatus(cache: TrayCache | null | undefined): string {
  if (!cache) return 'Not synced yet';
  const { online, pending } = cache.status;
  const waiting = pending > 0 ? ` · ${plural(pending, 'change', 'changes')} pending` : online ? ' · all changes synced' : '';
  return `${online ? 'Online' : 'Offline'}${waiting}`;
}

/** The current workspace's status line. */
export function statusText(view: TrayView): string {
  if (!view.currentId) return 'No workspace yet';
  return workspaceStatus(view.caches[view.currentId]);
}

export function trayToolTip(view: TrayView): string {
  const workspace = view.workspaces.find((w) => w.id === view.currentId);
  return workspace ? `Linkdock — ${workspace.name}: ${statusText(view)}` : 'Linkdock';
}

function linkItem(link: TrayLink, actions: TrayActions): MenuEntry {
  return { label: menuText(link.label || link.shortUrl), toolTip: link.shortUrl, click: () => actions.copyLink(link) };
}

/** "Pinned" and "Recent" with their links: every pinned one, the first PINNED_INLINE inline. */
function linkSections(cache: TrayCache | null | undefined, actions: TrayActions): MenuEntry[] {
  const pinned = cache?.pinned ?? [];
  const recent = cache?.recent ?? [];
  const entries: MenuEntry[] = [];
  if (pinned.length > 0) {
    entries.push(separator, { label: 'Pinned', enabled: false }, ...pinned.slice(0, PINNED_INLINE).map((link) => linkItem(link, actions)));
    const more = pinned.slice(PINNED_INLINE);
    if (more.length > 0) {
      entries.push({ label: `More Pinned (${more.length})`, type: 'submenu', submenu: more.map((link) => linkItem(link, actions)) });
    }
  }
  if (recent.length > 0) entries.push(separator, { label: 'Recent', enabled: false }, ...recent.slice(0, RECENT_LIMIT).map((link) => linkItem(link, actions)));
  return entries;
}

function attentionItem(workspaceId: string, cache: TrayCache | null | undefined, actions: TrayActions): MenuEntry[] {
  const problems = cache?.status.problems ?? 0;
  if (problems === 0) return [];
  return [{ label: `${plural(problems, 'change needs', 'changes need')} attention…`, click: () => actions.openPending(workspaceId) }];
}

/** Another workspace: its status in the label, its links and Sync Now inside. */
function otherWorkspace(workspace: { id: string; name: string }, cache: TrayCache | undefined, actions: TrayActions): MenuEntry {
  const status = workspaceStatus(cache);
  const links = linkSections(cache, actions);
  return {
    label: `${menuText(workspace.name)} — ${status}`,
    type: 'submenu',
    submenu: [
      { label: status, enabled: false },
      ...attentionItem(workspace.id, cache, actions),
      ...(links.length > 0 ? links : [separator, { label: 'No links yet', enabled: false }]),
      separator,
      { label: 'Sync Now', click: () => actions.syncNow(workspace.id) },
    ],
  };
}

export function buildTrayMenu(view: TrayView, actions: TrayActions): MenuEntry[] {
  const currentId = view.currentId;
  const current = view.workspaces.find((w) => w.id === currentId);
  const cache = currentId ? view.caches[currentId] : undefined;
  const several = view.workspaces.length > 1;
  const menu: MenuEntry[] = [];
  // With several workspaces, the current one's section is named: its links are not the others'.
  if (several && current) menu.push({ label: menuText(current.name), enabled: false });
  menu.push({ label: statusText(view), enabled: false });
  if (currentId) menu.push(...attentionItem(currentId, cache, actions));
  menu.push(
    separator,
    {
      label: 'Shorten URL from Clipboard',
      enabled: currentId !== null,
      toolTip: 'Copies a short URL for the web address on the clipboard at once; a notification says so when the clipboard holds none',
      ...(view.shortcut ? { accelerator: view.shortcut, registerAccelerator: false } : {}),
      click: () => actions.shortenFromClipboard(),
    },
    {
      label: 'Shorten Clipboard…',
      enabled: currentId !== null,
      toolTip: 'Choose the workspace, domain and alias before shortening the web address on the clipboard',
      click: () => actions.shortenWithOptions(),
    },
    ...linkSections(cache, actions),
  );

  const others = view.workspaces.filter((w) => w.id !== currentId);
  if (several && others.length > 0) menu.push(separator, ...others.map((w) => otherWorkspace(w, view.caches[w.id], actions)));

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

/** A tray link's click: its short URL onto the clipboard, and a notice saying so (or why not). */
export async function copyTrayLink(link: TrayLink, deps: { clipboard: { writeText(text: string): void | Promise<void> }; notify: Notify }): Promise<void> {
  try {
    await deps.clipboard.writeText(link.shortUrl);
  } catch (error) {
    deps.notify({ title: 'Short URL not copied', body: `The clipboard refused it: ${error instanceof Error ? error.message : String(error)}` });
    return;
  }
  deps.notify({ title: 'Short URL copied', body: link.label && link.label !== link.shortUrl ? `${link.shortUrl}\n${link.label}` : link.shortUrl });
}
