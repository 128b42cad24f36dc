import { describe, expect, it } from 'vitest';
import type { Domain, Handler, Link } from '../../../src-preload/contract/index.ts';
import { reconcile, reconcileBulk } from '../../../src-renderer/sync/reconcile.ts';

const link = (id: number, url: string, domain_id = 0, type = 'link'): Link => ({
  id,
  project_id: null,
  domain_id,
  type,
  url,
  location_url: 'https://x.test',
  settings: { password: null, sensitive_content: false },
  clicks: 0,
  order: 0,
  start_date: null,
  end_date: null,
  datetime: '2026-01-01 00:00:00',
});
const domain = (id: number, host: string): Domain => ({
  id,
  scheme: 'https://',
  host,
  custom_index_url: '',
  is_enabled: true,
  last_datetime: null,
  datetime: '2026-01-01 00:00:00',
});
const handler = (id: number, name: string, email: string, type: Handler['type'] = 'email'): Handler => ({
  id,
  type,
  name,
  settings: type === 'email' ? { email } : {},
  is_enabled: true,
  last_datetime: null,
  datetime: '2026-01-01 00:00:00',
});

describe('reconciliation matcher', () => {
  it('links: alias + domain — one match adopts, none resends', () => {
    const rows = [link(1, 'abc', 0), link(2, 'abc', 5), link(3, 'xyz', 0)];
    expect(reconcile('links', { url: 'abc', domain_id: 5 }, rows)).toEqual({ type: 'adopt', serverId: 2 });
    expect(reconcile('links', { url: 'abc' }, rows)).toEqual({ type: 'adopt', serverId: 1 });
    expect(reconcile('links', { url: 'nope', domain_id: 0 }, rows)).toEqual({ type: 'resend' });
  });
  it('links: aliases compare as the service compares them (case and Unicode form folded)', () => {
    // The service stored "Café" (composed); the create sent "cafe\u0301" decomposed and another case.
    expect(reconcile('links', { url: 'CAFE\u0301' }, [link(7, 'Caf\u00e9', 0)])).toEqual({ type: 'adopt', serverId: 7 });
    expect(reconcile('links', { url: 'Promo' }, [link(8, 'promo', 0)])).toEqual({ type: 'adopt', serverId: 8 });
  });
  it('links: rows of other products never match', () => {
    expect(reconcile('links', { url: 'abc' }, [link(1, 'abc', 0, 'biolink')])).toEqual({ type: 'resend' });
  });
  it('domains: host, case-insensitively', () => {
    expect(reconcile('domains', { host: 'Go.Example.com' }, [domain(4, 'go.example.com'), domain(5, 'other.example.com')])).toEqual({
      type: 'adopt',
      serverId: 4,
    });
  });
  it('handlers: all readable fields; several matches ask the user', () => {
    const rows = [handler(1, 'Ops', 'ops@x.test'), handler(2, 'Ops', 'ops@x.test'), handler(3, 'Ops', 'dev@x.test')];
    expect(reconcile('handlers', { name: 'Ops', type: 'email', email: 'ops@x.test' }, rows)).toEqual({ type: 'ask', candidates: [1, 2] });
    expect(reconcile('handlers', { name: 'Ops', type: 'email', email: 'dev@x.test' }, rows)).toEqual({ type: 'adopt', serverId: 3 });
    expect(reconcile('handlers', { name: 'Ops', type: 'slack', slack: 'https://hooks.slack.test/x' }, rows)).toEqual({ type: 'resend' });
  });
  it('handlers: a field the service does not show cannot disqualify a row', () => {
    expect(reconcile('handlers', { name: 'Hook', type: 'webhook', webhook: 'https://h.test/' }, [handler(9, 'Hook', '', 'webhook')])).toEqual({
      type: 'adopt',
      serverId: 9,
    });
  });
});

describe('reconcileBulk: a bulk create of unknown outcome, by destination and creation time', () => {
  const at = (text: string) => Date.parse(`${text.replace(' ', 'T')}Z`);
  const made = (id: number, location_url: string, datetime: string, domain_id = 0): Link => ({ ...link(id, `r${id}`, domain_id), location_url, datetime });
  const window = { from: at('2026-05-01 10:00:00'), to: at('2026-05-01 10:05:00'), timeZone: 'Europe/Berlin' };
  const urls = ['https://a.test/1', 'https://a.test/2', 'https://a.test/1'];

  it('maps each line to a link of the batch, in order, duplicates each once', () => {
    const rows = [
      made(50, 'https://a.test/1', '2026-05-01 10:01:00'),
      made(51, 'https://a.test/2', '2026-05-01 10:01:00'),
      made(52, 'https://a.test/1', '2026-05-01 10:01:00'),
    ];
    expect(reconcileBulk({}, urls, rows, window)).toEqual([50, 51, 52]);
  });

  it('prefers the run of ids over a link to the same destination made elsewhere in the window', () => {
    const rows = [
      made(40, 'https://a.test/2', '2026-05-01 10:00:30'),
      made(50, 'https://a.test/1', '2026-05-01 10:01:00'),
      made(51, 'https://a.test/2', '2026-05-01 10:01:00'),
      made(52, 'https://a.test/1', '2026-05-01 10:01:00'),
    ];
    expect(reconcileBulk({}, urls, rows, window)).toEqual([50, 51, 52]);
  });

  it('leaves out links made outside the window or on another domain; the lines not found are null (sent again)', () => {
    const rows = [
      made(10, 'https://a.test/1', '2026-04-30 09:00:00'),
      made(50, 'https://a.test/1', '2026-05-01 10:01:00', 7),
      made(51, 'https://a.test/2', '2026-05-01 10:01:00'),
    ];
    expect(reconcileBulk({}, urls, rows, window)).toEqual([null, 51, null]);
    expect(reconcileBulk({ domain_id: 7 }, urls, rows, window)).toEqual([50, null, null]);
  });

  it("reads the service's datetime as UTC or as the account's wall clock", () => {
    // 12:01 in Berlin (summer) is 10:01 UTC.
    expect(reconcileBulk({}, ['https://a.test/1'], [made(5, 'https://a.test/1', '2026-05-01 12:01:00')], window)).toEqual([5]);
    expect(reconcileBulk({}, ['https://a.test/1'], [made(5, 'https://a.test/1', '2026-05-01 15:01:00')], window)).toEqual([null]);
  });
  it("after a complete listing, the service's own numbering is the window: ids above the highest known at the send, whatever either clock says", () => {
    const rows = [
      made(30, 'https://a.test/1', '2026-05-01 10:01:00'),
      made(61, 'https://a.test/1', '2020-01-01 00:00:00'),
      made(62, 'https://a.test/2', '2031-01-01 00:00:00'),
    ];
    expect(reconcileBulk({}, ['https://a.test/1', 'https://a.test/2'], rows, { ...window, afterId: 60 })).toEqual([61, 62]);
    expect(reconcileBulk({}, ['https://a.test/1', 'https://a.test/2'], rows, { ...window, afterId: 62 })).toEqual([null, null]);
  });
});
