// The one test that needs the real Electron binary: start the built app and see its first run.
// Electron downloads its binary from outside the npm registry on first use, so on machines
// without it (like this project's CI) this test skips and says why.
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { _electron as electron } from 'playwright-core';
import { describe, expect, it } from 'vitest';

function electronBinary(): { path: string | null; reason: string } {
  const dir = path.resolve('node_modules/electron');
  const pathFile = path.join(dir, 'path.txt');
  if (!existsSync(pathFile)) return { path: null, reason: 'the Electron binary was never downloaded (no node_modules/electron/path.txt)' };
  const binary = path.join(dir, 'dist', readFileSync(pathFile, 'utf8').trim());
  if (!existsSync(binary)) return { path: null, reason: `the Electron binary is missing at ${binary}` };
  if (process.platform === 'linux' && !process.env['DISPLAY'] && !process.env['WAYLAND_DISPLAY']) {
    return { path: null, reason: 'no display to open a window on (run under xvfb-run)' };
  }
  return { path: binary, reason: '' };
}

const binary = electronBinary();
if (!binary.path) console.warn(`electron: skipped — ${binary.reason}`);

describe.skipIf(!binary.path)('the packaged app in Electron', () => {
  it('opens one secure window on the sandbox workspace at first run', async () => {
    const userData = await mkdtemp(path.join(tmpdir(), 'linkdock-electron-'));
    const app = await electron.launch({
      executablePath: binary.path!,
      args: ['.'],
      env: { ...process.env, LINKDOCK_USER_DATA: userData, ELECTRON_ENABLE_LOGGING: '1' },
    });
    try {
      const window = await app.firstWindow();
      expect(await window.title()).toBe('Linkdock');
      await window.getByText('Sandbox', { exact: true }).first().waitFor({ timeout: 30_000 });
      const exposed = await window.evaluate(() => Object.keys((window as unknown as { linkdock: object }).linkdock).sort());
      expect(exposed).toEqual(['invoke', 'subscribe']);
      expect(await window.evaluate(() => typeof (globalThis as { require?: unknown }).require)).toBe('undefined');
    } finally {
      await app.close();
      await rm(userData, { recursive: true, force: true });
    }
  }, 90_000);

  // What #18 items 6 and 7 left to the binary (written without one to run it on: unverified here).
  it('keeps crash dumps local, reads proxies in PAC form, and reloads a crashed page', async () => {
    const userData = await mkdtemp(path.join(tmpdir(), 'linkdock-electron-'));
    const app = await electron.launch({ executablePath: binary.path!, args: ['.'], env: { ...process.env, LINKDOCK_USER_DATA: userData } });
    try {
      const window = await app.firstWindow();
      await window.getByText('Sandbox', { exact: true }).first().waitFor({ timeout: 30_000 });
      expect(await app.evaluate(({ crashReporter }) => crashReporter.getUploadToServer())).toBe(false);
      expect(await app.evaluate(({ session }) => session.defaultSession.resolveProxy('https://example.com/'))).toMatch(/^(DIRECT|PROXY |HTTPS |SOCKS)/);
      type Counted = typeof globalThis & { linkdockLoads?: number };
      await app.evaluate(({ BrowserWindow }) => {
        const contents = BrowserWindow.getAllWindows()[0]!.webContents;
        (globalThis as Counted).linkdockLoads = 0;
        contents.on('did-finish-load', () => void ((globalThis as Counted).linkdockLoads! += 1));
        contents.forcefullyCrashRenderer();
      });
      // The renderer watchdog reloads the page: it loads again.
      await expect.poll(() => app.evaluate(() => (globalThis as Counted).linkdockLoads), { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
    } finally {
      await app.close();
      await rm(userData, { recursive: true, force: true });
    }
  }, 90_000);
});
