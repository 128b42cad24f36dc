// Thin adapter: installs the desktop shell's application menu.
import type { Menu, MenuItemConstructorOptions } from 'electron';
import type { MenuEntry } from '../desktop/menu-entry.ts';

export function installAppMenu(menu: Pick<typeof Menu, 'buildFromTemplate' | 'setApplicationMenu'>): (template: MenuEntry[]) => void {
  return (template) => menu.setApplicationMenu(menu.buildFromTemplate(template as MenuItemConstructorOptions[]));
}
