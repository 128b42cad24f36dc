// The detail's "Settings on the service": every key a real read carries is shown, known ones by
// name, the rest as the service sent them; a document-only read says what it does not show.
import { describe, expect, it } from 'vitest';
import { normaliseLink } from '../../../../src-main/service/normalise.ts';
import { linkSettingsSummary } from '../../../../src-renderer/features/links/link-settings-summary.ts';
import { fullRawLink } from '../../../support/real-service.ts';

const names = (id: number) => (id === 11 ? 'Ops' : null);

describe('link settings summary', () => {
  it('names every setting of a real read, and lists the keys Linkdock does not know', () => {
    const raw = fullRawLink(1);
    const lines = Object.fromEntries(
      linkSettingsSummary(normaliseLink({ ...raw, is_enabled: '0', project_id: 0 }), names, 'Europe/Berlin').map((l) => [l.label, l.value]),
    );
    expect(lines).toMatchObject({
      Enabled: 'No',
      'E-mail reports': 'Ops, handler 12, handler 13',
      Pixels: '5, 6',
      Project: 'None',
      Password: 'Set (Linkdock never sees it)',
      Schedule: '2026-01-01 00:00:00 to 2027-01-01 00:00:00 (Europe/Berlin)',
      'Clicks limit': '500',
      Redirect: '307 – temporary, keeps the method',
      UTM: 'source: newsletter, medium: email, campaign: autumn',
      Targeting: 'Country: DE → https://de.dest.example/; FR → https://fr.dest.example/',
      'Forward query parameters': 'Yes',
      'name (kept as the service sent it)': 'A name only the web UI sets',
      'settings.is_se_visible (kept as the service sent it)': '1',
      'settings.splash_page_id (kept as the service sent it)': '7',
    });
    expect(lines.Cloaking).toContain('favicon favicon-stored.png');
    expect(JSON.stringify(lines)).not.toContain('$2y$');
  });

  it('says what a document-only service does not show instead of guessing', () => {
    const doc = normaliseLink({
      id: 2,
      project_id: null,
      domain_id: 0,
      type: 'link',
      url: 'a',
      location_url: 'https://a.example/',
      settings: { password: null, sensitive_content: false },
      clicks: 0,
      order: 0,
      start_date: null,
      end_date: null,
      datetime: '2026-01-01 00:00:00',
    });
    const lines = Object.fromEntries(linkSettingsSummary(doc, names, 'UTC').map((l) => [l.label, l.value]));
    expect(lines).toEqual({
      Enabled: 'Not shown by this service',
      'E-mail reports': 'Not shown by this service',
      Project: 'None',
      Password: 'None',
      'Sensitive content warning': 'No',
    });
  });
});
