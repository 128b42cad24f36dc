// The diagnostics text of Help → Copy Diagnostics and the `app.diagnostics` call: versions, the
// system, how many workspaces and what each has pending, the last errors. No names, addresses or
// keys: a workspace is its number and kind; every line is cleaned again like a log line.
import type { LoggedError } from './app-log.ts';
import { cleanLine } from './app-log.ts';

export interface DiagnosticsVersions {
  app: string;
  /** Absent outside Electron (the web preview, tests). */
  electron?: string;
  chrome?: string;
  node: string;
}

export interface PendingCounts {
  /** Outbox operations not yet confirmed by the service. */
  pending: number;
  /** Operations that failed or are in conflict. */
  problems: number;
  online: boolean;
}

export interface DiagnosticsInput {
  now: number;
  versions: DiagnosticsVersions;
  os: { platform: string; release: string; arch: string };
  workspaces: { sandbox: boolean }[];
  /**
   * What the window last reported for each workspace (main keeps it for the tray), in the order of
   * `workspaces`; null for one not reported yet. Absent where main keeps no such report (the web preview).
   */
  pending?: (PendingCounts | null)[];
  recentErrors: LoggedError[];
  /** Cleaned from every line (the vault's keys). */
  secrets: Iterable<string>;
  /** Where Electron's crash reporter writes minidumps (kept locally, never uploaded); absent outside Electron. */
  crashDumps?: string;
  /** The user's home folder, written `~` (stack traces name it, and with it the user's account name). */
  home?: string;
}

function workspaceLine(index: number, sandbox: boolean, counts: PendingCounts | null | undefined): string {
  const head = `  ${index + 1}. ${sandbox ? 'sandbox' : 'service'}`;
  if (counts === undefined) return head;
  if (counts === null) return `${head}: no counts reported yet`;
  return `${head}: ${counts.pending} pending, ${counts.problems} failed or in conflict, ${counts.online ? 'online' : 'offline'}`;
}

export function buildDiagnostics(input: DiagnosticsInput): string {
  const { versions, os } = input;
  const runtime = [
    `Linkdock ${versions.app}`,
    ...(versions.electron ? [`Electron ${versions.electron}`] : []),
    ...(versions.chrome ? [`Chrome ${versions.chrome}`] : []),
    `Node ${versions.node}`,
  ];
  const lines = [
    `Linkdock diagnostics, ${new Date(input.now).toISOString()}`,
    runtime.join(', '),
    `System: ${os.platform} ${os.release} (${os.arch})`,
    `Workspaces: ${input.workspaces.length}`,
    ...input.workspaces.map((w, index) => workspaceLine(index, w.sandbox, input.pending ? (input.pending[index] ?? null) : undefined)),
    input.pending
      ? 'Pending counts: as the window last reported them to the tray.'
      : 'Pending counts: not known here (the window keeps the outbox; see Pending changes).',
    ...(input.crashDumps ? [`Crash dumps (kept on this computer, never uploaded): ${input.crashDumps}`] : []),
  ];
  if (input.recentErrors.length === 0) lines.push('Last errors: none since the app started.');
  else {
    lines.push(`Last errors (${input.recentErrors.length}, oldest first):`);
    // A logged line's only line breaks are its stack's (app-log.ts escapes every other): each frame a line here too.
    for (const entry of input.recentErrors) {
      const [first = '', ...frames] = entry.line.split('\n');
      lines.push(`  ${new Date(entry.at).toISOString()} ${first}`, ...frames.map((frame) => `    ${frame}`));
    }
  }
  const secrets = [...input.secrets];
  const home = input.home && input.home.length > 1 ? input.home : null;
  return lines.map((line) => cleanLine(home ? line.replaceAll(home, '~') : line, secrets)).join('\n');
}
