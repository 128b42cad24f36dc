/** A native notification as the desktop logic describes it; src-main/electron/notifications.ts shows it. */
export interface Notice {
  title: string;
  body: string;
  /** What a click on the notification does (bring up the window, show Pending changes). */
  onClick?: () => void;
}

export type Notify = (notice: Notice) => void;
