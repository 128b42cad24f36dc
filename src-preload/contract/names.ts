// Names of the contract's calls and events, apart from their schemas, so the preload can allow
// exactly them without bundling zod. calls.ts is checked against these lists.

/** Desktop integration (tray, shorten from clipboard, notifications, window settings): main's desktop shell answers these. */
export const DESKTOP_CALL_NAMES = [
  'workspaces.getCurrent',
  'workspaces.setCurrent',
  'tray.updateCache',
  'links.shortenPending',
  'links.shortenAccepted',
  'notify.syncProblem',
  'desktop.getSettings',
  'desktop.setSettings',
] as const;

export const CALL_NAMES = [
  'vault.status',
  'workspaces.list',
  'workspaces.add',
  'workspaces.rename',
  'workspaces.setBaseUrl',
  'workspaces.setKey',
  'workspaces.remove',
  'workspaces.testConnection',
  'links.list',
  'links.get',
  'links.create',
  'links.update',
  'links.delete',
  'domains.list',
  'domains.get',
  'domains.create',
  'domains.update',
  'domains.delete',
  'handlers.list',
  'handlers.get',
  'handlers.create',
  'handlers.update',
  'handlers.delete',
  'rateLimit.get',
  'account.get',
  'shell.openExternal',
  'clipboard.writeText',
  ...DESKTOP_CALL_NAMES,
] as const;
export type CallName = (typeof CALL_NAMES)[number];

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
