// Thin adapter: the desktop shell's notices as Electron notifications. Shown notifications are kept
// referenced until dismissed, so their click handler is not lost to garbage collection.
import type { Notification, NotificationConstructorOptions } from 'electron';
import type { Notice, Notify } from '../desktop/notice.ts';

export interface ElectronNotifierDeps {
  Notification: { new (options: NotificationConstructorOptions): Notification; isSupported(): boolean };
  icon?: string;
  logError(message: string): void;
}

export function electronNotifier(deps: ElectronNotifierDeps): Notify {
  const shown = new Set<Notification>();
  return (notice: Notice) => {
    if (!deps.Notification.isSupported()) {
      deps.logError(`notification (not supported here): ${notice.title}`);
      return;
    }
    const notification = new deps.Notification({ title: notice.title, body: notice.body, ...(deps.icon ? { icon: deps.icon } : {}) });
    shown.add(notification);
    const forget = (): void => {
      shown.delete(notification);
    };
    notification.on('click', () => {
      forget();
      notice.onClick?.();
    });
    notification.on('close', forget);
    notification.on('failed', (_event, error) => {
      forget();
      deps.logError(`notification failed: ${error}`);
    });
    notification.show();
  };
}
