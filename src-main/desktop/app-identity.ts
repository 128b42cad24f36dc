// What the system shows of the app itself: on Windows the AppUserModelID (notifications carry
// Linkdock's name and icon only when it matches the Start menu shortcut's, which electron-builder
// gives its appId), and the About panel's name, version and copyright (macOS's standard panel;
// Help → About Linkdock elsewhere). Set before 'ready', so before any notification.
import path from 'node:path';
import { APP_WEBSITE } from './help-menu.ts';

/** electron-builder.ts's appId. */
export const APP_USER_MODEL_ID = 'app.linkdock.desktop';
/** electron-builder.ts's copyright. */
export const COPYRIGHT = 'Copyright © 2026 Linkdock developers';

export interface AboutPanel {
  applicationName: string;
  applicationVersion: string;
  copyright: string;
  /** Linux only (the GTK About dialog links it). */
  website?: string;
  /** Linux and Windows: the icon the panel shows. */
  iconPath?: string;
}

/** The parts of Electron's app used; Electron's app fits as it is. */
export interface IdentityApp {
  setAppUserModelId(id: string): void;
  setAboutPanelOptions(options: AboutPanel): void;
}

export interface IdentityFacts {
  platform: NodeJS.Platform;
  version: string;
  /** The app's icons folder (resources/icons: 48x48.png, 64x64.png, …). */
  iconsDir?: string;
}

export function aboutPanel(facts: IdentityFacts): AboutPanel {
  // Windows draws the icon best from 48 px, Linux shows it at 64 px; macOS uses the app bundle's.
  const icon = facts.platform === 'win32' ? '48x48.png' : '64x64.png';
  return {
    applicationName: 'Linkdock',
    applicationVersion: facts.version,
    copyright: COPYRIGHT,
    ...(facts.platform === 'linux' ? { website: APP_WEBSITE } : {}),
    ...(facts.iconsDir && facts.platform !== 'darwin' ? { iconPath: path.join(facts.iconsDir, icon) } : {}),
  };
}

export function applyAppIdentity(app: IdentityApp, facts: IdentityFacts): void {
  if (facts.platform === 'win32') app.setAppUserModelId(APP_USER_MODEL_ID);
  app.setAboutPanelOptions(aboutPanel(facts));
}
