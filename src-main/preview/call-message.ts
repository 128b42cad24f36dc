// Reads one WebSocket message of the preview as a contract call. Anything a peer sends is either
// a call for the router (which checks the name against the contract and the input against its
// schema) or an error answer; nothing here can throw.
import type { RawData } from 'ws';
import { decodeWire, type CallErrorData } from '../../src-preload/contract/index.ts';

export type CallMessage =
  | { id: number; name: string; input: unknown }
  /** Not a call: answered with this error, under the message's id when it had a usable one. */
  | { id: number | null; error: CallErrorData };

export function readCall(data: RawData, isBinary: boolean): CallMessage {
  if (isBinary) return notACall(null, 'A call must be a text message.');
  let message: unknown;
  try {
    message = decodeWire(asBuffer(data).toString('utf8'));
  } catch {
    return notACall(null, 'A call must be JSON.');
  }
  if (message === null || typeof message !== 'object' || Array.isArray(message)) return notACall(null, 'A call must be a JSON object.');
  const { id, name, input } = message as Record<string, unknown>;
  if (typeof id !== 'number' || !Number.isSafeInteger(id)) return notACall(null, 'A call needs a whole-number id.');
  // Never String(name): an object's own toString/valueOf would run (or throw) here.
  if (typeof name !== 'string') return notACall(id, 'A call name must be a string.');
  return { id, name, input };
}

function notACall(id: number | null, message: string): CallMessage {
  return { id, error: { kind: 'invalid-input', message } };
}

function asBuffer(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  return Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
}
