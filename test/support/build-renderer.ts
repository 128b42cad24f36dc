// vitest globalSetup: the end-to-end tests (and a few main-process tests) read the production
// build in out/, so it is built once a run. Every project inherits this setup and vitest calls it
// once per project with tests queued: the first call builds, the others wait for the same build.
import { execFile } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const KEY = Symbol.for('linkdock.test.build');
type Shared = typeof globalThis & { [KEY]?: Promise<void> };

export default function setup(): Promise<void> {
  const shared = globalThis as Shared;
  shared[KEY] ??= build();
  return shared[KEY];
}

async function build(): Promise<void> {
  // The screenshot comparisons of this run only (test/e2e/screens-support.ts appends one line each).
  rmSync(path.resolve('screenshots/comparisons.tsv'), { force: true });
  // A run of tests that need no built renderer (unit tests while developing) can skip the build.
  if (process.env['LINKDOCK_TEST_NO_BUILD'] === '1') return;
  const bin = path.resolve('node_modules/.bin/electron-vite');
  const child = promisify(execFile)(bin, ['build'], { maxBuffer: 64 * 1024 * 1024 });
  child.child.stderr?.pipe(process.stderr);
  await child;
}
