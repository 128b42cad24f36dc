// Every check of the contract speaks plain words where its schema brings no message of its own:
// these are the texts the editors show beside a field (never zod's "Too big: expected string…").
import { describe, expect, it } from 'vitest';
import { HandlerCreateSchema, LinkCreateSchema } from '../../../src-preload/contract/index.ts';

function messages(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  expect(result.success).toBe(false);
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.map(String).join('.'), issue.message]));
}

describe('plain-language contract messages', () => {
  it('says how long a text may be, how many entries a list may hold, and that a number is wanted', () => {
    const found = messages(
      LinkCreateSchema.safeParse({
        location_url: 'https://example.com/',
        utm_source: 'x'.repeat(257),
        targeting_type: 'country_code',
        targeting: { country_code: [{ key: 'x'.repeat(513), value: 'https://example.com/de' }] },
        http_status_code: 'permanent',
      }),
    );
    expect(found['utm_source']).toBe('Too long: 256 characters at most');
    expect(Object.entries(found).find(([path]) => path.endsWith('key'))?.[1]).toBe('Too long: 512 characters at most');
    expect(found['http_status_code']).toBe('Choose one of 301, 302, 307, 308');
    for (const message of Object.values(found)) expect(message).not.toMatch(/expected|received|Too big|Too small|Invalid input/);
  });

  it('says a required field is required and an empty one cannot be empty, and keeps a schema’s own message', () => {
    const found = messages(HandlerCreateSchema.safeParse({ type: 'email', name: '', email: 'not-an-address' }));
    expect(found['name']).toBe('Name is required');
    expect(found['email']).toBe('Enter a valid e-mail address');
    const missing = messages(LinkCreateSchema.safeParse({}));
    for (const message of Object.values(missing)) expect(message).not.toMatch(/expected|received|Invalid input/);
  });
});
