import { describe, expect, it } from 'vitest';
import { buildShortUrl, siteUrl, tryBuildShortUrl } from '../../../src-main/service/short-url.ts';
import { CallError } from '../../../src-preload/contract/errors.ts';

describe('short URLs', () => {
  it('main domain: the base URL (with its path, ending in /) followed by the alias', () => {
    expect(buildShortUrl({ baseUrl: 'https://s.example.com', link: { url: 'abc', domain_id: 0 } })).toBe('https://s.example.com/abc');
    expect(buildShortUrl({ baseUrl: 'https://example.com/short', link: { url: 'abc', domain_id: 0 } })).toBe('https://example.com/short/abc');
    expect(buildShortUrl({ baseUrl: 'https://example.com/short/', link: { url: 'abc', domain_id: 0 }, domain: null })).toBe('https://example.com/short/abc');
  });

  it('custom domain: scheme + host + "/" + alias, whatever form the scheme came in', () => {
    const link = { url: 'go', domain_id: 4 };
    expect(buildShortUrl({ baseUrl: 'https://s.example.com/', link, domain: { scheme: 'https://', host: 'l.brand.com' } })).toBe('https://l.brand.com/go');
    expect(buildShortUrl({ baseUrl: 'https://s.example.com/', link, domain: { scheme: 'http', host: 'l.brand.com' } })).toBe('http://l.brand.com/go');
  });

  it('a custom domain that is not known gives no URL rather than a wrong one', () => {
    const args = { baseUrl: 'https://s.example.com/', link: { url: 'go', domain_id: 99 } };
    expect(tryBuildShortUrl(args)).toBeNull();
    expect(() => buildShortUrl(args)).toThrow(CallError);
    expect(tryBuildShortUrl({ baseUrl: 'not a url', link: { url: 'go', domain_id: 0 } })).toBeNull();
  });

  it('siteUrl drops query and fragment and ends in one slash', () => {
    expect(siteUrl('https://example.com/a?x=1#y')).toBe('https://example.com/a/');
  });
});
