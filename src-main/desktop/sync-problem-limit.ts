// `notify.syncProblem` shows a native notification and writes a log line. The sync engine reports
// each problem once, but a page in a loop (or a compromised one) could call it without end and
// bury the desktop in notifications and the log in lines. So the same problem is shown at most
// once in SAME_PROBLEM_MS, and at most SYNC_PROBLEMS_PER_MINUTE problems a minute are shown at all;
// the rest are counted and said in one log line. Nothing is lost: every problem stays in the
// window's Pending changes (or its key prompt), which is where the notification leads anyway.
import type { SyncProblem } from '../../src-preload/contract/index.ts';

export const SAME_PROBLEM_MS = 10 * 60_000;
export const SYNC_PROBLEMS_PER_MINUTE = 5;
const MINUTE_MS = 60_000;

export interface SyncProblemVerdict {
  /** Show and log this one. */
  show: boolean;
  /** How many the minute before this call's held back, once that minute is over; else 0. */
  heldBack: number;
}

export interface SyncProblemLimitOptions {
  now: () => number;
  perMinute?: number;
  sameProblemMs?: number;
}

export function syncProblemLimit(options: SyncProblemLimitOptions): (problem: SyncProblem) => SyncProblemVerdict {
  const perMinute = options.perMinute ?? SYNC_PROBLEMS_PER_MINUTE;
  const sameProblemMs = options.sameProblemMs ?? SAME_PROBLEM_MS;
  /** When each problem was last shown; at most perMinute a minute enter, and each leaves after sameProblemMs. */
  const shown = new Map<string, number>();
  let minuteStart = Number.NEGATIVE_INFINITY;
  let shownThisMinute = 0;
  let heldThisMinute = 0;
  return (problem) => {
    const at = options.now();
    let heldBack = 0;
    if (at - minuteStart >= MINUTE_MS) {
      heldBack = heldThisMinute;
      minuteStart = at;
      shownThisMinute = 0;
      heldThisMinute = 0;
    }
    for (const [key, when] of shown) if (at - when >= sameProblemMs) shown.delete(key);
    const key = JSON.stringify([problem.kind, problem.workspaceId ?? null, problem.title, problem.body]);
    if (shown.has(key) || shownThisMinute >= perMinute) {
      heldThisMinute++;
      return { show: false, heldBack };
    }
    shown.set(key, at);
    shownThisMinute++;
    return { show: true, heldBack };
  };
}
