import { describe, expect, it } from 'vitest';
import { formFromView, updateFields } from '../../../../src-renderer/features/links/link-form.ts';
import { MAIN_DOMAIN } from '../../../../src-renderer/features/links/link-index.ts';

const view = { location_url: 'https://example.com/', url: 'spring', email_reports: [] };
const protectedLink = () => formFromView(view, MAIN_DOMAIN, () => null, true);

describe('link editor: the password', () => {
  it('a new password replaces the current one while protection stays on', () => {
    const initial = protectedLink();
    expect(updateFields(initial, { ...initial, password: 'n3w-secret' })).toEqual({ password: 'n3w-secret' });
  });
  it('turning protection off removes the password, even after a new one was typed (its field is hidden then)', () => {
    const initial = protectedLink();
    expect(updateFields(initial, { ...initial, has_password: false })).toEqual({ password: null });
    expect(updateFields(initial, { ...initial, password: 'typed-then-changed-mind', has_password: false })).toEqual({ password: null });
  });
  it('an untouched password is not written', () => {
    const initial = protectedLink();
    expect(updateFields(initial, { ...initial })).toEqual({});
  });
});
