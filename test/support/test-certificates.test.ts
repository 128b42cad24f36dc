import { X509Certificate } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { makeCertificate } from './test-certificates.ts';

describe('test certificates', () => {
  it.each([
    ['a leading zero byte before a byte under 0x80', [0x00, 0x10]],
    ['a leading zero byte before a byte over 0x7f', [0x00, 0x90]],
    ['a top bit set', [0xff, 0xff]],
  ])('are readable whatever the serial draws: %s', (_label, head) => {
    const serial = Buffer.alloc(12, 0x01);
    serial.set(head);
    const authority = makeCertificate({ subject: 'Test authority', authority: true, serial });
    const parsed = new X509Certificate(authority.cert);
    expect(parsed.subject).toContain('Test authority');
    expect(parsed.ca).toBe(true);
    // Positive and minimal: no padding byte, no sign bit.
    expect(parsed.serialNumber).toMatch(/^[4-7][0-9A-F]{23}$/);
  });
});
