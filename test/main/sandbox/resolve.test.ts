// The pure redirect resolution and targeting matchers.
import { describe, expect, it } from 'vitest';
import { DEFAULT_LINK_OPTIONS, type LinkOptions } from '../../../src-main/sandbox/storage/links.ts';
import { buildDestination, resolveLink, type RequestFacts, type ServedLink } from '../../../src-main/sandbox/serve/resolve.ts';
import { parseAcceptLanguage, pickTarget, type VisitorFacts } from '../../../src-main/sandbox/serve/targeting.ts';
import { targetingKeyProblem } from '../../../src-preload/contract/targeting-keys.ts';

const visitor: VisitorFacts = {
  deviceType: 'desktop',
  osName: 'Windows',
  browserName: 'Chrome',
  languages: ['en-US'],
  continentCode: 'EU',
  countryCode: 'DE',
  cityName: 'Berlin',
  random: 0.5,
};

function link(options: Partial<LinkOptions> = {}, fields: Partial<ServedLink> = {}): ServedLink {
  return {
    location_url: 'https://dest.example/path?x=1',
    is_enabled: true,
    password_hash: null,
    sensitive_content: false,
    clicks: 0,
    start_date: null,
    end_date: null,
    options: { ...DEFAULT_LINK_OPTIONS, ...options },
    ...fields,
  };
}

function facts(overrides: Partial<RequestFacts> = {}): RequestFacts {
  return {
    now: new Date('2026-06-01T12:00:00Z'),
    timezone: 'UTC',
    method: 'GET',
    query: '',
    password: 'none',
    sensitiveConfirmed: false,
    visitor,
    ...overrides,
  };
}

