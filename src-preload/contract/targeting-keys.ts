// What a targeting rule's key may be for each kind, in one place: the editor checks it before the
// dialog closes, main checks it at the boundary, and the sandbox refuses what a real service would.
// A rule is {key, value}: key is the visitor property to match (device type, OS, browser,
// language, continent, country or city) or, for rotation, the rule's weight; value is the URL.
import type { TargetingKind } from './api-rules.ts';

export const DEVICE_TYPES = ['desktop', 'mobile', 'tablet', 'tv'] as const;
export const CONTINENT_CODES = ['AF', 'AN', 'AS', 'EU', 'NA', 'OC', 'SA'] as const;
export const MAX_ROTATION_WEIGHT = 100_000;

/** Why `key` cannot be matched for `kind`, in words that follow "Match": null when it can. */
export function targetingKeyProblem(kind: TargetingKind, key: string): string | null {
  switch (kind) {
    case 'device_type':
      return (DEVICE_TYPES as readonly string[]).includes(key.toLowerCase()) ? null : `must be one of ${DEVICE_TYPES.join(', ')}`;
    case 'continent_code':
      return (CONTINENT_CODES as readonly string[]).includes(key.toUpperCase()) ? null : `must be a continent code: ${CONTINENT_CODES.join(', ')}`;
    case 'country_code':
      return /^[A-Za-z]{2}$/.test(key) ? null : `must be a two-letter country code such as DE or US, not “${key}”`;
    case 'browser_language':
      return /^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/.test(key) ? null : `must be a language code such as en or en-US, not “${key}”`;
    case 'rotation': {
      const weight = /^\d{1,6}$/.test(key) ? Number(key) : NaN;
      return weight >= 1 && weight <= MAX_ROTATION_WEIGHT ? null : `must be a weight from 1 to ${MAX_ROTATION_WEIGHT.toLocaleString('en-US')}`;
    }
    case 'os_name':
    case 'browser_name':
    case 'city_name':
      return key.trim() === '' ? 'cannot be empty' : null;
  }
}
