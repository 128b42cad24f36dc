import { describe, expect, it } from 'vitest';
import { isTrustedSender } from '../../../src-main/ipc/sender-check.ts';

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
