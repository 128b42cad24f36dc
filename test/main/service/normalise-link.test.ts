// normaliseLink builds the contract's link read without a zod pass over it (#19): over seeded
// random reads, in the forms real deployments send and in forms no deployment should, each result
// passes LinkSchema and is exactly the object LinkSchema's parse returns (same keys, same order: a
// page's text, and so its hash, is what it was when the pass ran), or the read is refused.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normaliseLink } from '../../../src-main/service/normalise-link.ts';
import { ShapeError } from '../../../src-main/service/normalise-values.ts';
import { LinkSchema } from '../../../src-preload/contract/resources.ts';

/** A value as a deployment might send it for a field: its usual forms, or anything JSON has. */
const either = <T>(usual: fc.Arbitrary<T>) => fc.oneof({ arbitrary: usual, weight: 30 }, { arbitrary: fc.jsonValue(), weight: 1 });
const int = fc.oneof(
  { arbitrary: fc.integer({ min: 0, max: 1e9 }), weight: 6 },
  { arbitrary: fc.integer({ min: 0, max: 999 }).map(String), weight: 3 },
  { arbitrary: fc.constantFrom('', null, -1, '-2', ' 12 ', 1.5), weight: 1 },
);
const bool = fc.constantFrom(true, false, 0, 1, '0', '1', 'true', 'false', '', null);
const date = fc.oneof(
  { arbitrary: fc.constantFrom('2026-11-27 10:11:12', '2026-11-27T10:11:12Z', '2026-11-27T10:11:12.5+01:00', '2026-11-27 10:11'), weight: 5 },
  { arbitrary: fc.constantFrom('0000-00-00 00:00:00', '', null, 'soon', '2026-13-40 25:61:61'), weight: 1 },
);
const text = fc.oneof(fc.string({ maxLength: 12 }), fc.constant(null), fc.integer());
const ids = fc.oneof(fc.array(fc.oneof(fc.integer({ min: -2, max: 50 }), fc.constantFrom('3', 'x'))), fc.constantFrom('[1,2]', '', 'nope', null));
const rules = fc.oneof(
  fc.array(fc.record({ key: text, value: text }, { requiredKeys: [] })),
  fc.constant('false'),
  fc.dictionary(fc.string(), fc.record({ key: text })),
);
/** Keys no schema names, including ones that are names on Object.prototype. */
const extras = fc.dictionary(fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom('constructor', 'toString', '__proto__', 'hasOwnProperty')), fc.jsonValue(), {
  maxKeys: 4,
});

const settings = fc
  .tuple(
    fc.record(
      {
        password: either(fc.constantFrom('', null, '$2y$10$hash')),
        sensitive_content: either(bool),
        schedule: either(bool),
        clicks_limit: either(int),
        pageviews_limit: either(int),
        expiration_url: either(text),
        http_status_code: either(int),
        utm: either(fc.record({ source: text, medium: text, campaign: text }, { requiredKeys: [] })),
        targeting_type: either(fc.constantFrom('country_code', 'rotation', 'false', null, 'elsewhere')),
        targeting_country_code: either(rules),
        targeting_rotation: either(rules),
        cloaking_is_enabled: either(bool),
        cloaking_title: either(text),
        app_linking_is_enabled: either(bool),
        forward_query_parameters_is_enabled: either(bool),
        start_date: either(date),
      },
      { requiredKeys: [] },
    ),
    extras,
  )
  .map(([known, extra]) => ({ ...extra, ...known }));

const link = fc
  .tuple(
    fc.record(
      {
        id: either(
          fc.oneof({ arbitrary: fc.integer({ min: 1, max: 1e6 }), weight: 8 }, fc.integer({ min: 1, max: 999 }).map(String), fc.constantFrom(0, -1, '0')),
        ),
        user_id: either(int),
        project_id: either(int),
        domain_id: either(int),
        type: either(fc.constantFrom('link', 'file', 'vcard', '', ' ')),
        url: either(fc.oneof(fc.webUrl(), fc.integer())),
        location_url: either(fc.oneof(fc.webUrl(), fc.constant(null))),
        pixels_ids: either(ids),
        email_reports: either(ids),
        settings: fc.oneof(
          settings,
          settings.map((s) => JSON.stringify(s)),
          fc.constantFrom(null, '', '{bad'),
        ),
        clicks: either(int),
        pageviews: either(int),
        order: either(int),
        start_date: either(date),
        end_date: either(date),
        is_enabled: either(bool),
        is_verified: either(bool),
        last_datetime: either(date),
        datetime: either(date),
      },
      { requiredKeys: ['id', 'url', 'location_url', 'datetime'] },
    ),
    extras,
  )
  .map(([known, extra]) => ({ ...extra, ...known }));

describe('normaliseLink', () => {
  it('returns what LinkSchema parses to, key for key and in the same order, or refuses the read', () => {
    let accepted = 0;
    fc.assert(
      fc.property(link, (raw) => {
        let normalised: unknown;
        try {
          normalised = normaliseLink(JSON.parse(JSON.stringify(raw)));
        } catch (error) {
          expect(error).toBeInstanceOf(ShapeError);
          return;
        }
        accepted++;
        const parsed = LinkSchema.safeParse(normalised);
        expect(parsed.success, parsed.error?.message).toBe(true);
        expect(JSON.stringify(normalised)).toBe(JSON.stringify(parsed.data));
      }),
      { seed: 1127, numRuns: 2000 },
    );
    // The property is about accepted reads: a generator that made them rare would prove little.
    expect(accepted).toBeGreaterThan(200);
  });

  it('refuses the reads LinkSchema refused, naming the field', () => {
    const read = { id: 7, url: 'https://example.com', location_url: 'https://s.test/a', datetime: '2026-11-27 10:11:12' };
    expect(() => normaliseLink({ ...read, id: 0 })).toThrow('link 0 has no usable id (0)');
    expect(() => normaliseLink({ ...read, domain_id: -1 })).toThrow('link 7 has no usable domain_id (-1)');
    expect(() => normaliseLink({ ...read, clicks: '-2' })).toThrow('link 7 has no usable clicks (-2)');
  });

  it('keeps the UTM parts a release has beyond source, medium and campaign', () => {
    const read = { id: 7, url: 'u', location_url: 'https://s.test/a', datetime: '2026-11-27 10:11:12' };
    const utm = { source: 'news', medium: '', term: 'shoes', campaign: 'spring', content: { v: 2 } };
    const normalised = normaliseLink({ ...read, settings: { utm } });
    expect(normalised.settings.utm).toEqual({ source: 'news', medium: null, campaign: 'spring', term: 'shoes', content: { v: 2 } });
    // The contract takes them through as well.
    expect(JSON.stringify(LinkSchema.parse(normalised).settings.utm)).toBe(JSON.stringify(normalised.settings.utm));
  });

  it('drops a "__proto__" key (as the parse did) and sets no prototype with it', () => {
    const raw = JSON.parse(
      '{"id":7,"url":"u","location_url":"l","datetime":"2026-11-27 10:11:12","__proto__":{"polluted":1},"settings":{"__proto__":{"x":1}}}',
    ) as unknown;
    const normalised = normaliseLink(raw) as Record<string, unknown> & { settings: Record<string, unknown> };
    expect(Object.getPrototypeOf(normalised)).toBe(Object.prototype);
    expect(Object.getPrototypeOf(normalised.settings)).toBe(Object.prototype);
    expect(Object.hasOwn(normalised, '__proto__')).toBe(false);
    expect(Object.hasOwn(normalised.settings, '__proto__')).toBe(false);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });
});
