// Which tray icon file to use. macOS gets a template image (the system tints it for the menu bar);
// elsewhere the glyph contrasts with the panel: `tray-dark` (light glyph) on a dark theme,
// `tray-light` (dark glyph) on a light one. Files live in resources/tray (see scripts/render-icons.ts);
// Electron picks the @2x file next to each one on high-density displays.
export function trayIconFile(platform: NodeJS.Platform, darkTheme: boolean): string {
  if (platform === 'darwin') return 'trayTemplate.png';
  const variant = darkTheme ? 'tray-dark' : 'tray-light';
  // Windows draws tray icons at 16 px (scaled by DPI); Linux panels use 22-24 px, so start from 32.
  return platform === 'win32' ? `${variant}.png` : `${variant}-32.png`;
}

/** What Electron's nativeTheme says (Electron's nativeTheme fits as it is). */
export interface ThemeFacts {
  themeSource: 'system' | 'light' | 'dark';
  shouldUseDarkColors: boolean;
  /** Windows: the taskbar's own theme, apart from the apps' one. */
  shouldUseDarkColorsForSystemIntegratedUI?: boolean;
}

/**
 * Whether the panel the tray icon sits on is dark: the system's theme, never the app's choice. Once
 * the app forces light or dark (themeSource), shouldUseDarkColors says that choice, so outside
 * Windows the last reading taken while it followed the system stands (`lastSystemDark`).
 */
export function panelIsDark(theme: ThemeFacts, platform: NodeJS.Platform, lastSystemDark: boolean): boolean {
  if (platform === 'win32' && theme.shouldUseDarkColorsForSystemIntegratedUI !== undefined) return theme.shouldUseDarkColorsForSystemIntegratedUI;
  return theme.themeSource === 'system' ? theme.shouldUseDarkColors : lastSystemDark;
}
