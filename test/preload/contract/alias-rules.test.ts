import { describe, expect, it } from 'vitest';
import { aliasKey, aliasLookalikeWarning } from '../../../src-preload/contract/alias.ts';

describe('alias rules shared by client and sandbox', () => {
  it('folds case and Unicode forms like the service does', () => {
    expect(aliasKey('Cafe\u0301')).toBe(aliasKey('caf\u00e9'));
    expect(aliasKey('PROMO')).toBe('promo');
    expect(aliasKey('promo-1')).not.toBe(aliasKey('promo-2'));
  });

  it('warns about aliases that mix look-alike alphabets, and only those', () => {
    expect(aliasLookalikeWarning('p\u0430ypal')).toContain('mixes Latin and Cyrillic letters');
    expect(aliasLookalikeWarning('\u03bfpen')).toContain('Latin and Greek');
    expect(aliasLookalikeWarning('paypal')).toBeNull();
    expect(aliasLookalikeWarning('\u043f\u0440\u0438\u0432\u0435\u0442')).toBeNull();
    expect(aliasLookalikeWarning('sale-2026')).toBeNull();
    expect(aliasLookalikeWarning('日本-sale')).toBeNull();
  });
});
