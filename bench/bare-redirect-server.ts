// The baseline for the sandbox's redirect throughput: a bare node:http server that answers
// every request with the same 302 the sandbox sends for a plain link.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

const location = process.argv[2] ?? 'https://example.com/';
const server = createServer((_request, response) => {
  response.writeHead(302, { location, 'content-length': '0' });
  response.end();
});
server.listen(0, '127.0.0.1', () => {
  console.log(`bare listening on ${(server.address() as AddressInfo).port}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
