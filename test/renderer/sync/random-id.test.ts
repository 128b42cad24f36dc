import { describe, expect, it } from 'vitest';
import { uuidGenerator } from '../../../src-renderer/sync/random-id.ts';

describe('client ids', () => {
  it('are version 4 UUIDs of the bytes drawn, whatever the bytes', () => {
    const fills = [0x00, 0xff, 0x5a];
    let n = 0;
    const next = uuidGenerator((bytes) => bytes.fill(fills[n++ % fills.length]!));
    const first = next();
    expect(first).toBe('00000000-0000-4000-8000-000000000000');
    // A pool lasts 1,024 ids; the next draw refills it.
    for (let i = 1; i < 1024; i++) expect(next()).toBe(first);
    expect(next()).toBe('ffffffff-ffff-4fff-bfff-ffffffffffff');
  });

  it('put each drawn byte in its place, with the version and variant bits set', () => {
    const next = uuidGenerator((bytes) => bytes.forEach((_, i) => (bytes[i] = i & 0xff)));
    // Bytes 0–15, then 16–31: the 7th byte takes version 4 in its high nibble, the 9th the variant's top bits 10.
    expect(next()).toBe('00010203-0405-4607-8809-0a0b0c0d0e0f');
    expect(next()).toBe('10111213-1415-4617-9819-1a1b1c1d1e1f');
  });

  it('never repeat over a million draws of real random bytes', () => {
    const next = uuidGenerator();
    const seen = new Set<string>();
    for (let i = 0; i < 1_000_000; i++) seen.add(next());
    expect(seen.size).toBe(1_000_000);
    for (const id of [...seen].slice(0, 1000)) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
