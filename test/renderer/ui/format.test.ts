// Counts as the lists show them: the shared formatter writes what toLocaleString wrote.
import { describe, expect, it } from 'vitest';
import { formatCount } from '../../../src-renderer/ui/format.ts';

describe('formatCount', () => {
  it('writes a count as toLocaleString does, in the default locale', () => {
    for (const n of [0, 1, 999, 1000, 12_345, 100_300, 1_234_567, -42]) expect(formatCount(n)).toBe(n.toLocaleString());
  });
});
