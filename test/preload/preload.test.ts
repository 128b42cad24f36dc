import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CALL_NAMES, callChannel, eventChannel, type LinkdockBridge } from '../../src-preload/contract/index.ts';

// The preload runs against Electron's contextBridge and ipcRenderer; record what it does with them.
const exposed = new Map<string, unknown>();
const invoked: [string, unknown][] = [];
const listeners = new Map<string, (event: unknown, payload: unknown) => void>();
vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: (key: string, api: unknown) => exposed.set(key, api) },
  ipcRenderer: {
    invoke: async (channel: string, input: unknown) => {
      invoked.push([channel, input]);
      return { ok: true, value: null };
    },
    on: (channel: string, listener: (event: unknown, payload: unknown) => void) => listeners.set(channel, listener),
    removeListener: (channel: string) => listeners.delete(channel),
  },
}));

let bridge: LinkdockBridge;
beforeEach(async () => {
  await import('../../src-preload/index.ts');
  bridge = exposed.get('linkdock') as LinkdockBridge;
  invoked.length = 0;
});

describe('preload bridge', () => {
  it('exposes exactly invoke and subscribe under one name', () => {
    expect([...exposed.keys()]).toEqual(['linkdock']);
    expect(Object.keys(bridge).sort()).toEqual(['invoke', 'subscribe']);
  });

  it('forwards every contract call on its own channel', async () => {
    for (const name of CALL_NAMES) await bridge.invoke(name, {} as never);
    expect(invoked.map(([channel]) => channel)).toEqual(CALL_NAMES.map(callChannel));
  });

  it('refuses names outside the contract without touching IPC', async () => {
    await expect(bridge.invoke('fs.readFile' as never, {} as never)).rejects.toThrow(/Unknown call/);
    expect(() => bridge.subscribe('anything' as never, () => undefined)).toThrow(/Unknown event/);
    expect(invoked).toEqual([]);
  });

  it('hands listeners the payload only, never the IPC event, and unsubscribes', () => {
    const received: unknown[] = [];
    const off = bridge.subscribe('workspaces.changed', (payload) => received.push(payload));
    listeners.get(eventChannel('workspaces.changed'))!({ sender: 'ipc internals' }, [{ id: 'a' }]);
    expect(received).toEqual([[{ id: 'a' }]]);
    off();
    expect(listeners.has(eventChannel('workspaces.changed'))).toBe(false);
  });
});
