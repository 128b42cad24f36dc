// Proof that a visitor gave a link's password, carried by the sensitive-content form so the
// password itself never goes back into a page. It changes when the password changes.
import { createHmac, timingSafeEqual } from 'node:crypto';

export function accessToken(secret: Buffer, linkId: number, passwordHash: string): string {
  return createHmac('sha256', secret).update(`${linkId}:${passwordHash}`).digest('hex');
}

export function checkAccessToken(secret: Buffer, linkId: number, passwordHash: string, token: string): boolean {
  const expected = Buffer.from(accessToken(secret, linkId, passwordHash));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
