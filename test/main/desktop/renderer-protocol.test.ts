// Issue #36 item 3: app://linkdock/ answers from the renderer folder and nothing else. The
// handler runs here in Node on a real folder; Electron only registers it (electron/app-protocol.ts).
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mimeType, rendererFilePath, serveRendererRequest } from '../../../src-main/desktop/renderer-protocol.ts';
import { productionCsp } from '../../../src-main/security/csp.ts';
import { withTempDir } from '../../support/temp-dir.ts';

describe('app://linkdock/ serves the renderer folder only', () => {
  let temp: { dir: string; cleanup: () => Promise<void> };
  let rendererDir: string;
  const csp = productionCsp();
  const get = (url: string, method = 'GET') => serveRendererRequest({ url, method }, { rendererDir, csp });

  beforeAll(async () => {
    temp = await withTempDir();
    // <temp>/app/renderer is served; <temp>/app/main and <temp>/secret.txt must never be.
    rendererDir = path.join(temp.dir, 'app', 'renderer');
    await mkdir(path.join(rendererDir, 'assets'), { recursive: true });
    await mkdir(path.join(temp.dir, 'app', 'main'), { recursive: true });
    await writeFile(path.join(rendererDir, 'index.html'), '<!doctype html><title>Linkdock</title>');
    await writeFile(path.join(rendererDir, 'assets', 'index-abc.js'), 'export const ok = 1;');
    await writeFile(path.join(rendererDir, 'assets', 'index-abc.css'), 'body{}');
    await writeFile(path.join(rendererDir, 'favicon.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    await writeFile(path.join(temp.dir, 'app', 'main', 'index.js'), 'main process code');
    await writeFile(path.join(temp.dir, 'secret.txt'), 'the user file');
    // Symlinks inside the folder that lead out of it: one to a file, one to a folder.
    await symlink(path.join(temp.dir, 'secret.txt'), path.join(rendererDir, 'assets', 'linked.txt'));
    await symlink(path.join(temp.dir, 'app', 'main'), path.join(rendererDir, 'linked-main'));
  });
  afterAll(() => temp.cleanup());

  it("answers the app's own files with their types and the production CSP header", async () => {
    for (const [url, type, body] of [
      ['app://linkdock/index.html', 'text/html; charset=utf-8', '<!doctype html><title>Linkdock</title>'],
      ['app://linkdock/', 'text/html; charset=utf-8', '<!doctype html><title>Linkdock</title>'],
      ['app://linkdock/index.html#view=shorten', 'text/html; charset=utf-8', '<!doctype html><title>Linkdock</title>'],
      ['app://linkdock/assets/index-abc.js?v=1', 'text/javascript; charset=utf-8', 'export const ok = 1;'],
      ['app://linkdock/assets/index-abc.css', 'text/css; charset=utf-8', 'body{}'],
    ] as const) {
      const response = await get(url);
      expect({ url, status: response.status, type: response.headers.get('content-type') }).toEqual({ url, status: 200, type });
      expect(response.headers.get('content-security-policy')).toBe(csp);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(await response.text()).toBe(body);
    }
    expect((await get('app://linkdock/favicon.png')).headers.get('content-type')).toBe('image/png');
    expect(mimeType('notes.unknown')).toBe('application/octet-stream');
  });

  it('refuses traversal, encoded separators, absolute paths and symlinks out of the folder with a 404', async () => {
    const refused = [
      'app://linkdock/../secret.txt',
      'app://linkdock/../../secret.txt',
      'app://linkdock/%2e%2e/%2e%2e/secret.txt',
      'app://linkdock/..%2f..%2fsecret.txt',
      'app://linkdock/assets/..%2f..%2f..%2fsecret.txt',
      'app://linkdock/%2e%2e%2fmain%2findex.js',
      'app://linkdock/..%5cmain%5cindex.js',
      'app://linkdock/%2e%2e%5c%2e%2e%5csecret.txt',
      `app://linkdock/${encodeURIComponent(path.join(temp.dir, 'secret.txt'))}`,
      'app://linkdock//etc/passwd',
      'app://linkdock/%2fetc%2fpasswd',
      'app://linkdock/C:%5cWindows%5cwin.ini',
      'app://linkdock/assets/index-abc.js%00.png',
      'app://linkdock/%E0%A4%A',
      'app://linkdock/assets/linked.txt',
      'app://linkdock/linked-main/index.js',
      'app://linkdock/assets',
      'app://linkdock/missing.js',
      'app://other-host/index.html',
      'app://user:pw@linkdock/index.html',
      'file:///etc/passwd',
      'not a url',
    ];
    for (const url of refused) {
      const response = await get(url);
      expect({ url, status: response.status }).toEqual({ url, status: 404 });
      const text = await response.text();
      expect(text).not.toContain('the user file');
      expect(text).not.toContain('main process code');
    }
  });

  it('maps a request to a path inside the folder, or to nothing', () => {
    expect(rendererFilePath('app://linkdock/assets/a%20b.js', rendererDir)).toBe(path.join(rendererDir, 'assets', 'a b.js'));
    expect(rendererFilePath('app://linkdock/..%2f..%2fsecret.txt', rendererDir)).toBeNull();
    // The URL parser resolves a whole-segment %2e%2e itself, as Chromium does: it stays at the top.
    expect(rendererFilePath('app://linkdock/%2e%2e', rendererDir)).toBe(path.join(rendererDir, 'index.html'));
  });

  it('answers HEAD without a body and refuses other methods', async () => {
    const head = await get('app://linkdock/index.html', 'HEAD');
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    expect((await get('app://linkdock/index.html', 'POST')).status).toBe(405);
  });
});
