// A tiny HTTP proxy on loopback, as a company network has one: CONNECT tunnels (https) and plain
// forwarding of absolute-URI requests (http). It records what it saw (targets and the headers sent
// to it) so a test can check what a proxy learns; `requireSignIn` answers 407 to everything.
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';

export interface SeenByProxy {
  kind: 'connect' | 'forward';
  /** host:port for CONNECT, the absolute URL for a forwarded request. */
  target: string;
  headers: IncomingHttpHeaders;
}

export interface TestProxy {
  /** host:port, as a PAC answer names it. */
  address: string;
  port: number;
  seen: SeenByProxy[];
  requireSignIn: boolean;
  /** CONNECT to these host:port targets is answered 403 (a proxy's block list). */
  blocked: Set<string>;
  close(): Promise<void>;
}

export async function startTestProxy(): Promise<TestProxy> {
  const sockets = new Set<Socket>();
  const proxy: TestProxy = { address: '', port: 0, seen: [], requireSignIn: false, blocked: new Set(), close: async () => undefined };
  const server: Server = createServer((req, res) => {
    proxy.seen.push({ kind: 'forward', target: req.url ?? '', headers: req.headers });
    if (proxy.requireSignIn) {
      res.writeHead(407, { 'proxy-authenticate': 'Basic realm="test"' }).end();
      return;
    }
    let target: URL;
    try {
      target = new URL(req.url ?? '');
    } catch {
      res.writeHead(400).end('absolute URI expected');
      return;
    }
    const headers = { ...req.headers };
    delete headers['proxy-connection'];
    const upstream = httpRequest(target, { method: req.method, headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.writeHead(502, { 'content-type': 'text/html' }).end('<html><body>Bad gateway</body></html>'));
    req.pipe(upstream);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.on('connect', (req, client: Socket, head: Buffer) => {
    const target = req.url ?? '';
    proxy.seen.push({ kind: 'connect', target, headers: req.headers });
    if (proxy.requireSignIn) {
      client.end('HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm="test"\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    if (proxy.blocked.has(target)) {
      client.end('HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    const [host = '', port = '443'] = target.split(/:(?=\d+$)/);
    const upstream = connect(Number(port), host.replace(/^\[|\]$/g, ''), () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    upstream.on('error', () => client.end('HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\n\r\n'));
    client.on('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  proxy.port = (server.address() as AddressInfo).port;
  proxy.address = `127.0.0.1:${proxy.port}`;
  proxy.close = async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return proxy;
}
