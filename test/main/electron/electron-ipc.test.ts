import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { CALL_NAMES, callChannel, type CallResult } from '../../../src-preload/contract/index.ts';
import { registerContractIpc } from '../../../src-main/electron/ipc.ts';
import { createCallRouter, type CallHandlers } from '../../../src-main/ipc/call-router.ts';

type Handler = (event: unknown, input: unknown) => Promise<CallResult>;

function setup() {
  const handlers = new Map<string, Handler>();
  const ipcMain = {
    handle: (channel: string, handler: Handler) => handlers.set(channel, handler),
    removeHandler: (channel: string) => handlers.delete(channel),
  };
  let calls = 0;
  const router = createCallRouter({
    handlers: {
      'vault.status': async () => {
        calls += 1;
        return { available: true, backend: 'test', secure: true };
      },
      'shortenWindow.close': async () => {
        calls += 1;
        return null;
      },
    } as unknown as CallHandlers,
  });
  const rendererUrl = 'app://linkdock/index.html';
  const unregister = registerContractIpc(ipcMain as never, router, { windowIds: () => [1], shortenWindowIds: () => [3], rendererUrl });
  const mainFrame = { url: rendererUrl };
  const event = (over: { frame?: { url: string } | null; id?: number } = {}) => {
    const frame = over.frame === undefined ? mainFrame : over.frame;
    return { sender: { id: over.id ?? 1, mainFrame }, senderFrame: frame };
  };
  return { handlers, event, unregister, calls: () => calls };
}

describe('contract on Electron IPC', () => {
  it('registers one handler per contract call, and removes them all', () => {
    const { handlers, unregister } = setup();
    expect([...handlers.keys()].sort()).toEqual(CALL_NAMES.map(callChannel).sort());
    unregister();
    expect(handlers.size).toBe(0);
  });

  it('answers the top frame of our window', async () => {
    const { handlers, event, calls } = setup();
    const result = await handlers.get(callChannel('vault.status'))!(event(), {});
    expect(result).toEqual({ ok: true, value: { available: true, backend: 'test', secure: true } });
    expect(calls()).toBe(1);
  });

  it('refuses a sub-frame, another webContents and a page from elsewhere, before the handler runs', async () => {
    const { handlers, event, calls } = setup();
    const channel = callChannel('vault.status');
    const refused = [
      event({ frame: { url: 'app://linkdock/index.html' } }), // same URL, but an iframe (not the main frame object)
      event({ id: 2 }),
      event({ frame: null }),
    ];
    for (const e of refused) expect(await handlers.get(channel)!(e, {})).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
    expect(calls()).toBe(0);
  });

  it('refuses a top frame of our window showing any other scheme or host: Node calls every such origin "null"', async () => {
    const { handlers, calls } = setup();
    const channel = callChannel('vault.status');
    for (const url of [
      'file:///etc/passwd',
      'file:///app/out/renderer/index.html',
      'data:text/html,x',
      'other://linkdock/index.html',
      'app://evil/index.html',
    ]) {
      const mainFrame = { url };
      const result = await handlers.get(channel)!({ sender: { id: 1, mainFrame }, senderFrame: mainFrame }, {});
      expect({ url, result }).toMatchObject({ url, result: { ok: false, error: { kind: 'forbidden' } } });
    }
    expect(calls()).toBe(0);
    // The Shorten view of our own page is our page.
    const shorten = { url: 'app://linkdock/index.html#view=shorten' };
    expect(await handlers.get(channel)!({ sender: { id: 1, mainFrame: shorten }, senderFrame: shorten }, {})).toMatchObject({ ok: true });
  });

  it('answers the Shorten window its own calls only', async () => {
    const { handlers, event, calls } = setup();
    const shorten = event({ id: 3 });
    expect(await handlers.get(callChannel('vault.status'))!(shorten, {})).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
    expect(calls()).toBe(0);
    expect(await handlers.get(callChannel('shortenWindow.close'))!(shorten, {})).toEqual({ ok: true, value: null });
    expect(calls()).toBe(1);
    // And the main window may not make them.
    expect(await handlers.get(callChannel('shortenWindow.close'))!(event(), {})).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
    expect(calls()).toBe(1);
  });
});

describe('production build', () => {
  it('puts a strict CSP into the renderer page', async () => {
    const html = await readFile('out/renderer/index.html', 'utf8');
    const csp = (html.match(/http-equiv="Content-Security-Policy" content="([^"]+)"/)?.[1] ?? '').replaceAll('&#39;', "'");
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    expect(html.indexOf('Content-Security-Policy')).toBeLessThan(html.indexOf('<script'));
  });
});
