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

describe('link editor: e-mail reports', () => {
  // Handler 12 gets this link's reports on the service, but is not in the mirror (its listing has
  // not come, or is refused); handler 3 is, under client id c3.
  const reported = { location_url: 'https://example.com/', url: 'spring', email_reports: [12] };
  const resolve = (ref: unknown) => (ref === 3 ? 'c3' : typeof ref === 'string' ? ref : null);

  it('keeps a handler the mirror does not know when the user ticks another', () => {
    const initial = formFromView(reported, MAIN_DOMAIN, resolve);
    expect(updateFields(initial, { ...initial })).toEqual({});
    const ticked = { ...initial, email_reports: [...initial.email_reports, 'c3'] };
    expect(updateFields(initial, ticked)).toEqual({ email_reports: [12, 'c3'] });
  });

  it('lets the user take such a handler off, on purpose', () => {
    const initial = formFromView(reported, MAIN_DOMAIN, resolve);
    expect(initial.email_reports).toHaveLength(1);
    expect(updateFields(initial, { ...initial, email_reports: [] })).toEqual({ email_reports: [] });
  });
});

describe('link editor: the schedule', () => {
  const dated = { location_url: 'https://example.com/', url: 'spring', email_reports: [], start_date: '2026-01-01 00:00:00', end_date: '2026-02-01 00:00:00' };

  it('opens off when the service says it is off, with the dates it keeps ready for switching it on', () => {
    const initial = formFromView({ ...dated, schedule: false }, MAIN_DOMAIN, () => null);
    expect(initial).toMatchObject({ schedule: false, start_date: dated.start_date, end_date: dated.end_date });
    expect(updateFields(initial, { ...initial })).toEqual({});
    expect(updateFields(initial, { ...initial, schedule: true })).toEqual({ schedule: true, start_date: dated.start_date, end_date: dated.end_date });
  });

  it('opens on by its dates when the read does not say', () => {
    expect(formFromView(dated, MAIN_DOMAIN, () => null).schedule).toBe(true);
  });
});
