// Targeting: what a rule's key means for each kind, and which rule a visitor matches.
// A rule is {key, value}: value is the destination URL; key is the visitor property to match
// (device type, OS, browser, language, continent, country or city) or, for rotation, the
// rule's weight.
import type { TargetingKind } from '../../../src-preload/contract/api-rules.ts';
import type { TargetingRule } from '../storage/links.ts';

export const DEVICE_TYPES = ['desktop', 'mobile', 'tablet', 'tv'] as const;
export const CONTINENT_CODES = ['AF', 'AN', 'AS', 'EU', 'NA', 'OC', 'SA'] as const;
export const MAX_ROTATION_WEIGHT = 100_000;

export interface VisitorFacts {
  deviceType: string | null;
  osName: string | null;
  browserName: string | null;
  /** Accept-Language tags, most preferred first. */
  languages: string[];
  continentCode: string | null;
  countryCode: string | null;
  cityName: string | null;
  /** A number in [0, 1) that picks the rotation destination. */
  random: number;
}

/** Why a key cannot be used for the kind, or null when it can. */
export function targetingKeyProblem(kind: TargetingKind, key: string): string | null {
  switch (kind) {
    case 'device_type':
      return (DEVICE_TYPES as readonly string[]).includes(key.toLowerCase()) ? null : `must be one of ${DEVICE_TYPES.join(', ')}`;
    case 'continent_code':
      return (CONTINENT_CODES as readonly string[]).includes(key.toUpperCase()) ? null : `must be one of ${CONTINENT_CODES.join(', ')}`;
    case 'country_code':
      return /^[A-Za-z]{2}$/.test(key) ? null : 'must be a two-letter country code (ISO 3166-1)';
    case 'browser_language':
      return /^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/.test(key) ? null : 'must be a language tag such as en or en-US';
    case 'rotation': {
      const weight = /^\d{1,6}$/.test(key) ? Number(key) : NaN;
      return weight >= 1 && weight <= MAX_ROTATION_WEIGHT ? null : `must be a weight from 1 to ${MAX_ROTATION_WEIGHT}`;
    }
    case 'os_name':
    case 'browser_name':
    case 'city_name':
      return key.trim() === '' ? 'cannot be empty' : null;
  }
}

const same = (a: string | null, b: string) => a !== null && a.trim().toLowerCase() === b.trim().toLowerCase();

/** The destination of the first rule the visitor matches, or null (then the link's own destination). */
export function pickTarget(kind: TargetingKind, rules: readonly TargetingRule[], visitor: VisitorFacts): string | null {
  if (rules.length === 0) return null;
  switch (kind) {
    case 'device_type':
      return rules.find((rule) => same(visitor.deviceType, rule.key))?.value ?? null;
    case 'os_name':
      return rules.find((rule) => same(visitor.osName, rule.key))?.value ?? null;
    case 'browser_name':
      return rules.find((rule) => same(visitor.browserName, rule.key))?.value ?? null;
    case 'continent_code':
      return rules.find((rule) => same(visitor.continentCode, rule.key))?.value ?? null;
    case 'country_code':
      return rules.find((rule) => same(visitor.countryCode, rule.key))?.value ?? null;
    case 'city_name':
      return rules.find((rule) => same(visitor.cityName, rule.key))?.value ?? null;
    case 'browser_language':
      return pickLanguage(rules, visitor.languages);
    case 'rotation':
      return pickWeighted(rules, visitor.random);
  }
}

/** The visitor's most preferred language that a rule names; `en` in a rule matches `en-GB`. */
function pickLanguage(rules: readonly TargetingRule[], languages: readonly string[]): string | null {
  for (const language of languages) {
    const tag = language.toLowerCase();
    const exact = rules.find((rule) => rule.key.toLowerCase() === tag);
    if (exact) return exact.value;
    const primary = rules.find((rule) => !rule.key.includes('-') && tag.split('-')[0] === rule.key.toLowerCase());
    if (primary) return primary.value;
  }
  return null;
}

function pickWeighted(rules: readonly TargetingRule[], random: number): string | null {
  const weights = rules.map((rule) => Math.max(0, Number(rule.key) || 0));
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  if (total <= 0) return null;
  let point = Math.min(Math.max(random, 0), 0.999999999) * total;
  for (let i = 0; i < rules.length; i += 1) {
    point -= weights[i] as number;
    if (point < 0) return (rules[i] as TargetingRule).value;
  }
  return (rules[rules.length - 1] as TargetingRule).value;
}

/** Accept-Language tags ordered by quality (q=0 and `*` dropped). */
export function parseAcceptLanguage(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((item, position) => {
      const [tag = '', ...params] = item.trim().split(';');
      const q = params.map((param) => /^\s*q=([01](?:\.\d{0,3})?)\s*$/.exec(param)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), position };
    })
    .filter((item) => item.tag !== '' && item.tag !== '*' && item.q > 0 && /^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/.test(item.tag))
    .sort((a, b) => b.q - a.q || a.position - b.position)
    .map((item) => item.tag);
}
