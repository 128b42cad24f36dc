import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCallHandlers } from '../../../src-main/call-handlers.ts';
import { headlessDesktopCalls } from '../../../src-main/desktop/headless-calls.ts';
import { createCallRouter, type CallHandlers } from '../../../src-main/ipc/call-router.ts';
import { testMainServices } from '../../support/main-services.ts';
import { withTempDir } from '../../support/temp-dir.ts';

describe('desktop calls in the browser preview', () => {
  let temp: { dir: string; cleanup: () => Promise<void> };
  beforeEach(async () => {
    temp = await withTempDir();
  });
  afterEach(async () => {
    await temp.cleanup();
  });

  it('keeps the current workspace and answers the rest harmlessly through the router', async () => {
    const services = await testMainServices(temp.dir);
    const base = createCallHandlers({
      workspaces: services.workspaces,
      vault: services.vault,
      openExternal: async () => undefined,
      writeClipboard: async () => undefined,
    });
    const logged: string[] = [];
    const router = createCallRouter({
      handlers: {
        ...base,
        ...headlessDesktopCalls({ store: services.store, workspaces: services.workspaces, logError: (m) => logged.push(m) }),
      } as CallHandlers,
    });
    const call = (name: string, input: unknown) => router.handle(name, input, true);

    expect(await call('workspaces.getCurrent', {})).toEqual({ ok: true, value: { workspaceId: null } });
    const a = await services.workspaces.add({ name: 'A', baseUrl: 'https://a.example/', apiKey: 'k1' });
    const b = await services.workspaces.add({ name: 'B', baseUrl: 'https://b.example/', apiKey: 'k2' });
    expect(await call('workspaces.getCurrent', {})).toEqual({ ok: true, value: { workspaceId: a.id } });
    expect(await call('workspaces.setCurrent', { workspaceId: b.id })).toEqual({ ok: true, value: null });
    expect(services.store.currentId).toBe(b.id);
    expect(await call('workspaces.setCurrent', { workspaceId: 'gone' })).toMatchObject({ ok: false, error: { kind: 'workspace-not-found' } });

    expect(await call('links.shortenPending', {})).toEqual({ ok: true, value: [] });
    expect(await call('notify.syncProblem', { kind: 'conflict', title: 'Both changed', body: '' })).toEqual({ ok: true, value: null });
    expect(logged).toEqual(['sync problem (conflict): Both changed']);
    expect(await call('desktop.getSettings', {})).toMatchObject({
      ok: true,
      value: { shortcutActive: false, openAtLogin: false, openAtLoginAvailable: false },
    });
    expect(await call('desktop.setSettings', { shortcut: 'Alt+L' })).toMatchObject({ ok: false, error: { kind: 'invalid-input' } });
    // The browser draws its own menus: the theme is taken and changes nothing.
    expect(await call('desktop.setTheme', { theme: 'dark' })).toEqual({ ok: true, value: null });
  });
});
