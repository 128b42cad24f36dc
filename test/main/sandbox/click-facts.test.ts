// What a served click stores for statistics, from the request: referrer host and path (not the
// sandbox's own pages), the short URL's UTM parameters, and a visitor hash that holds no address.
import { describe, expect, it } from 'vitest';
import { referrerOf, utmOf, visitorHash } from '../../../src-main/sandbox/serve/click-facts.ts';

describe('referrerOf', () => {
  it('keeps the host (lower-cased) and path of an http(s) Referer, without its query', () => {
    expect(referrerOf('https://WWW.Google.com/search?q=links#top', 'sandbox.test')).toEqual({ host: 'www.google.com', path: '/search' });
    expect(referrerOf('http://t.co', 'sandbox.test')).toEqual({ host: 't.co', path: '/' });
  });

  it('has none for no Referer, one that is not http(s), unreadable text or the link’s own host', () => {
    for (const referer of [undefined, '', 'android-app://com.example', 'not a url', 'file:///etc/passwd', 'https://go.example.com/form']) {
      expect(referrerOf(referer, 'go.example.com'), String(referer)).toEqual({ host: null, path: null });
    }
  });

  it('cuts a very long path', () => {
    expect(referrerOf(`https://example.com/${'a'.repeat(5000)}`, 'x')?.path).toHaveLength(256);
  });
});

describe('utmOf', () => {
  it('reads the three UTM parameters of the clicked URL, empty as none', () => {
    expect(utmOf('utm_source=news&utm_medium=email&utm_campaign=june%20sale&x=1')).toEqual({
      utm_source: 'news',
      utm_medium: 'email',
      utm_campaign: 'june sale',
    });
    expect(utmOf('utm_source=&utm_medium=%20')).toEqual({ utm_source: null, utm_medium: null, utm_campaign: null });
    expect(utmOf('')).toEqual({ utm_source: null, utm_medium: null, utm_campaign: null });
  });
});

describe('visitorHash', () => {
  it('is the same for the same address and browser, different otherwise, and does not contain the address', () => {
    const one = visitorHash('203.0.113.7', 'Agent A');
    expect(visitorHash('203.0.113.7', 'Agent A')).toBe(one);
    expect(visitorHash('203.0.113.7', 'Agent B')).not.toBe(one);
    expect(visitorHash('203.0.113.8', 'Agent A')).not.toBe(one);
    expect(visitorHash('203.0.113.7', undefined)).toMatch(/^[0-9a-f]{32}$/);
    expect(one).not.toContain('203.0.113.7');
  });
});
