// The contract calls the desktop shell answers. The lead's createCallHandlers answers the rest;
// main-services merges both into one router.
import type { CallName } from '../../src-preload/contract/index.ts';
import type { CallHandlers } from '../ipc/call-router.ts';

export const DESKTOP_CALL_NAMES = [
  'workspaces.getCurrent',
  'workspaces.setCurrent',
  'tray.updateCache',
  'links.shortenPending',
  'links.shortenAccepted',
  'notify.syncProblem',
  'desktop.getSettings',
  'desktop.setSettings',
] as const satisfies readonly CallName[];

export type DesktopCallName = (typeof DESKTOP_CALL_NAMES)[number];
export type DesktopCallHandlers = Pick<CallHandlers, DesktopCallName>;
