// The app log: errors with their stacks, cleaned of keys and URL credentials, cut to a bounded
// length, the last ones kept for the diagnostics; request lines carry method, path, status, duration.
import { describe, expect, it } from 'vitest';
import { createAppLog, MAX_LINE, requestLine } from '../../../src-main/logging/app-log.ts';
import { REDACTED } from '../../../src-main/security/redact.ts';
import { captureLogger } from './capture.ts';

const KEY = 'log-test-key-5f0c1e9a-4b7d-4e21-9d3a';

describe('the app log', () => {
  it('logs an error with its stack, the key redacted everywhere in it (as is, URL-encoded, as a bearer token)', () => {
    const logger = captureLogger();
    const log = createAppLog({ logger, secrets: () => [KEY] });
    const error = new Error(`The service said: key ${KEY} is not valid`, { cause: new Error(`Authorization: Bearer ${KEY}`) });
    log.error('links.list', error);
    expect(logger.lines).toHaveLength(1);
    const [entry] = logger.lines;
    expect(entry?.level).toBe('error');
    expect(entry?.line).toMatch(/^links\.list: Error: The service said: key \[redacted\] is not valid\n\s+at /);
    expect(entry?.line).toContain('app-log.test.ts'); // the stack's frames
    expect(entry?.line).toContain(`Caused by: Error: Authorization: Bearer ${REDACTED}`);
    expect(logger.text()).not.toContain(KEY);
    log.warn(`redirected to https://x.example/?k=${encodeURIComponent(KEY)}`);
    expect(logger.text()).not.toContain(encodeURIComponent(KEY));
  });

  it('cleans keys the vault learns later, and credentials in URLs', () => {
    const logger = captureLogger();
    const log = createAppLog({ logger });
    const known: string[] = [];
    log.addSecrets(() => known);
    known.push(KEY);
    log.info(`workspace https://alice:s3cret@links.example.com/ uses ${KEY}`);
    expect(logger.lines[0]?.line).toBe(`workspace https://${REDACTED}@links.example.com/ uses ${REDACTED}`);
  });

  it('cuts a line longer than MAX_LINE and says how much was cut', () => {
    const logger = captureLogger();
    createAppLog({ logger }).error('page', 'x'.repeat(MAX_LINE * 2));
    const line = logger.lines[0]?.line ?? '';
    expect(line.length).toBeLessThan(MAX_LINE + 50);
    expect(line).toMatch(/… \(\d+ more characters\)$/);
  });

  it('keeps the last errors, oldest first, for the diagnostics', () => {
    let now = 1_000;
    const log = createAppLog({ logger: captureLogger(), secrets: () => [KEY], keep: 3, now: () => now++ });
    for (let i = 1; i <= 5; i++) log.error(`failure ${i} with ${KEY}`);
    log.warn('a warning is not an error');
    expect(log.recentErrors()).toEqual([
      { at: 1_002, line: `failure 3 with ${REDACTED}` },
      { at: 1_003, line: `failure 4 with ${REDACTED}` },
      { at: 1_004, line: `failure 5 with ${REDACTED}` },
    ]);
  });

  it('never lets a failing logger or secret source change what the app does', () => {
    const log = createAppLog({
      logger: {
        info: () => undefined,
        warn: () => undefined,
        error: () => {
          throw new Error('disk full');
        },
      },
      secrets: () => {
        throw new Error('vault locked');
      },
    });
    expect(() => log.error('boom', new Error('x'))).not.toThrow();
    expect(log.recentErrors()).toHaveLength(1);
  });

  it('writes a request as method, path without query, status and duration; no answer says why', () => {
    expect(requestLine({ method: 'GET', path: '/api/links/?page=2&token=abc', status: 200, ms: 41.6, what: 'list links' })).toBe(
      'request GET /api/links/ 200 42 ms (list links)',
    );
    expect(requestLine({ method: 'POST', path: '/api/links', status: 0, ms: 20_000, failure: 'timeout' })).toBe(
      'request POST /api/links no answer (timeout) 20000 ms',
    );
    const logger = captureLogger();
    const log = createAppLog({ logger });
    log.request({ method: 'GET', path: '/a', status: 404, ms: 1 });
    log.request({ method: 'GET', path: '/a', status: 503, ms: 1 });
    log.request({ method: 'GET', path: '/a', status: 0, ms: 1, failure: 'offline' });
    expect(logger.lines.map((l) => l.level)).toEqual(['info', 'warn', 'warn']);
  });
});
