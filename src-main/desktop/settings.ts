// Desktop settings kept by main (desktop-settings.json): close-to-tray, the global shortcut, updates, open
// at login, the window's theme choice (for main's own menus and dialogs), and whether the embedded
// sandbox was already offered on first run.
import path from 'node:path';
import { z } from 'zod';
import { ThemeChoiceSchema, type ThemeChoiceName } from '../../src-preload/contract/index.ts';
import { JsonFile, Serial } from '../storage/json-file.ts';

export const DEFAULT_SHORTCUT = 'CommandOrControl+Shift+L';

const FileSchema = z.object({
  version: z.literal(1),
  /** null: the platform's default (hide to tray on Windows/Linux, standard behaviour on macOS). */
  closeToTray: z.boolean().nullable().default(null),
  /** The shortcut, or null when the user turned it off. */
  shortcut: z.string().max(100).nullable().default(DEFAULT_SHORTCUT),
  /** Look for updates, download them and install on quit (off: never; development builds never do). */
  autoUpdate: z.boolean().default(true),
  /** Start at login, hidden in the tray (login-item.ts keeps the system's entry to match). */
  openAtLogin: z.boolean().default(false),
  /** Settings → Appearance, as the window last said: nativeTheme.themeSource follows it from the start. */
  theme: ThemeChoiceSchema.default('system'),
  /** Set once the first-run sandbox workspace was created, so deleting it is respected. */
  sandboxCreated: z.boolean().default(false),
});
export type StoredSettings = z.infer<typeof FileSchema>;

export function defaultCloseToTray(platform: NodeJS.Platform): boolean {
  return platform !== 'darwin';
}

export class SettingsStore {
  private readonly json: JsonFile<typeof FileSchema>;
  private readonly platform: NodeJS.Platform;
  private state: StoredSettings = FileSchema.parse({ version: 1 });
  recoveredFrom: string | undefined;
  private readonly serial = new Serial();

  constructor(options: { dir: string; platform: NodeJS.Platform }) {
    this.json = new JsonFile(path.join(options.dir, 'desktop-settings.json'), FileSchema);
    this.platform = options.platform;
  }

  async load(): Promise<void> {
    const loaded = await this.json.load(() => FileSchema.parse({ version: 1 }));
    this.state = loaded.value;
    this.recoveredFrom = loaded.recoveredFrom;
  }

  get closeToTray(): boolean {
    return this.state.closeToTray ?? defaultCloseToTray(this.platform);
  }

  get shortcut(): string | null {
    return this.state.shortcut;
  }

  get autoUpdate(): boolean {
    return this.state.autoUpdate;
  }

  get openAtLogin(): boolean {
    return this.state.openAtLogin;
  }

  get theme(): ThemeChoiceName {
    return this.state.theme;
  }

  get sandboxCreated(): boolean {
    return this.state.sandboxCreated;
  }

  update(change: Partial<Omit<StoredSettings, 'version'>>): Promise<void> {
    return this.serial.run(async () => {
      const next = { ...this.state, ...change };
      await this.json.save(next);
      this.state = next;
    });
  }
}
