import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

describe('multipart bodies in a fresh process', () => {
  it('reach the service with a content length, whatever loaded node:http first', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ['test/main/service/fixtures/post-in-fresh-process.ts'], { timeout: 15_000 });
    const lines = stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^received multipart\/form-data \d+ true$/);
    expect(lines[1]).toBe('created {"id":7}');
  });
});
