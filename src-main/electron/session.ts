// Thin adapter: the session-wide security settings of the app's windows.
import type { Session } from 'electron';

export type PermissionSession = Pick<Session, 'setPermissionRequestHandler' | 'setPermissionCheckHandler'>;

/**
 * The renderer needs no device, camera, notification, clipboard or other permission: requests are
 * refused, and checks (which Chromium makes without a prompt) say no too.
 */
export function secureSession(session: PermissionSession): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
}
