// The electron-log adapter against a fake of the logger's shape (electron-log needs Electron to run):
// file transport at info with ~5 MB rotation, lines passed through as they are, the folder opened.
import { chmod, mkdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { electronLogFile, LOG_FILE_MAX_BYTES, openLogsFolder, type ElectronLog } from '../../../src-main/electron/log-file.ts';
import { withTempDir } from '../../support/temp-dir.ts';

function fakeElectronLog(file = '/home/u/.config/Linkdock/logs/main.log'): ElectronLog & { written: [string, unknown[]][] } {
  const written: [string, unknown[]][] = [];
  return {
    written,
    transports: {
      file: { level: 'silly', maxSize: 1_048_576, getFile: () => ({ path: file }) },
      console: { level: 'silly' },
    },
    info: (...params) => void written.push(['info', params]),
    warn: (...params) => void written.push(['warn', params]),
    error: (...params) => void written.push(['error', params]),
  };
}

describe('the electron-log adapter', () => {
  it('writes info and above to the file, rotating at about 5 MB; the terminal only in development', () => {
    const log = fakeElectronLog();
    const file = electronLogFile(log, { dev: false });
    expect(log.transports.file).toMatchObject({ level: 'info', maxSize: LOG_FILE_MAX_BYTES });
    expect(LOG_FILE_MAX_BYTES).toBe(5 * 1024 * 1024);
    expect(log.transports.console.level).toBe(false);
    file.logger.warn('request GET /api/links/ 503 12 ms');
    file.logger.error('boom');
    expect(log.written).toEqual([
      ['warn', ['request GET /api/links/ 503 12 ms']],
      ['error', ['boom']],
    ]);
    expect(file.directory()).toBe('/home/u/.config/Linkdock/logs');
    const dev = fakeElectronLog();
    electronLogFile(dev, { dev: true });
    expect(dev.transports.console.level).toBe('info');
  });

  // Issue #36: the log is the user's alone. electron-log makes new files with writeOptions.mode.
  it.skipIf(process.platform === 'win32')('makes new log files 0600 and tightens an existing log file and folder', async () => {
    const { dir, cleanup } = await withTempDir();
    try {
      const logs = path.join(dir, 'logs');
      await mkdir(logs);
      await chmod(logs, 0o755);
      await writeFile(path.join(logs, 'main.log'), 'earlier lines\n');
      await chmod(path.join(logs, 'main.log'), 0o644);
      const log = fakeElectronLog(path.join(logs, 'main.log'));
      electronLogFile(log, { dev: false });
      expect(log.transports.file.writeOptions).toMatchObject({ flag: 'a', mode: 0o600 });
      expect((await stat(logs)).mode & 0o777).toBe(0o700);
      expect((await stat(path.join(logs, 'main.log'))).mode & 0o777).toBe(0o600);
    } finally {
      await cleanup();
    }
  });

  it('opens the folder with shell.openPath and reports the error text it answers', async () => {
    const opened: string[] = [];
    const folder = { directory: () => '/logs' };
    await openLogsFolder({ openPath: async (p) => (opened.push(p), '') }, folder)();
    expect(opened).toEqual(['/logs']);
    await expect(openLogsFolder({ openPath: async () => 'No application is associated' }, folder)()).rejects.toThrow(/No application/);
  });
});
