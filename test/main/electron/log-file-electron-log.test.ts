// The log adapter against electron-log itself, not a fake of its shape: `electron-log/node` runs
// without Electron and has the same file transport as `electron-log/main`, so what the adapter sets
// (writeOptions.mode, issue #36) is shown to reach the file the real library writes.
import { readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import electronLog from 'electron-log/node';
import type { MainLogger } from 'electron-log';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { electronLogFile, type ElectronLog } from '../../../src-main/electron/log-file.ts';
import { withTempDir } from '../../support/temp-dir.ts';

describe('the log adapter with the real electron-log', () => {
  it('takes electron-log’s own main logger type (no local declaration stands in for it)', () => {
    expectTypeOf<MainLogger>().toExtend<ElectronLog>();
  });

  it.skipIf(process.platform === 'win32')('makes the file electron-log writes readable by the user alone', async () => {
    const { dir, cleanup } = await withTempDir();
    try {
      const file = path.join(dir, 'logs', 'main.log');
      const log = electronLog.create({ logId: `log-file-test-${process.pid}` });
      log.transports.file.resolvePathFn = () => file;
      const logFile = electronLogFile(log, { dev: false });
      // The adapter tightens the file it finds; a file electron-log makes anew (after rotation, or
      // deleted meanwhile) gets its mode from writeOptions.
      await rm(file);
      logFile.logger.info('sync finished');
      expect(await readFile(file, 'utf8')).toMatch(/\[info\]\s+sync finished\n$/);
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      expect(logFile.directory()).toBe(path.dirname(file));
    } finally {
      await cleanup();
    }
  });
});
