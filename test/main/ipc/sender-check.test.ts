import { describe, expect, it } from 'vitest';
import { isTrustedSender, mayCall } from '../../../src-main/ipc/sender-check.ts';

const packaged = { windowIds: () => [7], rendererUrl: 'file:///opt/Linkdock/resources/app.asar/out/renderer/index.html' };
const dev = { windowIds: () => [7], rendererUrl: 'http://localhost:5173/' };

describe('isTrustedSender', () => {
  it('trusts the top frame of our window showing our renderer', () => {
    expect(isTrustedSender({ frameUrl: packaged.rendererUrl, isMainFrame: true, webContentsId: 7 }, packaged)).toBe(true);
    expect(isTrustedSender({ frameUrl: 'http://localhost:5173/#/links', isMainFrame: true, webContentsId: 7 }, dev)).toBe(true);
  });

  it('refuses a sub-frame, another window, a vanished frame and another page', () => {
    const url = packaged.rendererUrl;
    expect(isTrustedSender({ frameUrl: url, isMainFrame: false, webContentsId: 7 }, packaged)).toBe(false);
    expect(isTrustedSender({ frameUrl: url, isMainFrame: true, webContentsId: 8 }, packaged)).toBe(false);
    expect(isTrustedSender({ frameUrl: null, isMainFrame: true, webContentsId: 7 }, packaged)).toBe(false);
    expect(isTrustedSender({ frameUrl: 'file:///tmp/evil.html', isMainFrame: true, webContentsId: 7 }, packaged)).toBe(false);
    expect(isTrustedSender({ frameUrl: 'https://evil.example/', isMainFrame: true, webContentsId: 7 }, packaged)).toBe(false);
    expect(isTrustedSender({ frameUrl: 'http://localhost:5174/', isMainFrame: true, webContentsId: 7 }, dev)).toBe(false);
    expect(isTrustedSender({ frameUrl: 'not a url', isMainFrame: true, webContentsId: 7 }, dev)).toBe(false);
  });
});

describe('mayCall: the Shorten window', () => {
  const policy = { ...packaged, shortenWindowIds: () => [9] };
  const shortenPage = `${packaged.rendererUrl}#view=shorten`;

  it('lets the Shorten window make its own calls and nothing else', () => {
    const sender = { frameUrl: shortenPage, isMainFrame: true, webContentsId: 9 };
    for (const name of ['shortenWindow.context', 'shortenWindow.submit', 'shortenWindow.close']) expect(mayCall(name, sender, policy), name).toBe(true);
    for (const name of [
      'workspaces.list',
      'workspaces.add',
      'clipboard.writeText',
      'shell.openExternal',
      'links.create',
      'links.shortenPending',
      'vault.status',
    ]) {
      expect(mayCall(name, sender, policy), name).toBe(false);
    }
  });

  it('holds the Shorten window to the same frame rules, and refuses it once it is closed', () => {
    expect(mayCall('shortenWindow.submit', { frameUrl: shortenPage, isMainFrame: false, webContentsId: 9 }, policy)).toBe(false);
    expect(mayCall('shortenWindow.submit', { frameUrl: 'https://evil.example/', isMainFrame: true, webContentsId: 9 }, policy)).toBe(false);
    expect(mayCall('shortenWindow.submit', { frameUrl: shortenPage, isMainFrame: true, webContentsId: 9 }, { ...packaged, shortenWindowIds: () => [] })).toBe(
      false,
    );
    expect(mayCall('shortenWindow.submit', { frameUrl: shortenPage, isMainFrame: true, webContentsId: 9 }, packaged)).toBe(false);
  });

  it("the main window keeps its calls but not the Shorten window's (they read the clipboard)", () => {
    const main = { frameUrl: packaged.rendererUrl, isMainFrame: true, webContentsId: 7 };
    expect(mayCall('workspaces.list', main, policy)).toBe(true);
    expect(mayCall('clipboard.writeText', main, policy)).toBe(true);
    for (const name of ['shortenWindow.context', 'shortenWindow.submit', 'shortenWindow.close']) expect(mayCall(name, main, policy), name).toBe(false);
  });
});
