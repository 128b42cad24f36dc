// The preview server in a process of its own, as `npm run preview:web` runs it, so a test can see
// whether hostile input kills it (an uncaught error ends this process, not the test runner's).
// Usage: node preview-child.ts <folder>. Prints one JSON line with the origin and token, then
// serves until it is killed.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { startPreview } from '../../../src-main/preview/preview-server.ts';

const dir = process.argv[2];
if (!dir) throw new Error('usage: preview-child.ts <folder>');
const rendererDir = path.join(dir, 'renderer');
await mkdir(rendererDir, { recursive: true });
await writeFile(path.join(rendererDir, 'index.html'), '<!doctype html><title>preview</title>');
const preview = await startPreview({ rendererDir, dataDir: path.join(dir, 'data'), logError: () => undefined });
console.log(JSON.stringify({ origin: preview.origin, token: preview.token }));
