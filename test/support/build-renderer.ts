// vitest globalSetup: the end-to-end tests serve the production renderer, so build it once.
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';

export default function setup(): void {
  // The screenshot comparisons of this run only (test/e2e/screens-support.ts appends one line each).
  rmSync(path.resolve('screenshots/comparisons.tsv'), { force: true });
  const bin = path.resolve('node_modules/.bin/electron-vite');
  execFileSync(bin, ['build'], { stdio: ['ignore', 'ignore', 'inherit'] });
}
