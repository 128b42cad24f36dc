import { describe, expect, it } from 'vitest';
import { decodeWire, encodeWire, encodeWireData } from '../../../src-preload/contract/index.ts';

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
