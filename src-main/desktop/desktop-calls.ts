// The contract calls the desktop shell answers (named in the contract's DESKTOP_CALL_NAMES).
// call-handlers.ts answers the rest; main-services merges both into one router.
import type { DESKTOP_CALL_NAMES } from '../../src-preload/contract/index.ts';
import type { CallHandlers } from '../ipc/call-router.ts';

export type DesktopCallName = (typeof DESKTOP_CALL_NAMES)[number];
export type DesktopCallHandlers = Pick<CallHandlers, DesktopCallName>;
