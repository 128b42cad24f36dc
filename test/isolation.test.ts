// The suites that share workers (vitest.config.ts, `isolate: false`) must not leave module mocks
// or fake timers behind for the next file: a file that uses them runs isolated. (Stubbed env and
// globals are undone after every test by the config.)
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ISOLATED } from '../vitest.config.ts';

const LEAKY = /\bvi\.(mock|doMock|useFakeTimers)\(/;

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(file);
    return /\.test\.tsx?$/.test(entry.name) ? [file.split(path.sep).join('/')] : [];
  });
}

describe('test isolation', () => {
  it('runs every file that mocks modules or fakes timers in an isolated worker', () => {
    const self = 'test/isolation.test.ts';
    const leaky = testFiles('test').filter((file) => file !== self && LEAKY.test(readFileSync(file, 'utf8')));
    expect(leaky.length).toBeGreaterThan(0);
    expect(leaky.filter((file) => !ISOLATED.includes(file))).toEqual([]);
  });
});
