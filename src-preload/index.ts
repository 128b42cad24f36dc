// The preload exposes exactly the contract: invoke one of its calls, subscribe to one of its
// events. No Electron object, no event object and no other channel reaches the page.
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import type { LinkdockBridge } from './contract/calls.ts';
import { CALL_NAMES, EVENT_NAMES, callChannel, eventChannel } from './contract/names.ts';

const callNames = new Set<string>(CALL_NAMES);
const eventNames = new Set<string>(EVENT_NAMES);

const bridge: LinkdockBridge = {
  invoke(name, input) {
    if (!callNames.has(name)) return Promise.reject(new Error(`Unknown call: ${String(name)}`));
    return ipcRenderer.invoke(callChannel(name), input);
  },
  subscribe(event, listener) {
    if (!eventNames.has(event)) throw new Error(`Unknown event: ${String(event)}`);
    const channel = eventChannel(event);
    const handler = (_event: IpcRendererEvent, payload: unknown): void => listener(payload as never);
    ipcRenderer.on(channel, handler);
    return () => {
      ipcRenderer.removeListener(channel, handler);
    };
  },
};

contextBridge.exposeInMainWorld('linkdock', bridge);
