// Connection slots of the preview server. Any local process can connect, and a connection that
// sends nothing used to hold one of the 64 slots for about 90 s (Node's 60 s headers timeout,
// checked every 30 s): 64 idle sockets, renewed, locked the page out. Two rules here, with short
// timeouts (preview-server.ts) closing idle connections anyway:
// - When every slot is taken, a new connection takes the slot of the connection that has been idle
//   longest (connected or kept alive with no request in progress). A page's connection sends its
//   request at once, so sockets held idle cannot keep it out; only connections busy with a request
//   or upgraded to the contract (8 at most, behind the token) are never closed to make room.
// - One address holds at most `perAddress` slots. All local users usually share 127.0.0.1, so
//   this only keeps a single client (a runaway reload loop) from the last slots; the eviction and
//   the timeouts are the defence.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Socket } from 'node:net';

export interface ConnectionLimits {
  total: number;
  perAddress: number;
}

interface Slot {
  address: string;
  /** Requests in progress on it. */
  busy: number;
  /** Handed to the WebSocket upgrade (the contract, or a refusal closed within a second). */
  upgraded: boolean;
  /** When it last became idle, as a sequence number: the smallest has been idle longest. */
  idleSince: number;
}

export interface ConnectionGuard {
  /** Connections open now. */
  size(): number;
  detach(): void;
}

export function guardConnections(server: Server, limits: ConnectionLimits): ConnectionGuard {
  if (!(limits.perAddress >= 1 && limits.perAddress < limits.total)) throw new Error('perAddress must be at least 1 and below total');
  const slots = new Map<Socket, Slot>();
  let sequence = 0;

  const evictIdlest = (among: (slot: Slot) => boolean): void => {
    let idlest: [Socket, Slot] | null = null;
    for (const entry of slots) {
      const [, slot] = entry;
      if (slot.busy === 0 && !slot.upgraded && among(slot) && (!idlest || slot.idleSince < idlest[1].idleSince)) idlest = entry;
    }
    if (!idlest) return;
    // Out of the count at once: its 'close' comes a tick later, after more connections may arrive.
    slots.delete(idlest[0]);
    idlest[0].destroy();
  };

  const onConnection = (socket: Socket): void => {
    const address = socket.remoteAddress ?? '';
    slots.set(socket, { address, busy: 0, upgraded: false, idleSince: ++sequence });
    socket.once('close', () => slots.delete(socket));
    let fromAddress = 0;
    for (const slot of slots.values()) if (slot.address === address) fromAddress++;
    // The new connection is idle too, and the newest: it is the one closed when no other is idle.
    if (fromAddress > limits.perAddress) evictIdlest((slot) => slot.address === address);
    if (slots.size > limits.total) evictIdlest(() => true);
  };
  const onRequest = (request: IncomingMessage, response: ServerResponse): void => {
    const slot = slots.get(request.socket as Socket);
    if (!slot) return;
    slot.busy++;
    response.once('close', () => {
      slot.busy--;
      if (slot.busy === 0) slot.idleSince = ++sequence;
    });
  };
  const onUpgrade = (_request: IncomingMessage, socket: Duplex): void => {
    const slot = slots.get(socket as Socket);
    if (slot) slot.upgraded = true;
  };

  server.on('connection', onConnection);
  server.on('request', onRequest);
  server.on('upgrade', onUpgrade);
  return {
    size: () => slots.size,
    detach() {
      server.off('connection', onConnection);
      server.off('request', onRequest);
      server.off('upgrade', onUpgrade);
    },
  };
}
