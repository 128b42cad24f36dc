// The bench's quick mode runs with the tests so it cannot rot; the figures themselves are read
// by people in BENCHMARKS.md, not asserted here (speed is not a test's business).
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium } from '../support/browser.ts';
import { withTempDir } from '../support/temp-dir.ts';

let dir: string;
let cleanup: () => Promise<void>;
beforeAll(async () => ({ dir, cleanup } = await withTempDir()));
afterAll(() => cleanup());

describe('npm run bench -- --quick', () => {
  it('measures every figure and writes the JSON and the Markdown report', async () => {
    // The run exits non-zero when a figure could not be measured; the report says which and why.
    await promisify(execFile)(process.execPath, ['bench/run.ts', '--quick', '--out', dir], { timeout: 240_000 }).catch(() => undefined);
    const report = JSON.parse(await readFile(path.join(dir, 'bench', 'results.json'), 'utf8')) as {
      mode: string;
      figures: { id: string; title: string; error?: string; values?: Record<string, unknown> }[];
    };
    expect(report.mode).toBe('quick');
    expect(report.figures.length).toBeGreaterThan(0);
    for (const figure of report.figures) {
      // Figures measured in Chromium say so when it is missing; the e2e tests skip likewise.
      if (!hasChromium && figure.error?.startsWith('no Chromium')) continue;
      expect(figure.error, `${figure.id}: ${figure.error}`).toBeUndefined();
      expect(Object.values(figure.values ?? {}).some((v) => typeof v === 'number' && Number.isFinite(v))).toBe(true);
    }
    const markdown = await readFile(path.join(dir, 'BENCHMARKS.md'), 'utf8');
    for (const figure of report.figures) expect(markdown).toContain(`## ${figure.title}`);
    expect(markdown).toMatch(/## Machine/);
  }, 260_000);
});
