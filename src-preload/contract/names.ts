// Names of the contract's calls and events, apart from their schemas, so the preload can allow
// exactly them without bundling zod. The resource calls come from the resource table's names half.
import { RESOURCE_CALL_NAMES } from './resource-names.ts';

/** Desktop integration (tray, shorten from clipboard, notifications, window settings): main's desktop shell answers these. */
export const DESKTOP_CALL_NAMES = [
  'workspaces.getCurrent',
  'workspaces.setCurrent',
  'tray.updateCache',
  'tray.updateStatus',
  'links.shortenPending',
  'links.shortenAccepted',
  'notify.syncProblem',
  'desktop.getSettings',
  'desktop.setSettings',
  'desktop.setTheme',
  'desktop.restoreSandbox',
  'shortenWindow.context',
  'shortenWindow.submit',
  'shortenWindow.close',
] as const;

/** All the Shorten window may call, and only it: main refuses it anything else, and these to any other window (its sender check). */
export const SHORTEN_WINDOW_CALLS = [
  'shortenWindow.context',
  'shortenWindow.submit',
  'shortenWindow.close',
] as const satisfies readonly (typeof DESKTOP_CALL_NAMES)[number][];

export const CALL_NAMES = [
  'vault.status',
  'workspaces.list',
  'workspaces.add',
  'workspaces.rename',
  'workspaces.setBaseUrl',
  'workspaces.setKey',
  'workspaces.remove',
  'workspaces.testConnection',
  ...RESOURCE_CALL_NAMES,
  'rateLimit.get',
  'account.get',
  'statistics.get',
  'listing.start',
  'listing.next',
  'listing.stop',
  'shell.openExternal',
  'clipboard.writeText',
  'app.diagnostics',
  'app.log',
  ...DESKTOP_CALL_NAMES,
] as const;
export type CallName = (typeof CALL_NAMES)[number];

const callNames: ReadonlySet<string> = new Set(CALL_NAMES);
export const isCallName = (name: string): name is CallName => callNames.has(name);

export const EVENT_NAMES = [
  'workspaces.changed',
  'rateLimit.changed',
  // Desktop integration.
  'workspaces.currentChanged',
  'links.shortenRequested',
  'sync.requested',
  'app.navigate',
] as const;
export type EventName = (typeof EVENT_NAMES)[number];

/** IPC channel names: one per call, one per event, under a common prefix. */
export const callChannel = (name: CallName): string => `linkdock:call:${name}`;
export const eventChannel = (name: EventName): string => `linkdock:event:${name}`;
