import { describe, expect, it } from 'vitest';
import { productionCsp } from '../../../src-main/security/csp.ts';
import { safeExternalUrl } from '../../../src-main/security/external-url.ts';

describe('safeExternalUrl', () => {
  it('lets http(s) through', () => {
    expect(safeExternalUrl('https://example.com/a?b=1')).toBe('https://example.com/a?b=1');
    expect(safeExternalUrl('http://example.com')).toBe('http://example.com/');
  });
  it.each([
    'file:///etc/passwd',
    'javascript:alert(1)',
    'smb://server/share',
    'ms-settings:',
    'https://user:pass@example.com/',
    'not a url',
    '',
    `https://example.com/${'a'.repeat(9000)}`,
  ])('refuses %s', (url) => {
    expect(safeExternalUrl(url)).toBeNull();
  });
  it('refuses what is not a string', () => {
    expect(safeExternalUrl({ href: 'https://example.com' })).toBeNull();
  });
});

describe('productionCsp', () => {
  it('allows only our own scripts, no eval and no remote network', () => {
    const csp = productionCsp();
    const directives = Object.fromEntries(csp.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));
    expect(directives['default-src']).toEqual(["'none'"]);
    expect(directives['script-src']).toEqual(["'self'"]);
    expect(directives['connect-src']).toEqual(["'self'"]);
    expect(directives['object-src']).toEqual(["'none'"]);
    expect(csp).not.toMatch(/unsafe-eval/);
  });
  it('adds the preview socket to connect-src only when asked', () => {
    expect(productionCsp({ connect: ['ws://127.0.0.1:4000'] })).toMatch(/connect-src 'self' ws:\/\/127\.0\.0\.1:4000/);
  });
});
