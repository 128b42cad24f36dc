// A Logger that keeps its lines, for assertions on exactly what would reach the log file.
import type { Logger } from '../../../src-main/logging/app-log.ts';

export interface CapturedLine {
  level: 'info' | 'warn' | 'error';
  line: string;
}

export function captureLogger(): Logger & { lines: CapturedLine[]; text(): string } {
  const lines: CapturedLine[] = [];
  return {
    lines,
    info: (line) => void lines.push({ level: 'info', line }),
    warn: (line) => void lines.push({ level: 'warn', line }),
    error: (line) => void lines.push({ level: 'error', line }),
    text: () => lines.map((l) => `${l.level} ${l.line}`).join('\n'),
  };
}
