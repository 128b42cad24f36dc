import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeWire, encodeWire, encodeWireData, encodeWireSegments } from '../../../src-preload/contract/index.ts';

describe('wire codec (the web preview transport)', () => {
  it('carries file bytes through JSON, wherever they sit', () => {
    const value = {
      name: 'links.create',
      input: { input: { cloaking_favicon: { name: 'f.png', type: 'image/png', data: new Uint8Array([0, 137, 80, 255]) } }, list: [new Uint8Array([1])] },
    };
    const decoded = decodeWire(encodeWire(value)) as typeof value;
    expect(decoded.input.input.cloaking_favicon.data).toBeInstanceOf(Uint8Array);
    expect([...decoded.input.input.cloaking_favicon.data]).toEqual([0, 137, 80, 255]);
    expect([...decoded.input.list[0]!]).toEqual([1]);
  });

  it('leaves plain values as JSON has them, text that mentions the marker included', () => {
    const value = { ok: true, value: { data: [{ id: 1, url: 'x', note: '"$bytes" is just text here', nested: { a: [1, null, 'b'] } }] } };
    expect(encodeWire(value)).toBe(JSON.stringify(value));
    expect(decodeWire(encodeWire(value))).toEqual(value);
  });

  it('encodes service data in one pass: no walk looking for bytes before JSON', () => {
    let reads = 0;
    const row = {
      id: 1,
      get url() {
        reads += 1;
        return 'abc';
      },
    };
    const value = { id: 3, result: { ok: true, value: { data: [row] } } };
    expect(encodeWireData(value)).toBe(JSON.stringify({ id: 3, result: { ok: true, value: { data: [{ id: 1, url: 'abc' }] } } }));
    expect(reads).toBe(1);
    // The general encoder looks first (a call's input may carry files), then encodes.
    reads = 0;
    encodeWire(value);
    expect(reads).toBe(2);
  });
});

describe('segments (a listed page’s text after the JSON)', () => {
  const long = (seed: string) => `${seed}"quoted" \\ back\nslash é ☃ 𝄞 `.repeat(5000);

  it('carry long strings after the JSON as they are, wherever they sit, and leave the value as it was', () => {
    const value = {
      id: 7,
      result: {
        ok: true,
        value: {
          pages: [
            { page: 2, listed: { text: long('a'), ends: [1, 2], heads: [{ url: 'x' }] } },
            { page: 3, listed: { text: long('b') } },
          ],
          done: false,
        },
      },
    };
    const before = structuredClone(value);
    const message = encodeWireSegments(value);
    expect(message.startsWith('S')).toBe(true);
    expect(message.endsWith(`${long('a')}${long('b')}`)).toBe(true);
    expect(decodeWire(message, { segments: true })).toEqual(value);
    expect(value).toEqual(before);
  });

  it('leave a value without long strings plain JSON, and keep a string with a lone surrogate in the JSON', () => {
    const plain = { id: 1, result: { ok: true, value: { pages: [], done: true, failure: null } } };
    expect(encodeWireSegments(plain)).toBe(JSON.stringify(plain));
    const broken = { text: `${'x'.repeat(70_000)}\ud800` };
    expect(encodeWireSegments(broken)).toBe(JSON.stringify(broken));
    expect(decodeWire(encodeWireSegments(broken), { segments: true })).toEqual(broken);
  });

  it('round-trip any JSON value with long strings in it', () => {
    const big = fc.string({ minLength: 1, maxLength: 4 }).map((unit) => unit.repeat(Math.ceil(70_000 / unit.length)));
    const value = fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: 'small' },
        fc.jsonValue({ maxDepth: 1 }),
        big,
        fc.array(tie('node'), { maxLength: 3 }),
        fc.dictionary(fc.string({ maxLength: 4 }), tie('node'), { maxKeys: 3 }),
      ),
    })).node;
    fc.assert(
      fc.property(value, (v) => {
        expect(decodeWire(encodeWireSegments(v), { segments: true })).toEqual(v);
      }),
      { seed: 1128, numRuns: 60 },
    );
  });

  it('are refused where none may come (main reading a window’s call), and when they do not fit their header', () => {
    const message = encodeWireSegments({ a: { text: long('a') } });
    expect(() => decodeWire(message)).toThrow(/segments/);
    const header = (value: unknown, segments: unknown) => `S${JSON.stringify({ value, segments })}\n`;
    expect(() => decodeWire(`${header({ a: null }, [{ path: ['a'], length: 5 }])}abc`, { segments: true })).toThrow(/past its end/);
    expect(() => decodeWire(`${header({ a: null }, [{ path: ['a'], length: 2 }])}abc`, { segments: true })).toThrow(/add up/);
    expect(() => decodeWire(`${header({ a: 'kept' }, [{ path: ['a'], length: 3 }])}abc`, { segments: true })).toThrow(/no place/);
    expect(() => decodeWire(`${header({}, [{ path: ['__proto__', 'polluted'], length: 3 }])}abc`, { segments: true })).toThrow(/no place/);
    expect(() => decodeWire(`${header({ a: [] }, [{ path: ['a', 'length'], length: 3 }])}abc`, { segments: true })).toThrow(/no place/);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(() => decodeWire('S{"value":null', { segments: true })).toThrow(/header/);
    expect(() => decodeWire('Snull\nabc', { segments: true })).toThrow(/header/);
    expect(() => decodeWire(`${header({ a: null }, { path: ['a'], length: 3 })}abc`, { segments: true })).toThrow(/header/);
    expect(() => decodeWire(`${header({ a: null }, [null])}abc`, { segments: true })).toThrow(/header/);
    expect(() => decodeWire(`${header({ a: null }, [{ path: 'a', length: 3 }])}abc`, { segments: true })).toThrow(/no place/);
  });
});
