// Forged log lines (issue #36): text from the page or a service must stay inside its own entry. A
// line break, carriage return, Unicode separator or terminal escape in it is written as an escape;
// the only line breaks in main.log are the log's own (an error's stack frames, indented).
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { createAppLog, errorLines, MAX_LINE } from '../../../src-main/logging/app-log.ts';
import { escapeControl } from '../../../src-main/logging/one-line.ts';
import type { MainServices } from '../../../src-main/main-services.ts';
import { startPreview } from '../../../src-main/preview/preview-server.ts';
import { testMainServices } from '../../support/main-services.ts';
import { withTempDir } from '../../support/temp-dir.ts';
import { captureLogger } from './capture.ts';

const KEY = 'forged-lines-key-2b9e61d0-5c7a';
// What an electron-log entry starts with: text that makes one must not start a line.
const FORGED = '[2030-01-01 00:00:00.000] [info]  API key accepted';
// eslint-disable-next-line no-control-regex -- the characters a forged entry needs
const UNSAFE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u202e]/;

async function withServices(run: (services: MainServices, logger: ReturnType<typeof captureLogger>) => Promise<void>) {
  const temp = await withTempDir();
  try {
    const logger = captureLogger();
    const services = await testMainServices(temp.dir, {
      log: createAppLog({ logger }),
    });
    await run(services, logger);
  } finally {
    await temp.cleanup();
  }
}

describe('forged log lines', () => {
  it('escapes every control character, separator and terminal escape, and leaves other text as it was', () => {
    expect(escapeControl('a\nb\r\nc\td')).toBe('a\\nb\\r\\nc\\td');
    expect(escapeControl('\u001b[2K\u001b[31mred\u009b0m')).toBe('\\u001b[2K\\u001b[31mred\\u009b0m');
    expect(escapeControl('x\u2028y\u2029z\u0085w\u0000\u007f')).toBe('x\\u2028y\\u2029z\\u0085w\\u0000\\u007f');
    expect(escapeControl('evil\u202egnp.exe')).toBe('evil\\u202egnp.exe');
    expect(escapeControl('Café 東京 🔗 "quoted" C:\\Users')).toBe('Café 東京 🔗 "quoted" C:\\Users');
  });

  it("a page's app.log message with line breaks stays one entry", async () => {
    await withServices(async (services, logger) => {
      for (const breaker of ['\n', '\r\n', '\r', '\u2028', '\u2029', '\u0085', '\u000b', '\u000c']) {
        const result = await services.router.handle('app.log', { level: 'info', message: `sync (pull): done${breaker}${FORGED}` }, true);
        expect(result.ok).toBe(true);
      }
      const written = await services.router.handle('app.log', { level: 'warn', message: `\u001b[1A\u001b[2K\r${FORGED}`, workspaceId: 'w-1' }, true);
      expect(written.ok).toBe(true);
      expect(logger.lines).toHaveLength(9);
      for (const { line } of logger.lines) {
        expect(line).not.toContain('\n');
        expect(line).not.toMatch(UNSAFE);
        expect(line).toMatch(/^renderer( \[w-1\])?: /);
      }
      expect(logger.lines[0]!.line).toBe(`renderer: sync (pull): done\\n${FORGED}`);
      expect(logger.lines.at(-1)!.line).toBe(`renderer [w-1]: \\u001b[1A\\u001b[2K\\r${FORGED}`);
    });
  });

  it("a sync problem's title is logged in one entry", async () => {
    await withServices(async (services, logger) => {
      const result = await services.router.handle('notify.syncProblem', { kind: 'failed', title: `Link could not be created\n${FORGED}`, body: '' }, true);
      expect(result.ok).toBe(true);
      const problems = logger.lines.filter((entry) => entry.line.startsWith('sync problem'));
      expect(problems).toEqual([{ level: 'warn', line: `sync problem (failed): Link could not be created\\n${FORGED}` }]);
    });
  });

  it("a service's text in an error stays in its entry's first line; only the stack's frames follow, indented", () => {
    const logger = captureLogger();
    const log = createAppLog({ logger, secrets: () => [KEY] });
    const cause = new Error(`answer was\r\n${FORGED}\nAuthorization: Bearer\n${KEY}`);
    log.error('links.list', new Error(`The service said: refused\n${FORGED}\n    at forged (frame)`, { cause }));
    log.error('thrown text', `not an Error\n${FORGED}`);
    expect(logger.lines).toHaveLength(2);
    const [first, ...rest] = logger.lines[0]!.line.split('\n');
    expect(first).toBe(`links.list: Error: The service said: refused\\n${FORGED}\\n    at forged (frame)`);
    expect(rest.length).toBeGreaterThan(2);
    for (const line of rest) expect(line).toMatch(/^(\s+at |Caused by: )/);
    expect(rest).toContain(`Caused by: Error: answer was\\r\\n${FORGED}\\nAuthorization: Bearer\\n[redacted]`);
    expect(logger.text()).not.toContain(KEY);
    expect(logger.lines[1]!.line).toBe(`thrown text: not an Error\\n${FORGED}`);
    // The diagnostics show the same entries, the frames as their own lines, nothing else.
    expect(log.recentErrors().map((entry) => entry.line)).toEqual(logger.lines.map((entry) => entry.line));
  });

  it('an error whose cause is itself is logged, a few levels deep', () => {
    const logger = captureLogger();
    const error = new Error('loop');
    (error as { cause?: unknown }).cause = error;
    // Five levels of cause, then it stops (counted before the entry is cut at MAX_LINE: how much of
    // it fits depends on how deep the stack was, which is the test runner's business).
    expect(errorLines(error).filter((line) => line.startsWith('Caused by: '))).toHaveLength(5);
    createAppLog({ logger }).error('cycle', error);
    expect(logger.lines[0]!.line).toMatch(/^cycle/);
    expect(logger.lines[0]!.line.length).toBeLessThanOrEqual(MAX_LINE + 40);
  });

  it("the web preview's terminal gets a page's text escaped too", async () => {
    const temp = await withTempDir();
    const printed = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const preview = await startPreview({ rendererDir: path.resolve('src-renderer'), dataDir: temp.dir });
    try {
      const result = await preview.services.router.handle(
        'notify.syncProblem',
        { kind: 'conflict', title: `Both changed\u001b[2K\r${FORGED}`, body: '' },
        true,
      );
      expect(result.ok).toBe(true);
      expect(printed.mock.calls.map(([line]) => String(line))).toEqual([`sync problem (conflict): Both changed\\u001b[2K\\r${FORGED}`]);
    } finally {
      printed.mockRestore();
      await preview.close();
      await temp.cleanup();
    }
  });
});
