// Every string and list a call takes has a bound (issue #36: pixels_ids and email_reports had
// none), named in one place (input-bounds.ts); past it, main refuses the call with a plain message
// naming the field, before anything runs.
import { describe, expect, it } from 'vitest';
import { CALL_NAMES, callSchema, INPUT_BOUNDS, refusalOf, type CallName } from '../../../src-preload/contract/index.ts';
import { boundsOf } from './bounds-walk.ts';

const workspaceId = 'w-1';
const link = { location_url: 'https://example.com/' };
const long = (n: number, char = 'a') => char.repeat(n + 1);
const many = (n: number) => Array.from({ length: n + 1 }, (_, i) => i + 1);

describe('the bounds of what a call takes', () => {
  it('every string and list in every call input has a maximum, and nothing is taken unchecked', () => {
    const unbounded = CALL_NAMES.flatMap((name) =>
      boundsOf(callSchema(name)!.input)
        .filter((bound) => !Number.isFinite(bound.max))
        .map((bound) => `${name} ${bound.path} (${bound.kind})`),
    );
    expect(unbounded).toEqual([]);
  });

  it('keeps every bound in input-bounds.ts above what real use needs', () => {
    // The largest real uses Linkdock knows of: a pixel list of an agency account, a long tracking URL.
    expect(INPUT_BOUNDS.linkServerIds).toBeGreaterThanOrEqual(500);
    expect(INPUT_BOUNDS.url).toBeGreaterThanOrEqual(2048);
    expect(INPUT_BOUNDS.listingPages * 1000).toBeGreaterThanOrEqual(1_000_000);
  });

  it.each([
    ['pixels_ids', 'links.create', { workspaceId, input: { ...link, pixels_ids: many(INPUT_BOUNDS.linkServerIds) } }, /at most 1000 pixels/],
    ['email_reports', 'links.create', { workspaceId, input: { ...link, email_reports: many(INPUT_BOUNDS.linkServerIds) } }, /at most 1000 handlers/],
    ['email_reports', 'links.update', { workspaceId, id: 1, input: { email_reports: many(INPUT_BOUNDS.linkServerIds) } }, /at most 1000 handlers/],
    ['pixels_ids', 'links.update', { workspaceId, id: 1, input: { email_reports: [], pixels_ids: many(5000) } }, /at most 1000 pixels/],
    ['utm_source', 'links.create', { workspaceId, input: { ...link, utm_source: long(INPUT_BOUNDS.shortText) } }, /Too long: 256 characters at most/],
    ['location_url', 'links.create', { workspaceId, input: { ...link, location_url: `https://example.com/${long(INPUT_BOUNDS.url)}` } }, /URL is too long/],
    [
      'start_date',
      'links.create',
      { workspaceId, input: { ...link, schedule: true, start_date: `2030-01-01 00:00:00${long(100_000, ' ')}` } },
      /YYYY-MM-DD HH:MM:SS/,
    ],
    ['whatsapp', 'handlers.create', { workspaceId, input: { name: 'Phone', type: 'whatsapp', whatsapp: `+49 ${long(100_000, '1')}` } }, /phone number/],
    ['startDate', 'statistics.get', { workspaceId, linkId: 1, startDate: `2030-01-01${long(100_000, '0')}`, endDate: '2030-01-02' }, /YYYY-MM-DD/],
    ['workspaceId', 'workspaces.rename', { workspaceId: long(INPUT_BOUNDS.workspaceId, 'w'), name: 'A' }, /not a workspace id/],
    ['listingId', 'listing.stop', { listingId: long(100_000, 'x') }, /Too long/],
    ['message', 'app.log', { level: 'info', message: long(INPUT_BOUNDS.logMessage) }, /Too long: 4000 characters at most/],
    ['body', 'notify.syncProblem', { kind: 'failed', title: 'x', body: long(INPUT_BOUNDS.noticeBody) }, /Too long/],
  ] as const)('refuses an oversize %s in %s, naming the field', (field, name, input, message) => {
    const refusal = refusalOf(name as CallName, input);
    expect(refusal).toMatchObject({ kind: 'invalid-input', field, message: expect.stringMatching(message) });
    expect(refusal?.message.startsWith(`${field}: `)).toBe(true);
  });

  it('takes what sits at a bound', () => {
    expect(refusalOf('links.create', { workspaceId, input: { ...link, pixels_ids: many(INPUT_BOUNDS.linkServerIds - 1) } })).toBeNull();
    expect(refusalOf('links.update', { workspaceId, id: 1, input: { email_reports: many(INPUT_BOUNDS.linkServerIds - 1) } })).toBeNull();
    expect(refusalOf('handlers.create', { workspaceId, input: { name: 'Phone', type: 'whatsapp', whatsapp: ' +49 (30) 1234-5678 ' } })).toBeNull();
    expect(refusalOf('statistics.get', { workspaceId, linkId: 1, startDate: '2030-01-01', endDate: '2030-01-02' })).toBeNull();
  });
});
