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
