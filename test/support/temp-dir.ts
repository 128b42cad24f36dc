import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A fresh folder per test, removed afterwards. */
export async function withTempDir(): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'linkdock-test-'));
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}
