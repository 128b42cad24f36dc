// Lines the page sends to main's log (`app.log`): what the sync engine decides (it runs in the
// renderer) and the page's own uncaught errors. Bounded: a page logging in a loop fills neither the
// file nor the disk — past RENDERER_LINES_PER_MINUTE the rest of that minute is counted and said once.
import type { AppLog } from './app-log.ts';

export const RENDERER_LINES_PER_MINUTE = 120;

export interface RendererLine {
  level: 'info' | 'warn' | 'error';
  message: string;
  workspaceId?: string | undefined;
}

export function createRendererLog(log: AppLog, options: { perMinute?: number; now?: () => number } = {}): (line: RendererLine) => void {
  const perMinute = options.perMinute ?? RENDERER_LINES_PER_MINUTE;
  const now = options.now ?? Date.now;
  let windowStart = Number.NEGATIVE_INFINITY;
  let written = 0;
  let dropped = 0;
  return (line) => {
    const at = now();
    if (at - windowStart >= 60_000) {
      if (dropped > 0) log.warn(`renderer: ${dropped} log lines dropped (more than ${perMinute} a minute)`);
      windowStart = at;
      written = 0;
      dropped = 0;
    }
    if (written >= perMinute) {
      dropped++;
      return;
    }
    written++;
    // The page's words, one entry each: the app log escapes their line breaks (a page's stack included), so a
    // page cannot write what looks like another entry, and cleans them of keys.
    const text = `renderer${line.workspaceId ? ` [${line.workspaceId}]` : ''}: ${line.message}`;
    if (line.level === 'error') log.error(text);
    else if (line.level === 'warn') log.warn(text);
    else log.info(text);
  };
}
