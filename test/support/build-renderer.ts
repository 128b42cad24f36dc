// vitest globalSetup: the end-to-end tests serve the production renderer, so build it once.
import { execFileSync } from 'node:child_process';
import path from 'node:path';

export default function setup(): void {
  const bin = path.resolve('node_modules/.bin/electron-vite');
  execFileSync(bin, ['build'], { stdio: ['ignore', 'ignore', 'inherit'] });
}
