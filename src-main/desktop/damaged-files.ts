// The desktop shell's files that could not be read at start were moved aside (storage/json-file.ts)
// and replaced by their defaults: each is logged, and where the user lost something they chose or
// made, one notice says what and where the damaged copy is kept (issue #40).
import type { Notify } from './notice.ts';

interface SetAside {
  recoveredFrom: string | undefined;
}

export interface ShellFiles {
  settings: SetAside;
  queue: SetAside;
  trayCache: SetAside;
}

/** What the user is told per file; null: a cache the app refills, logged only. */
const TOLD: Record<keyof ShellFiles, { file: string; lost: string | null }> = {
  settings: { file: 'desktop-settings.json', lost: 'Your desktop settings were reset to their defaults.' },
  queue: { file: 'shorten-queue.json', lost: 'Links shortened from the clipboard that had not yet reached the window were not sent.' },
  trayCache: { file: 'tray-cache.json', lost: null },
};

export function reportDamagedFiles(files: ShellFiles, deps: { logWarn: (line: string) => void; notify: Notify }): void {
  const lost: string[] = [];
  for (const name of Object.keys(TOLD) as (keyof ShellFiles)[]) {
    const aside = files[name].recoveredFrom;
    if (!aside) continue;
    deps.logWarn(`${TOLD[name].file} could not be read: moved to ${aside}, started from its defaults`);
    const told = TOLD[name].lost;
    if (told) lost.push(`${told} The damaged file was kept as ${aside}.`);
  }
  if (lost.length > 0) deps.notify({ title: 'Some of Linkdock’s files could not be read', body: lost.join(' ') });
}
