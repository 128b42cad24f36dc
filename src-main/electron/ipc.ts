// Thin adapter: the contract's calls on Electron IPC. Every handler checks its sender frame
// before the router validates the input.
import type { IpcMain, IpcMainInvokeEvent, WebContents } from 'electron';
import { CALL_NAMES, callChannel, eventChannel, type EventName, type EventPayload } from '../../src-preload/contract/index.ts';
import type { CallRouter } from '../ipc/call-router.ts';
import { mayCall, type SenderFacts, type TrustPolicy } from '../ipc/sender-check.ts';

export function senderFacts(event: Pick<IpcMainInvokeEvent, 'sender' | 'senderFrame'>): SenderFacts {
  const frame = event.senderFrame;
  return {
    frameUrl: frame ? frame.url : null,
    isMainFrame: frame !== null && frame === event.sender.mainFrame,
    webContentsId: event.sender.id,
  };
}

export function registerContractIpc(ipcMain: Pick<IpcMain, 'handle' | 'removeHandler'>, router: CallRouter, policy: TrustPolicy): () => void {
  for (const name of CALL_NAMES) {
    ipcMain.handle(callChannel(name), (event, input: unknown) => router.handle(name, input, mayCall(name, senderFacts(event), policy)));
  }
  return () => {
    for (const name of CALL_NAMES) ipcMain.removeHandler(callChannel(name));
  };
}

export function sendEvent<E extends EventName>(targets: Iterable<Pick<WebContents, 'send' | 'isDestroyed'>>, event: E, payload: EventPayload<E>): void {
  for (const contents of targets) {
    if (!contents.isDestroyed()) contents.send(eventChannel(event), payload);
  }
}
