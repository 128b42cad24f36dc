// Thin adapter: the desktop shell's TrayPort on Electron's Tray and Menu, with the icon following
// the system's theme (not the app's, which nativeTheme.themeSource may force: tray-icon.ts).
import path from 'node:path';
import type { Menu, MenuItemConstructorOptions, NativeTheme, Tray } from 'electron';
import type { TrayPort } from '../desktop/desktop-shell.ts';
import { panelIsDark, trayIconFile } from '../desktop/tray-icon.ts';
import type { MenuEntry } from '../desktop/menu-entry.ts';

export interface ElectronTrayDeps {
  Tray: new (image: string) => Tray;
  Menu: Pick<typeof Menu, 'buildFromTemplate'>;
  nativeTheme: Pick<NativeTheme, 'shouldUseDarkColors' | 'themeSource' | 'on'> & { readonly shouldUseDarkColorsForSystemIntegratedUI?: boolean };
  /** Folder holding the tray PNGs (resources/tray, or the packaged app's resources/tray). */
  iconDir: string;
  platform: NodeJS.Platform;
}

export function createElectronTray(deps: ElectronTrayDeps): TrayPort {
  let systemDark = deps.nativeTheme.shouldUseDarkColors;
  const icon = () => {
    systemDark = panelIsDark(deps.nativeTheme, deps.platform, systemDark);
    return path.join(deps.iconDir, trayIconFile(deps.platform, systemDark));
  };
  const tray = new deps.Tray(icon());
  const onThemeChange = (): void => {
    if (!tray.isDestroyed()) tray.setImage(icon());
  };
  deps.nativeTheme.on('updated', onThemeChange);
  return {
    setMenu: (menu: MenuEntry[]) => tray.setContextMenu(deps.Menu.buildFromTemplate(menu as MenuItemConstructorOptions[])),
    setToolTip: (text) => tray.setToolTip(text),
    onClick: (listener) => {
      tray.on('click', () => listener());
    },
    destroy: () => {
      if (!tray.isDestroyed()) tray.destroy();
    },
  };
}
