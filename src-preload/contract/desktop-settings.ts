// Settings → Desktop as main keeps them (desktop-settings.json), what the window may change of
// them, and the theme choice main follows for what it draws itself (menus, dialogs, the title bar).
// calls.ts re-exports it, so every import of these names stays as it was.
import { z } from 'zod';
import { ShortcutSchema } from './inputs.ts';

export const DesktopSettingsSchema = z.object({
  /** Closing the window hides it to the tray instead of quitting (Windows/Linux default). */
  closeToTray: z.boolean(),
  /** Global shortcut for "Shorten URL from clipboard" (Electron accelerator), or null for none. */
  shortcut: z.string().nullable(),
  /** Whether the shortcut is registered right now. */
  shortcutActive: z.boolean(),
  /** Why it is not (taken by another application, not supported here), or null. */
  shortcutProblem: z.string().nullable(),
  /** Look for updates, download them and install them on quit. */
  autoUpdate: z.boolean(),
  /** Why updates do not run here (development build, the preview), or that one is ready; null otherwise. */
  updateNote: z.string().nullable(),
  /** Linkdock starts, hidden in the tray, when the user logs in (off by default). */
  openAtLogin: z.boolean(),
  /** False where it cannot be set (development builds, the browser preview): openAtLoginNote says why. */
  openAtLoginAvailable: z.boolean(),
  /** Why it is unavailable, or what the system still wants (macOS: approval in System Settings); null otherwise. */
  openAtLoginNote: z.string().nullable(),
});
export type DesktopSettings = z.infer<typeof DesktopSettingsSchema>;

/** desktop.setSettings: the settings to change; absent ones stay as they are. */
export const DesktopSettingsPatchSchema = z
  .object({
    closeToTray: z.boolean().optional(),
    shortcut: ShortcutSchema.nullable().optional(),
    autoUpdate: z.boolean().optional(),
    openAtLogin: z.boolean().optional(),
  })
  .strict();

/** The window's theme choice (Settings → Appearance); main sets Electron's nativeTheme.themeSource to it. */
export const THEME_CHOICES = ['system', 'light', 'dark'] as const;
export const ThemeChoiceSchema = z.enum(THEME_CHOICES);
export type ThemeChoiceName = z.infer<typeof ThemeChoiceSchema>;
