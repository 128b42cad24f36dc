// Targeting: which rule a visitor matches (which keys a kind takes is the contract's,
// src-preload/contract/targeting-keys.ts).
// A rule is {key, value}: value is the destination URL; key is the visitor property to match
// (device type, OS, browser, language, continent, country or city) or, for rotation, the
// rule's weight.
import type { TargetingKind } from '../../../src-preload/contract/api-rules.ts';
import type { TargetingRule } from '../storage/links.ts';

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
