// npm run preview:web [-- --port N] [-- --sandbox] : serves the built renderer with the main-process services
// in Node. `npm run preview:web` builds first (see package.json).
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startPreview } from '../src-main/preview/preview-server.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    data: { type: 'string' },
    sandbox: { type: 'boolean', default: false },
  },
});
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`preview:web: --port must be a port number, not "${values.port}"`);
  process.exit(2);
}
const dataDir = values.data ?? (await mkdtemp(path.join(tmpdir(), 'linkdock-preview-')));
const preview = await startPreview({ rendererDir: path.resolve('out/renderer'), dataDir, port, sandbox: values.sandbox });
if (preview.sandbox) console.log(`Sandbox service (demo data): ${preview.sandbox.url}`);
console.log(`Linkdock preview: ${preview.url}`);
console.log(`(data in ${dataDir}; keys are encrypted for this run only)`);

const stop = async () => {
  await preview.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
