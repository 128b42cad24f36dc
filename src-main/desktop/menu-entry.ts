// The subset of Electron's MenuItemConstructorOptions the pure menu builders produce; the
// adapters in src-main/electron hand these to Menu.buildFromTemplate unchanged.
export type MenuRole =
  | 'appMenu'
  | 'fileMenu'
  | 'editMenu'
  | 'viewMenu'
  | 'windowMenu'
  | 'about'
  | 'hide'
  | 'hideOthers'
  | 'unhide'
  | 'services'
  | 'quit'
  | 'close'
  | 'minimize'
  | 'zoom'
  | 'front'
  | 'resetZoom'
  | 'zoomIn'
  | 'zoomOut'
  | 'togglefullscreen'
  | 'reload'
  | 'forceReload'
  | 'toggleDevTools'
  | 'help'
  | 'cut'
  | 'copy'
  | 'paste'
  | 'selectAll';

export interface MenuEntry {
  label?: string;
  type?: 'normal' | 'separator' | 'submenu' | 'checkbox' | 'radio';
  role?: MenuRole;
  enabled?: boolean;
  checked?: boolean;
  accelerator?: string;
  /** False: show the accelerator only (the global shortcut already handles it; both would fire). */
  registerAccelerator?: boolean;
  /** Menus built here never need Electron's click arguments. */
  click?: () => void;
  submenu?: MenuEntry[];
  toolTip?: string;
}

export const separator: MenuEntry = { type: 'separator' };

/** Windows and Linux read "&" as a mnemonic marker: text from data must show it literally. */
export function menuText(text: string, max = 60): string {
  const clean = text.replace(/[\r\n\t]+/g, ' ').trim();
  const short = clean.length > max ? `${clean.slice(0, max - 1)}…` : clean;
  return short.replace(/&/g, '&&');
}