describe('resolveLink', () => {
  it("redirects with 301 by default, or the link's own status, and counts the click", () => {
    expect(resolveLink(link(), facts())).toEqual({ kind: 'redirect', status: 301, location: 'https://dest.example/path?x=1', countsClick: true });
    for (const status of [302, 307, 308] as const) {
      expect(resolveLink(link({ http_status_code: status }), facts())).toMatchObject({ status });
    }
  });

  it('a disabled link is not found', () => {
    expect(resolveLink(link({}, { is_enabled: false }), facts())).toEqual({ kind: 'not-found' });
  });

  it('outside the schedule window: unavailable, or the expiration URL without a click', () => {
    const scheduled = { schedule: true };
    const window = { start_date: '2026-06-01 12:00:00', end_date: '2026-06-02 00:00:00' };
    expect(resolveLink(link(scheduled, window), facts({ now: new Date('2026-06-01T11:59:59Z') }))).toEqual({ kind: 'unavailable', reason: 'not-started' });
    expect(resolveLink(link(scheduled, window), facts({ now: new Date('2026-06-01T12:00:00Z') }))).toMatchObject({ kind: 'redirect' });
    expect(resolveLink(link(scheduled, window), facts({ now: new Date('2026-06-02T00:00:01Z') }))).toEqual({ kind: 'unavailable', reason: 'ended' });
    expect(resolveLink(link({ ...scheduled, expiration_url: 'https://exp.example/' }, window), facts({ now: new Date('2026-07-01T00:00:00Z') }))).toEqual({
      kind: 'redirect',
      status: 302,
      location: 'https://exp.example/',
      countsClick: false,
    });
    // Dates only count while schedule is on.
    expect(resolveLink(link({}, window), facts({ now: new Date('2020-01-01T00:00:00Z') }))).toMatchObject({ kind: 'redirect' });
  });

  it("compares the schedule with now in the account's time zone (wall-clock dates), winter and summer", () => {
    const berlin = (iso: string) => facts({ now: new Date(iso), timezone: 'Europe/Berlin' });
    const winter = link({ schedule: true }, { start_date: '2026-01-15 10:00:00', end_date: '2026-01-15 18:00:00' });
    // CET is UTC+1: 10:00 in Berlin is 09:00 UTC, 18:00 is 17:00 UTC.
    expect(resolveLink(winter, berlin('2026-01-15T08:59:59Z'))).toEqual({ kind: 'unavailable', reason: 'not-started' });
    expect(resolveLink(winter, berlin('2026-01-15T09:00:00Z'))).toMatchObject({ kind: 'redirect' });
    expect(resolveLink(winter, berlin('2026-01-15T17:00:00Z'))).toMatchObject({ kind: 'redirect' });
    expect(resolveLink(winter, berlin('2026-01-15T17:00:01Z'))).toEqual({ kind: 'unavailable', reason: 'ended' });
    // CEST is UTC+2.
    const summer = link({ schedule: true }, { start_date: '2026-07-15 10:00:00', end_date: null });
    expect(resolveLink(summer, berlin('2026-07-15T07:59:59Z'))).toEqual({ kind: 'unavailable', reason: 'not-started' });
    expect(resolveLink(summer, berlin('2026-07-15T08:00:00Z'))).toMatchObject({ kind: 'redirect' });
    // The same dates in a UTC account start an hour later; west of UTC, later still.
    expect(resolveLink(winter, facts({ now: new Date('2026-01-15T09:30:00Z') }))).toEqual({ kind: 'unavailable', reason: 'not-started' });
    expect(resolveLink(winter, facts({ now: new Date('2026-01-15T14:59:59Z'), timezone: 'America/New_York' }))).toEqual({
      kind: 'unavailable',
      reason: 'not-started',
    });
  });

  it('clicks_limit reached: the expiration URL, or unavailable', () => {
    expect(resolveLink(link({ clicks_limit: 3 }, { clicks: 2 }), facts())).toMatchObject({ kind: 'redirect', countsClick: true });
    expect(resolveLink(link({ clicks_limit: 3 }, { clicks: 3 }), facts())).toEqual({ kind: 'unavailable', reason: 'limit-reached' });
    expect(resolveLink(link({ clicks_limit: 3, expiration_url: 'https://exp.example/' }, { clicks: 3 }), facts())).toMatchObject({
      location: 'https://exp.example/',
      countsClick: false,
    });
  });

  it('asks for the password before anything else is shown, then for the sensitive-content consent', () => {
    const guarded = link({ cloaking_is_enabled: true }, { password_hash: 'hash', sensitive_content: true });
    expect(resolveLink(guarded, facts())).toEqual({ kind: 'password', wrong: false });
    expect(resolveLink(guarded, facts({ password: 'wrong', method: 'POST' }))).toEqual({ kind: 'password', wrong: true });
    expect(resolveLink(guarded, facts({ password: 'ok', method: 'POST' }))).toEqual({ kind: 'sensitive' });
    expect(resolveLink(guarded, facts({ password: 'ok', sensitiveConfirmed: true, method: 'POST' }))).toMatchObject({ kind: 'cloak' });
  });

  it("after the sandbox's own form (POST) the redirect is 303 so the form is never re-sent", () => {
    expect(resolveLink(link({ http_status_code: 308 }, { sensitive_content: true }), facts({ method: 'POST', sensitiveConfirmed: true }))).toMatchObject({
      status: 303,
    });
  });

  it('cloaking gives the page data with the final destination', () => {
    expect(
      resolveLink(
        link({ cloaking_is_enabled: true, cloaking_title: 'T', cloaking_meta_description: 'D', cloaking_custom_js: 'js()', utm_source: 'u' }),
        facts(),
      ),
    ).toEqual({ kind: 'cloak', destination: 'https://dest.example/path?x=1&utm_source=u', title: 'T', description: 'D', customJs: 'js()', countsClick: true });
  });

  it("targeting chooses the destination; no match keeps the link's own", () => {
    const targeted = link({
      targeting_type: 'country_code',
      targeting: {
        country_code: [
          { key: 'fr', value: 'https://fr.example/' },
          { key: 'DE', value: 'https://de.example/' },
        ],
      },
    });
    expect(resolveLink(targeted, facts())).toMatchObject({ location: 'https://de.example/' });
    expect(resolveLink(targeted, facts({ visitor: { ...visitor, countryCode: 'US' } }))).toMatchObject({ location: 'https://dest.example/path?x=1' });
    expect(resolveLink(targeted, facts({ visitor: { ...visitor, countryCode: null } }))).toMatchObject({ location: 'https://dest.example/path?x=1' });
  });
});

