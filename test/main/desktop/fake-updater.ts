// electron-updater and the timers, replaced for the update tests (update-checks, update-plan).
import type { UpdaterPort } from '../../../src-main/desktop/update-checks.ts';

/** A GitHub feed as electron-builder writes app-update.yml for an unsigned build. */
export const GITHUB_FEED = 'owner: acme\nrepo: linkdock\nprovider: github\nreleaseType: release\nupdaterCacheDirName: linkdock-updater\n';

/** electron-updater's autoUpdater, recorded; `feedText` is the packaged app's app-update.yml (null: none). */
export class FakeUpdater implements UpdaterPort {
  readonly feedText: string | null;
  constructor(feedText: string | null = GITHUB_FEED) {
    this.feedText = feedText;
  }
  checks = 0;
  automatic: boolean | null = null;
  installs = 0;
  /** What the next checks do: resolve, or reject with this error (and emit it, as electron-updater does). */
  failWith: Error | null = null;
  /** The newer version the next checks find (announced with 'update-available' during the check, as electron-updater does). */
  found: string | null = null;
  private errorListeners: ((error: Error) => void)[] = [];
  private downloadedListeners: ((version: string) => void)[] = [];
  private availableListeners: ((version: string) => void)[] = [];
  feed() {
    return this.feedText;
  }
  onAvailable(listener: (version: string) => void) {
    this.availableListeners.push(listener);
  }
  /** A check found this version (electron-updater's 'update-available'). */
  available(version: string) {
    for (const listener of this.availableListeners) listener(version);
  }
  onError(listener: (error: Error) => void) {
    this.errorListeners.push(listener);
  }
  onDownloaded(listener: (version: string) => void) {
    this.downloadedListeners.push(listener);
  }
  async check() {
    this.checks += 1;
    if (this.failWith) {
      for (const listener of this.errorListeners) listener(this.failWith);
      throw this.failWith;
    }
    if (this.found) this.available(this.found);
    return { newVersion: this.found };
  }
  setAutomatic(on: boolean) {
    this.automatic = on;
  }
  quitAndInstall() {
    this.installs += 1;
  }
  downloaded(version: string) {
    for (const listener of this.downloadedListeners) listener(version);
  }
}

export function manualTimers() {
  let now = 0;
  let pending: { at: number; fn: () => void; id: number }[] = [];
  let nextId = 1;
  return {
    timers: {
      setTimeout: (fn: () => void, ms: number) => {
        const id = nextId++;
        pending.push({ at: now + ms, fn, id });
        return id;
      },
      clearTimeout: (handle: unknown) => {
        pending = pending.filter((p) => p.id !== handle);
      },
    },
    /** Moves time on, running due timers and the checks they start. */
    async advance(ms: number) {
      const until = now + ms;
      for (;;) {
        const next = pending.filter((p) => p.at <= until).sort((a, b) => a.at - b.at)[0];
        if (!next) break;
        pending = pending.filter((p) => p !== next);
        now = next.at;
        next.fn();
        for (let i = 0; i < 5; i += 1) await Promise.resolve();
      }
      now = until;
    },
    pending: () => pending.length,
  };
}
