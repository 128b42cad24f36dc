// The page's lines in main's log (app.log): cleaned of keys like every line, bounded per minute
// (a page logging in a loop is counted, not written), refused when malformed; and main's own
// uncaught exceptions and rejections logged with their stacks while the process goes on.
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { createAppLog } from '../../../src-main/logging/app-log.ts';
import { logProcessErrors } from '../../../src-main/logging/process-errors.ts';
import { createRendererLog } from '../../../src-main/logging/renderer-log.ts';
import { testMainServices } from '../../support/main-services.ts';
import { withTempDir } from '../../support/temp-dir.ts';
import { captureLogger } from './capture.ts';

const KEY = 'renderer-log-key-7d1c0b2e-9f4a';

describe('lines from the page', () => {
  it('are written with their workspace, cleaned of keys, and at most N a minute, the rest counted once', () => {
    const logger = captureLogger();
    let now = 0;
    const write = createRendererLog(createAppLog({ logger, secrets: () => [KEY] }), { perMinute: 3, now: () => now });
    write({ level: 'warn', message: `offline: Bearer ${KEY} refused`, workspaceId: 'w1' });
    write({ level: 'info', message: 'sync (edit): 1 change confirmed in 12 ms', workspaceId: 'w1' });
    write({ level: 'error', message: 'uncaught error: TypeError: x is undefined' });
    for (let i = 0; i < 50; i++) write({ level: 'info', message: `loop ${i}` });
    expect(logger.lines.map((l) => l.level)).toEqual(['warn', 'info', 'error']);
    expect(logger.lines[0]!.line).toBe('renderer [w1]: offline: Bearer [redacted] refused');
    expect(logger.text()).not.toContain(KEY);
    expect(logger.text()).not.toContain('loop');

    now += 60_000;
    write({ level: 'info', message: 'next minute' });
    expect(logger.lines.slice(3).map((l) => l.line)).toEqual(['renderer: 50 log lines dropped (more than 3 a minute)', 'renderer: next minute']);
  });

  it('go through the contract: a malformed line is refused with a clear error, a good one logged', async () => {
    const temp = await withTempDir();
    try {
      const logger = captureLogger();
      const services = await testMainServices(temp.dir, {
        log: createAppLog({ logger }),
      });
      const bad = await services.router.handle('app.log', { level: 'debug', message: 'x' }, true);
      expect(bad.ok).toBe(false);
      const tooLong = await services.router.handle('app.log', { level: 'info', message: 'x'.repeat(4001) }, true);
      expect(tooLong.ok).toBe(false);
      const good = await services.router.handle('app.log', { level: 'info', message: 'sync (start): pulled', workspaceId: 'abc-123' }, true);
      expect(good.ok).toBe(true);
      expect(logger.lines.at(-1)).toEqual({ level: 'info', line: 'renderer [abc-123]: sync (start): pulled' });
    } finally {
      await temp.cleanup();
    }
  });
});

describe('main’s own uncaught errors', () => {
  it('are logged with their stacks, and the process is not ended', () => {
    const logger = captureLogger();
    const events = new EventEmitter();
    logProcessErrors(events as never, createAppLog({ logger }));
    events.emit('uncaughtException', new Error('handler blew up'));
    events.emit('unhandledRejection', new Error('promise rejected'));
    expect(logger.lines.map((l) => l.level)).toEqual(['error', 'error']);
    expect(logger.lines[0]!.line).toMatch(/^uncaught exception in main: Error: handler blew up\n\s+at /);
    expect(logger.lines[1]!.line).toMatch(/^unhandled promise rejection in main: Error: promise rejected/);
  });
});
