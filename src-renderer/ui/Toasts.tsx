// The app's one way to say that something happened: react-aria's toast queue and region (focus
// with F6, announced to screen readers, paused while hovered or focused). An action (Undo) sits
// in the toast; a toast closes by itself after its timeout or by its ✕.
import {
  Button as AriaButton,
  Text,
  UNSTABLE_Toast as Toast,
  UNSTABLE_ToastContent as ToastContent,
  UNSTABLE_ToastQueue as ToastQueue,
  UNSTABLE_ToastRegion as ToastRegion,
} from 'react-aria-components';

export interface ToastMessage {
  title: string;
  description?: string;
  tone?: 'info' | 'success' | 'danger';
  /** One action, e.g. Undo. Pressing it closes the toast. */
  action?: { label: string; onAction: () => void };
}

/** How long a toast stays: long enough to read and to reach its action; errors stay until closed. */
export const TOAST_MS = 6_000;
export const TOAST_WITH_ACTION_MS = 10_000;

export const toasts = new ToastQueue<ToastMessage>({ maxVisibleToasts: 4 });

export function showToast(message: ToastMessage): string {
  const timeout = message.tone === 'danger' ? undefined : message.action ? TOAST_WITH_ACTION_MS : TOAST_MS;
  return toasts.add(message, timeout === undefined ? {} : { timeout });
}

/** The region toasts appear in (bottom right, above the status bar); render once, in the app shell. */
export function Toasts() {
  return (
    <ToastRegion queue={toasts} className="toast-region" aria-label="Notifications">
      {({ toast }) => (
        <Toast toast={toast} className={`toast toast-${toast.content.tone ?? 'info'}`}>
          <ToastContent className="toast-content">
            <Text slot="title" className="toast-title">
              {toast.content.title}
            </Text>
            {toast.content.description && (
              <Text slot="description" className="toast-description">
                {toast.content.description}
              </Text>
            )}
          </ToastContent>
          {toast.content.action && (
            <AriaButton
              className="btn btn-secondary btn-small"
              onPress={() => {
                toast.content.action!.onAction();
                toasts.close(toast.key);
              }}
            >
              {toast.content.action.label}
            </AriaButton>
          )}
          <AriaButton slot="close" className="btn btn-ghost btn-small" aria-label="Close">
            ✕
          </AriaButton>
        </Toast>
      )}
    </ToastRegion>
  );
}
