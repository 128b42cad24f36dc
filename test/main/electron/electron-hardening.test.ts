// Issue #14 (audit): what the packaged app and its Electron session allow.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { linkdockBuildConfig } from '../../../electron-builder.ts';
import { rendererUrl } from '../../../src-main/desktop/renderer-url.ts';
import { secureSession, type PermissionSession } from '../../../src-main/electron/session.ts';
import { guardedOpenExternal } from '../../../src-main/security/external-url.ts';

const root = path.join(import.meta.dirname, '../../..');
const config = linkdockBuildConfig({ LINKDOCK_UPDATES: 'off' });

describe('electron-builder.ts', () => {
  it('flips the Electron fuses that close the usual ways into a packaged app', () => {
    expect(config.electronFuses).toEqual({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableCookieEncryption: true,
      onlyLoadAppFromAsar: true,
      enableEmbeddedAsarIntegrityValidation: true,
      // The page comes from app://linkdock/ (issue #36): file:// pages get no extra privileges.
      grantFileProtocolExtraPrivileges: false,
    });
  });

  it('names each fuse as electron-builder 26 spells it', () => {
    const scheme = JSON.parse(readFileSync(path.join(root, 'node_modules/app-builder-lib/scheme.json'), 'utf8')) as {
      definitions: { FuseOptionsV1: { properties: Record<string, unknown> } };
    };
    const known = Object.keys(scheme.definitions.FuseOptionsV1.properties);
    expect(Object.keys(config.electronFuses ?? {}).filter((name) => !known.includes(name))).toEqual([]);
  });
});

describe('rendererUrl', () => {
  const env = { ELECTRON_RENDERER_URL: 'http://evil.example:5173/' };

  it('uses the dev server only in development, and otherwise the app:// page, never file://', () => {
    expect(rendererUrl({ isPackaged: false, env })).toBe('http://evil.example:5173/');
    expect(rendererUrl({ isPackaged: false, env: {} })).toBe('app://linkdock/index.html');
  });

  it('ignores ELECTRON_RENDERER_URL when packaged', () => {
    expect(rendererUrl({ isPackaged: true, env })).toBe('app://linkdock/index.html');
  });
});

describe('secureSession', () => {
  function fakeSession() {
    const handlers: {
      request?: Parameters<PermissionSession['setPermissionRequestHandler']>[0];
      check?: Parameters<PermissionSession['setPermissionCheckHandler']>[0];
    } = {};
    const session: PermissionSession = {
      setPermissionRequestHandler: (handler) => void (handlers.request = handler),
      setPermissionCheckHandler: (handler) => void (handlers.check = handler),
    };
    return { session, handlers };
  }

  it('denies every permission request and every permission check', () => {
    const { session, handlers } = fakeSession();
    secureSession(session);
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal', 'fileSystem'] as const) {
      const answers: boolean[] = [];
      handlers.request?.(null as never, permission, (granted) => answers.push(granted), {} as never);
      expect(answers).toEqual([false]);
      expect(handlers.check?.(null, permission, 'file:///app/index.html', {} as never)).toBe(false);
    }
    expect(handlers.request).toBeTypeOf('function');
    expect(handlers.check).toBeTypeOf('function');
  });
});

describe('guardedOpenExternal', () => {
  it('hands only http(s) addresses to the system, whoever asks', async () => {
    const opened: string[] = [];
    const open = guardedOpenExternal(async (url) => void opened.push(url));
    await open('https://linkdock.app/help');
    for (const url of ['file:///etc/passwd', 'javascript:alert(1)', 'smb://host/share', 'https://user:pw@example.com/']) {
      await expect(open(url)).rejects.toThrow(/http/);
    }
    expect(opened).toEqual(['https://linkdock.app/help']);
  });
});
