// WebSocket by hand over a raw TCP socket: the handshake and frames written byte by byte, so a
// test can send what no well-behaved client library would (reserved opcodes, unmasked frames,
// absurd lengths, broken UTF-8) and see exactly how the server reacts.
import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { PATIENCE_MS } from '../../support/patience.ts';

export interface RawConnection {
  socket: Socket;
  /** The status line and headers of the server's answer to the upgrade. */
  head: string;
  status: number;
  /** Bytes received after the head (frames). */
  received: () => Buffer;
  /** Resolves once the server has closed the connection (or after `ms`, with false). */
  closed: (ms?: number) => Promise<boolean>;
}

export function upgradeRequest(path: string, headers: Record<string, string>): string {
  const lines = [
    `GET ${path} HTTP/1.1`,
    'Host: 127.0.0.1',
    'Connection: Upgrade',
    'Upgrade: websocket',
    'Sec-WebSocket-Version: 13',
    `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ];
  return `${lines.join('\r\n')}\r\n\r\n`;
}

/** Connects, sends `request` and waits for the answer's head. */
export function rawUpgrade(port: number, request: string): Promise<RawConnection> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    let buffer = Buffer.alloc(0);
    let headEnd = -1;
    let isClosed = false;
    const closeWaiters: (() => void)[] = [];
    socket.on('error', () => undefined); // a reset from the server is an answer too
    socket.on('close', () => {
      isClosed = true;
      for (const wake of closeWaiters) wake();
      if (headEnd < 0) reject(new Error(`closed before an answer: ${JSON.stringify(buffer.toString('latin1'))}`));
    });
    socket.on('data', (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      if (headEnd >= 0) return;
      headEnd = buffer.indexOf('\r\n\r\n');
      if (headEnd < 0) return;
      const head = buffer.subarray(0, headEnd).toString('latin1');
      resolve({
        socket,
        head,
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0),
        received: () => buffer.subarray(headEnd + 4),
        closed: (ms = PATIENCE_MS) =>
          isClosed
            ? Promise.resolve(true)
            : new Promise((done) => {
                const timer = setTimeout(() => done(false), ms);
                closeWaiters.push(() => {
                  clearTimeout(timer);
                  done(true);
                });
              }),
      });
    });
  });
}

export interface FrameOptions {
  opcode: number;
  payload?: Buffer;
  fin?: boolean;
  rsv1?: boolean;
  /** Clients must mask; false sends the payload bare. */
  masked?: boolean;
  /** Claim this length instead of the payload's (the 64-bit form). */
  claimedLength?: bigint;
}

export function frame(options: FrameOptions): Buffer {
  const payload = options.payload ?? Buffer.alloc(0);
  const masked = options.masked ?? true;
  const first = ((options.fin ?? true) ? 0x80 : 0) | (options.rsv1 ? 0x40 : 0) | (options.opcode & 0x0f);
  let lengthBytes: Buffer;
  if (options.claimedLength !== undefined) {
    lengthBytes = Buffer.alloc(9);
    lengthBytes[0] = 127;
    lengthBytes.writeBigUInt64BE(options.claimedLength, 1);
  } else if (payload.length < 126) {
    lengthBytes = Buffer.from([payload.length]);
  } else if (payload.length < 65536) {
    lengthBytes = Buffer.alloc(3);
    lengthBytes[0] = 126;
    lengthBytes.writeUInt16BE(payload.length, 1);
  } else {
    lengthBytes = Buffer.alloc(9);
    lengthBytes[0] = 127;
    lengthBytes.writeBigUInt64BE(BigInt(payload.length), 1);
  }
  if (masked) lengthBytes[0] = (lengthBytes[0] as number) | 0x80;
  if (!masked) return Buffer.concat([Buffer.from([first]), lengthBytes, payload]);
  const mask = randomBytes(4);
  const body = Buffer.from(payload.map((byte, i) => byte ^ (mask[i % 4] as number)));
  return Buffer.concat([Buffer.from([first]), lengthBytes, mask, body]);
}

/** The payloads of the unmasked text frames a server sent (enough for short answers). */
export function textFrames(bytes: Buffer): string[] {
  const texts: string[] = [];
  let at = 0;
  while (at + 2 <= bytes.length) {
    const opcode = (bytes[at] as number) & 0x0f;
    let length = (bytes[at + 1] as number) & 0x7f;
    let start = at + 2;
    if (length === 126) {
      length = bytes.readUInt16BE(at + 2);
      start = at + 4;
    } else if (length === 127) {
      length = Number(bytes.readBigUInt64BE(at + 2));
      start = at + 10;
    }
    if (start + length > bytes.length) break;
    if (opcode === 1) texts.push(bytes.subarray(start, start + length).toString('utf8'));
    at = start + length;
  }
  return texts;
}
