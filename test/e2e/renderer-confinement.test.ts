// Issue #36 item 3, in Chromium with the production CSP: the built renderer, loaded the way the
// app loads it, can read its own files and nothing else. Electron cannot run here, so app://linkdock
// is stood in for by a loopback HTTP server whose every answer comes from the app's own handler
// (serveRendererRequest, headers included); a file:// page is loaded as it is. Chromium gets
// --allow-file-access-from-files, the privilege Electron's grantFileProtocolExtraPrivileges fuse gave
// file:// pages, so the page's origin and CSP are all that stand between it and the disk.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ORIGIN, serveRendererRequest } from '../../src-main/desktop/renderer-protocol.ts';
import { rendererDir, rendererUrl } from '../../src-main/desktop/renderer-url.ts';
import { productionCsp } from '../../src-main/security/csp.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH, hasChromium } from '../support/browser.ts';

const outDir = path.resolve('out');

/** app://linkdock/<path> answered over http://127.0.0.1:<port>/<path> by the app's handler. */
async function startAppSchemeStandIn(): Promise<{ server: Server; origin: string }> {
  const options = { rendererDir: rendererDir(outDir), csp: productionCsp() };
  const server = createServer((request, reply) => {
    void serveRendererRequest({ url: `${APP_ORIGIN}${request.url ?? '/'}`, method: request.method ?? 'GET' }, options).then(async (answer) => {
      reply.writeHead(answer.status, Object.fromEntries(answer.headers));
      reply.end(Buffer.from(await answer.arrayBuffer()));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** What the page gets reading `url` with fetch and with XMLHttpRequest: the text, or why not. */
function readFromPage(page: Page, url: string): Promise<{ fetch: string; xhr: string }> {
  return page.evaluate(async (target) => {
    const viaFetch = await fetch(target).then(
      async (response) => (response.ok ? `read: ${(await response.text()).slice(0, 40)}` : `status ${response.status}`),
      (error: unknown) => `refused: ${String(error)}`,
    );
    const viaXhr = await new Promise<string>((resolve) => {
      const request = new XMLHttpRequest();
      request.onload = () => resolve(request.responseText && request.status < 400 ? `read: ${request.responseText.slice(0, 40)}` : `status ${request.status}`);
      request.onerror = () => resolve('refused');
      try {
        request.open('GET', target);
        request.send();
      } catch (error) {
        resolve(`refused: ${String(error)}`);
      }
    });
    return { fetch: viaFetch, xhr: viaXhr };
  }, url);
}

describe.skipIf(!hasChromium)('the packaged page is confined to its own files (Chromium, production CSP)', () => {
  let browser: Browser;
  let standIn: { server: Server; origin: string };
  let page: Page;
  let documentCsp: string | undefined;

  beforeAll(async () => {
    standIn = await startAppSchemeStandIn();
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, '--allow-file-access-from-files'] });
    page = await browser.newPage();
    // The address the packaged app's window loads, served as the app serves it.
    const url = rendererUrl({ isPackaged: true, env: {} });
    const response = await page.goto(url.startsWith(`${APP_ORIGIN}/`) ? `${standIn.origin}/${url.slice(APP_ORIGIN.length + 1)}` : url);
    documentCsp = response?.headers()['content-security-policy'];
    // The page's own module scripts ran (no preload bridge here, so it says it cannot reach main).
    await page.getByText('Linkdock could not reach its main process').waitFor();
  });
  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => standIn?.server.close(resolve));
  });

  it("loads the app's own files, with the CSP sent as a header too", async () => {
    expect(documentCsp).toBe(productionCsp());
    expect(await readFromPage(page, './index.html')).toEqual({
      fetch: expect.stringMatching(/^read: <!doctype html>/i),
      xhr: expect.stringMatching(/^read: /),
    });
    expect(await readFromPage(page, './favicon.png')).toMatchObject({ fetch: expect.stringMatching(/^read: /) });
  });

  it("cannot read the user's files: file:///etc/passwd fails", async () => {
    const passwd = await readFromPage(page, 'file:///etc/passwd');
    expect(passwd.fetch).not.toMatch(/^read: /);
    expect(passwd.xhr).not.toMatch(/^read: /);
  });

  it('cannot read a file outside the renderer folder, however the path is spelled', async () => {
    for (const outside of ['../main/index.js', './..%2fmain%2findex.js', './%2e%2e/main/index.js', './..%5cmain%5cindex.js', '../../package.json']) {
      const answer = await readFromPage(page, outside);
      expect({ outside, fetch: answer.fetch.startsWith('read: '), xhr: answer.xhr.startsWith('read: ') }).toEqual({ outside, fetch: false, xhr: false });
    }
  });
});