describe('buildDestination', () => {
  it("sets UTM parameters and appends the visitor's query when forwarding is on", () => {
    const options = { ...DEFAULT_LINK_OPTIONS, utm_source: 'news', utm_medium: 'mail', utm_campaign: 'spring sale' };
    expect(buildDestination('https://d.example/p?utm_source=old&a=1', options, 'b=2')).toBe(
      'https://d.example/p?utm_source=news&a=1&utm_medium=mail&utm_campaign=spring+sale',
    );
    expect(buildDestination('https://d.example/p?a=1', { ...options, forward_query_parameters_is_enabled: true }, 'b=2&c=%C3%A9')).toBe(
      'https://d.example/p?a=1&utm_source=news&utm_medium=mail&utm_campaign=spring+sale&b=2&c=%C3%A9',
    );
  });
});

describe('targeting matchers', () => {
  const rules = (...pairs: [string, string][]) => pairs.map(([key, value]) => ({ key, value }));
  it('device, OS and browser compare without case', () => {
    expect(pickTarget('device_type', rules(['mobile', 'm'], ['Desktop', 'd']), visitor)).toBe('d');
    expect(pickTarget('os_name', rules(['windows', 'w']), visitor)).toBe('w');
    expect(pickTarget('browser_name', rules(['firefox', 'f']), visitor)).toBeNull();
  });
  it('continent, country and city', () => {
    expect(pickTarget('continent_code', rules(['NA', 'na'], ['eu', 'eu']), visitor)).toBe('eu');
    expect(pickTarget('country_code', rules(['DE', 'de']), visitor)).toBe('de');
    expect(pickTarget('city_name', rules(['berlin', 'b']), visitor)).toBe('b');
  });
  it('browser language: the most preferred language that a rule names, primary tags matching regions', () => {
    const languages = parseAcceptLanguage('fr-CH;q=0.9, de-DE, en;q=0.8, *;q=0.1');
    expect(languages).toEqual(['de-DE', 'fr-CH', 'en']);
    expect(pickTarget('browser_language', rules(['en', 'en'], ['fr', 'fr']), { ...visitor, languages })).toBe('fr');
    expect(pickTarget('browser_language', rules(['de-AT', 'at'], ['de-de', 'de']), { ...visitor, languages })).toBe('de');
    expect(pickTarget('browser_language', rules(['it', 'it']), { ...visitor, languages })).toBeNull();
    expect(parseAcceptLanguage('en;q=0, <script>, ')).toEqual([]);
  });
  it('rotation picks by weight', () => {
    const weighted = rules(['1', 'a'], ['3', 'b']);
    expect(pickTarget('rotation', weighted, { ...visitor, random: 0 })).toBe('a');
    expect(pickTarget('rotation', weighted, { ...visitor, random: 0.2499 })).toBe('a');
    expect(pickTarget('rotation', weighted, { ...visitor, random: 0.25 })).toBe('b');
    expect(pickTarget('rotation', weighted, { ...visitor, random: 0.9999 })).toBe('b');
    const counts = { a: 0, b: 0 };
    for (let i = 0; i < 1000; i += 1) counts[pickTarget('rotation', weighted, { ...visitor, random: i / 1000 }) as 'a' | 'b'] += 1;
    expect(counts).toEqual({ a: 250, b: 750 });
  });
  it('keys are checked per kind', () => {
    expect(targetingKeyProblem('device_type', 'tablet')).toBeNull();
    expect(targetingKeyProblem('device_type', 'car')).not.toBeNull();
    expect(targetingKeyProblem('continent_code', 'XX')).not.toBeNull();
    expect(targetingKeyProblem('country_code', 'DEU')).not.toBeNull();
    expect(targetingKeyProblem('browser_language', 'en-GB')).toBeNull();
    expect(targetingKeyProblem('rotation', '0')).not.toBeNull();
    expect(targetingKeyProblem('rotation', '100000')).toBeNull();
  });
});
