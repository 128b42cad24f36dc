// @vitest-environment happy-dom
// The link editor: the contract's message beside every field a bad value is typed in, nothing
// saved then; a good form is exactly one outbox operation; edits send only what changed.
import 'fake-indexeddb/auto';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LinkCreateSchema } from '../../../../src-preload/contract/index.ts';
import type { WorkspaceSession } from '../../../../src-renderer/session/workspace-session.tsx';
import { LinksScreen } from '../../../../src-renderer/features/links/LinksPage.tsx';
import { linkNote } from '../../../../src-renderer/sync/index.ts';
import { useNavigation } from '../../../../src-renderer/session/navigation-store.ts';

/** The first bytes of an ICO and a PNG file: what the service recognises an image by. */
const ICO = new Uint8Array([0, 0, 1, 0, 1, 0, 16, 16]);
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]);
import { choose, domain, fieldError, handler, mirrorRow, openSession, renderWithApi, serverLink } from './links-harness.tsx';
import { linkRows } from '../../../../src-renderer/sync/mirror/link-rows.ts';
import { MANY_WAITS } from '../../../support/patience.ts';

afterEach(() => cleanup());

/** The contract's own message for `value` in `field` (of an otherwise valid create). */
function contractMessage(fields: Record<string, unknown>): string {
  const result = LinkCreateSchema.safeParse({ location_url: 'https://ok.example/', ...fields });
  if (result.success) throw new Error(`valid: ${JSON.stringify(fields)}`);
  return result.error.issues[0]!.message;
}

async function seededSession(): Promise<WorkspaceSession> {
  const session = await openSession();
  await session.sync.db.domains.put(mirrorRow(domain(5, 'go.brand.test'), { clientId: 'dom-5' }));
  await session.sync.db.handlers.put(mirrorRow(handler(8, 'Ops'), { clientId: 'hnd-8' }));
  return session;
}

async function openNewEditor(session: WorkspaceSession) {
  const { user } = renderWithApi(<LinksScreen session={session} />);
  await user.click(screen.getByRole('button', { name: 'New link' }));
  // The form shows once the mirror's handlers are read.
  await screen.findByLabelText('Destination URL');
  const dialog = screen.getByRole('dialog', { name: 'New link' });
  return { user, dialog };
}

const long = (n: number) => 'x'.repeat(n);

describe('link editor validation', () => {
  it('shows the contract message beside each bad field and saves nothing', MANY_WAITS, async () => {
    const session = await seededSession();
    const { user, dialog } = await openNewEditor(session);
    const fill = async (label: string, value: string) => {
      const input = within(dialog).getByLabelText(label, { selector: 'input, textarea' });
      await user.clear(input);
      await user.click(input);
      await user.paste(value);
    };
    await user.click(within(dialog).getByRole('switch', { name: 'Schedule' }));
    const cases: [label: string, typed: string, field: string, value: unknown][] = [
      ['Destination URL', 'not a url', 'location_url', 'not a url'],
      ['Alias', 'two words', 'url', 'two words'],
      ['Project ID', 'abc', 'project_id', Number('abc')],
      ['Start', 'tomorrow', 'start_date', 'tomorrow'],
      ['End', '2026-02-30 10:00:00', 'end_date', '2026-02-30 10:00:00'],
      ['Password', long(257), 'password', long(257)],
      ['Clicks limit', '0', 'clicks_limit', 0],
      ['Expiration URL', 'ftp://files.example/', 'expiration_url', 'ftp://files.example/'],
      ['Cloaking title', long(257), 'cloaking_title', long(257)],
      ['Cloaking description', long(1025), 'cloaking_meta_description', long(1025)],
      ['Custom JavaScript', long(10_001), 'cloaking_custom_js', long(10_001)],
      ['UTM source', long(257), 'utm_source', long(257)],
      ['UTM medium', long(257), 'utm_medium', long(257)],
      ['UTM campaign', long(257), 'utm_campaign', long(257)],
      ['Pixel IDs', '3, -4', 'pixels_ids', [3, -4]],
    ];
    for (const [label, typed] of cases) await fill(label, typed);
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'huge.ico', { type: 'image/x-icon' });
    await user.upload(within(dialog).getByLabelText('Favicon'), big);
    await choose(user, 'Targeting type', 'Country', dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Add rule' }));
    await fill('Rule 1 match', long(513));
    await fill('Rule 1 destination URL', 'https://fr.example/');
    await waitFor(() => expect(within(dialog).getByText(/huge\.ico/)).toBeTruthy());

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    for (const [label, , field, value] of cases) {
      expect.soft(fieldError(label, dialog), label).toBe(contractMessage({ [field]: value, ...(field.endsWith('_date') ? { schedule: true } : {}) }));
    }
    const favicon = within(dialog).getByLabelText('Favicon').closest('.field')?.querySelector('.field-error')?.textContent;
    expect(favicon).toBe(contractMessage({ cloaking_favicon: { name: 'huge.ico', type: 'image/x-icon', data: new Uint8Array(5 * 1024 * 1024 + 1) } }));
    const targetingMessage = contractMessage({
      targeting_type: 'country_code',
      targeting: { country_code: [{ key: long(513), value: 'https://fr.example/' }] },
    });
    expect(within(dialog).getByText(targetingMessage, { selector: '.field-error' })).toBeTruthy();
    expect(within(dialog).getByRole('alert').textContent).toContain('Nothing was saved');
    expect(await session.sync.db.outbox.count()).toBe(0);
    expect(await linkRows(session.sync.db).count()).toBe(0);
  });

  it('checks files and targeting rules as the service would, before the dialog closes, and shows what is attached', MANY_WAITS, async () => {
    const session = await seededSession();
    const { user, dialog } = await openNewEditor(session);
    await user.type(within(dialog).getByLabelText('Destination URL'), 'https://ok.example/');
    await user.click(within(dialog).getByRole('switch', { name: 'Cloaking' }));
    // Named and typed like an image, but text inside: the service looks at the bytes.
    await user.upload(within(dialog).getByLabelText('Favicon'), new File(['just some notes'], 'logo.png', { type: 'image/png' }));
    const favicon = within(dialog).getByLabelText('Favicon').closest('.field') as HTMLElement;
    // The attached file is named, with a way to remove it.
    await waitFor(() => expect(favicon.textContent).toContain('logo.png (1 KiB)'));
    expect(within(favicon).getByRole('button', { name: 'Remove Favicon' })).toBeTruthy();
    await choose(user, 'Targeting type', 'Country', dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Add rule' }));
    await user.type(within(dialog).getByLabelText('Rule 1 match'), 'Germany');
    await user.type(within(dialog).getByLabelText('Rule 1 destination URL'), 'https://de.example/');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(favicon.querySelector('.field-error')?.textContent).toBe('Favicon must be a PNG, JPEG, GIF, WebP or ICO image; “logo.png” is not one');
    expect(
      within(dialog).getByText('Rule 1: Match must be a two-letter country code such as DE or US, not “Germany”', { selector: '.field-error' }),
    ).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'New link' })).toBeTruthy();
    expect(await session.sync.db.outbox.count()).toBe(0);
    // Fixed in the dialog, it saves.
    await user.click(within(favicon).getByRole('button', { name: 'Remove Favicon' }));
    await user.clear(within(dialog).getByLabelText('Rule 1 match'));
    await user.type(within(dialog).getByLabelText('Rule 1 match'), 'DE');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New link' })).toBeNull());
    expect((await session.sync.db.outbox.toArray())[0]!.fields.targeting).toEqual({ country_code: [{ key: 'DE', value: 'https://de.example/' }] });
  });

  it('checks rules across fields (end after start) and follows the typing after a first save', MANY_WAITS, async () => {
    const session = await seededSession();
    const { user, dialog } = await openNewEditor(session);
    await user.type(within(dialog).getByLabelText('Destination URL'), 'https://ok.example/');
    await user.click(within(dialog).getByRole('switch', { name: 'Schedule' }));
    await user.type(within(dialog).getByLabelText('Start'), '2026-05-02 10:00:00');
    await user.type(within(dialog).getByLabelText('End'), '2026-05-01 10:00:00');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(fieldError('End', dialog)).toBe('End must be after Start');
    expect(await session.sync.db.outbox.count()).toBe(0);
    // Messages follow what is typed once the user tried to save.
    await user.clear(within(dialog).getByLabelText('End'));
    await user.type(within(dialog).getByLabelText('End'), '2026-05-03 10:00:00');
    expect(fieldError('End', dialog)).toBeNull();
  });

  it('a good form with every group filled creates exactly one outbox operation', MANY_WAITS, async () => {
    const session = await seededSession();
    const { user, dialog } = await openNewEditor(session);
    const type = async (label: string, value: string) => {
      await user.click(within(dialog).getByLabelText(label, { selector: 'input, textarea' }));
      await user.paste(value);
    };
    await type('Destination URL', 'https://shop.example/spring');
    await type('Alias', 'spring-sale');
    await choose(user, 'Domain', 'go.brand.test', dialog);
    await type('Project ID', '12');
    await user.click(within(dialog).getByRole('switch', { name: 'Schedule' }));
    await type('Start', '2026-05-01 09:00:00');
    await type('End', '2026-06-01 09:00:00');
    await type('Password', 'hunter2');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Sensitive content warning' }));
    await type('Clicks limit', '500');
    await type('Expiration URL', 'https://shop.example/over');
    await choose(user, 'Redirect status code', '307 – temporary, keeps the method', dialog);
    await user.click(within(dialog).getByRole('checkbox', { name: 'Forward query parameters' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'App linking' }));
    await user.click(within(dialog).getByRole('switch', { name: 'Cloaking' }));
    await type('Cloaking title', 'Spring');
    await type('Cloaking description', 'Sale');
    await type('Custom JavaScript', 'console.log(1)');
    await user.upload(within(dialog).getByLabelText('Favicon'), new File([ICO], 'f.ico', { type: 'image/x-icon' }));
    await user.upload(within(dialog).getByLabelText('OpenGraph image'), new File([PNG], 'og.png', { type: 'image/png' }));
    await choose(user, 'Targeting type', 'Country', dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Add rule' }));
    await type('Rule 1 match', 'FR');
    await type('Rule 1 destination URL', 'https://shop.example/fr');
    await type('UTM source', 'news');
    await type('UTM medium', 'email');
    await type('UTM campaign', 'spring');
    await type('Pixel IDs', '3, 7');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Ops (email)' }));
    await waitFor(() => expect(within(dialog).getByText(/og\.png/)).toBeTruthy());
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New link' })).toBeNull());

    const ops = await session.sync.db.outbox.toArray();
    expect(ops).toHaveLength(1);
    expect(ops[0]!.kind).toBe('create');
    expect(ops[0]!.fields).toEqual({
      location_url: 'https://shop.example/spring',
      url: 'spring-sale',
      domain_id: 'dom-5',
      project_id: 12,
      schedule: true,
      start_date: '2026-05-01 09:00:00',
      end_date: '2026-06-01 09:00:00',
      password: 'hunter2',
      sensitive_content: true,
      clicks_limit: 500,
      expiration_url: 'https://shop.example/over',
      http_status_code: 307,
      forward_query_parameters_is_enabled: true,
      app_linking_is_enabled: true,
      cloaking_is_enabled: true,
      cloaking_title: 'Spring',
      cloaking_meta_description: 'Sale',
      cloaking_custom_js: 'console.log(1)',
      cloaking_favicon: { name: 'f.ico', type: 'image/x-icon', data: ICO },
      cloaking_opengraph: { name: 'og.png', type: 'image/png', data: PNG },
      targeting_type: 'country_code',
      targeting: { country_code: [{ key: 'FR', value: 'https://shop.example/fr' }] },
      utm_source: 'news',
      utm_medium: 'email',
      utm_campaign: 'spring',
      pixels_ids: [3, 7],
      email_reports: ['hnd-8'],
    });
  });
});

describe('link editor on an existing link', () => {
  async function withLink() {
    const session = await seededSession();
    await session.sync.db.links.put(
      mirrorRow(serverLink(40, { url: 'promo', location_url: 'https://old.example/', is_enabled: true }), {
        clientId: 'lnk-40',
        writeOnly: { email_reports: ['hnd-8'], utm_source: 'news' },
      }),
    );
    const rendered = renderWithApi(<LinksScreen session={session} />);
    await rendered.user.click(await screen.findByRole('button', { name: 'Edit promo' }));
    await screen.findByLabelText('Destination URL');
    const dialog = screen.getByRole('dialog', { name: 'Edit link' });
    return { session, dialog, user: rendered.user };
  }

  it('sends only what changed, including the enabled switch', async () => {
    const { session, dialog, user } = await withLink();
    expect(within(dialog).getByRole('checkbox', { name: 'Ops (email)' })).toHaveProperty('checked', true);
    // Reports this client sent are known: no question about them.
    expect(within(dialog).queryByText(/does not show which handlers/)).toBeNull();
    const destination = within(dialog).getByLabelText('Destination URL');
    await user.clear(destination);
    await user.type(destination, 'https://new.example/');
    await user.click(within(dialog).getByRole('switch', { name: 'Enabled' }));
    await user.clear(within(dialog).getByLabelText('UTM source'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit link' })).toBeNull());
    const ops = await session.sync.db.outbox.toArray();
    expect(ops).toHaveLength(1);
    expect(ops[0]!.kind).toBe('update');
    // An emptied setting is cleared (null), nothing else is sent.
    expect(ops[0]!.fields).toEqual({ location_url: 'https://new.example/', is_enabled: false, utm_source: null });
  });

  it('shows every setting a real read carries, and a one-field edit queues that field alone', async () => {
    const session = await seededSession();
    const real = serverLink(42, {
      url: 'full',
      location_url: 'https://full.example/',
      is_enabled: false,
      email_reports: [8],
      pixels_ids: [3, 7],
      project_id: 9,
      settings: {
        password: '$2y$10$hash',
        sensitive_content: true,
        schedule: false,
        clicks_limit: 250,
        expiration_url: 'https://full.example/over',
        http_status_code: 307,
        utm: { source: 'news', medium: 'mail', campaign: null },
        targeting_type: 'device_type',
        targeting_device_type: [{ key: 'mobile', value: 'https://m.full.example/' }],
        cloaking_is_enabled: true,
        cloaking_title: 'Full',
        cloaking_meta_description: null,
        cloaking_custom_js: null,
        cloaking_favicon: 'fav-42.png',
        cloaking_opengraph: null,
        app_linking_is_enabled: false,
        forward_query_parameters_is_enabled: true,
        is_se_visible: 1,
      },
    });
    await session.sync.db.links.put(mirrorRow(real, { clientId: 'lnk-42' }));
    const { user } = renderWithApi(<LinksScreen session={session} />);
    await user.click(await screen.findByRole('button', { name: 'Edit full' }));
    await screen.findByLabelText('Destination URL');
    const dialog = screen.getByRole('dialog', { name: 'Edit link' });
    const value = (label: string) => (within(dialog).getByLabelText(label) as HTMLInputElement).value;
    expect(within(dialog).getByRole('switch', { name: 'Enabled' })).toHaveProperty('checked', false);
    expect(within(dialog).getByRole('checkbox', { name: 'Ops (email)' })).toHaveProperty('checked', true);
    expect(within(dialog).getByRole('checkbox', { name: 'Password protected' })).toHaveProperty('checked', true);
    expect(value('Clicks limit')).toBe('250');
    expect(value('Expiration URL')).toBe('https://full.example/over');
    expect(value('UTM source')).toBe('news');
    expect(value('UTM medium')).toBe('mail');
    expect(value('Pixel IDs')).toBe('3, 7');
    expect(value('Project ID')).toBe('9');
    expect(value('Cloaking title')).toBe('Full');
    expect(value('Rule 1 match')).toBe('mobile');
    expect(within(dialog).getByText('On the service: fav-42.png')).toBeTruthy();
    expect(within(dialog).queryByText(/does not show which handlers/)).toBeNull();
    // Change one rule's destination: the rules go with their type, nothing else.
    const rule = within(dialog).getByLabelText('Rule 1 destination URL');
    await user.clear(rule);
    await user.type(rule, 'https://mobile.full.example/');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit link' })).toBeNull());
    const ops = await session.sync.db.outbox.toArray();
    expect(ops.map((op) => op.fields)).toEqual([
      { targeting_type: 'device_type', targeting: { device_type: [{ key: 'mobile', value: 'https://mobile.full.example/' }] } },
    ]);
  });

  it('keeps a report handler the mirror does not hold when another is ticked, and shows it to be taken off', async () => {
    const session = await seededSession();
    // Handler 12 gets the reports on the service; its listing has not reached this mirror.
    await session.sync.db.links.put(mirrorRow(serverLink(43, { url: 'reported', email_reports: [12] }), { clientId: 'lnk-43' }));
    const { user } = renderWithApi(<LinksScreen session={session} />);
    await user.click(await screen.findByRole('button', { name: 'Edit reported' }));
    await screen.findByLabelText('Destination URL');
    const dialog = screen.getByRole('dialog', { name: 'Edit link' });
    const unlisted = within(dialog).getByRole('checkbox', { name: 'Handler #12 (not in the notification handlers synced here)' });
    expect(unlisted).toHaveProperty('checked', true);
    await user.click(within(dialog).getByRole('checkbox', { name: 'Ops (email)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit link' })).toBeNull());
    const [op] = await session.sync.db.outbox.toArray();
    expect(op!.fields).toEqual({ email_reports: [12, 'hnd-8'] });
  });

  it('clears settings in one save: clicks limit, expiration URL, project, favicon, status code, targeting', async () => {
    const session = await seededSession();
    const real = serverLink(43, {
      url: 'clear',
      email_reports: [],
      project_id: 9,
      is_enabled: true,
      settings: {
        password: null,
        sensitive_content: false,
        clicks_limit: 10,
        expiration_url: 'https://x.example/over',
        http_status_code: 302,
        targeting_type: 'country_code',
        targeting_country_code: [{ key: 'DE', value: 'https://de.example/' }],
        cloaking_favicon: 'fav.png',
      },
    });
    await session.sync.db.links.put(mirrorRow(real, { clientId: 'lnk-43' }));
    const { user } = renderWithApi(<LinksScreen session={session} />);
    await user.click(await screen.findByRole('button', { name: 'Edit clear' }));
    await screen.findByLabelText('Destination URL');
    const dialog = screen.getByRole('dialog', { name: 'Edit link' });
    for (const label of ['Clicks limit', 'Expiration URL', 'Project ID']) await user.clear(within(dialog).getByLabelText(label));
    await user.click(within(dialog).getByRole('button', { name: 'Remove Favicon' }));
    await choose(user, 'Redirect status code', 'Service default', dialog);
    await choose(user, 'Targeting type', 'No targeting', dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit link' })).toBeNull());
    const [op] = await session.sync.db.outbox.toArray();
    expect(op!.fields).toEqual({
      clicks_limit: null,
      expiration_url: null,
      project_id: null,
      cloaking_favicon: null,
      http_status_code: null,
      targeting_type: null,
    });
  });

  it('asks before replacing reports the service does not show', async () => {
    const session = await seededSession();
    await session.sync.db.links.put(mirrorRow(serverLink(44, { url: 'hidden' }), { clientId: 'lnk-44' }));
    const { user } = renderWithApi(<LinksScreen session={session} />);
    await user.click(await screen.findByRole('button', { name: 'Edit hidden' }));
    await screen.findByLabelText('Destination URL');
    const dialog = screen.getByRole('dialog', { name: 'Edit link' });
    expect(within(dialog).getByText(/does not show which handlers get this link's e-mail reports/)).toBeTruthy();
    const destination = within(dialog).getByLabelText('Destination URL');
    await user.clear(destination);
    await user.type(destination, 'https://moved.example/');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    // Nothing is queued; the question stands beside the reports.
    await waitFor(() => expect(within(dialog).getByText(/Saving sends the reports you choose/)).toBeTruthy());
    expect(await session.sync.db.outbox.count()).toBe(0);
    await user.click(within(dialog).getByRole('checkbox', { name: 'Replace the e-mail reports with the handlers ticked here' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Ops (email)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit link' })).toBeNull());
    const [op] = await session.sync.db.outbox.toArray();
    expect(op!.fields).toEqual({ location_url: 'https://moved.example/', email_reports: ['hnd-8'] });
  });

  it('shows the service’s refusal beside the field it names', async () => {
    const session = await seededSession();
    await session.sync.db.links.put(mirrorRow(serverLink(41, { url: 'refused' }), { clientId: 'lnk-41', local: { location_url: 'https://blocked.example/' } }));
    await session.sync.db.outbox.add({
      opId: 'op-f',
      resource: 'links',
      rowId: 'lnk-41',
      kind: 'update',
      fields: { location_url: 'https://blocked.example/' },
      base: {},
      state: 'failed',
      rev: 0,
      attempts: 1,
      notBefore: 0,
      error: { kind: 'validation', message: 'This destination is blocked', status: 422, field: 'location_url' },
      conflict: null,
      createdAt: 0,
      sentAt: 0,
    });
    const { user } = renderWithApi(<LinksScreen session={session} />);
    await user.click(await screen.findByRole('button', { name: 'Edit refused' }));
    await screen.findByLabelText('Destination URL');
    const dialog = screen.getByRole('dialog', { name: 'Edit link' });
    await waitFor(() => expect(fieldError('Destination URL', dialog)).toBe('The service said: This destination is blocked'));
    expect(screen.getByText('Failed', { selector: '.badge' })).toBeTruthy();
  });

  it('asks before deleting, then queues the delete', async () => {
    const { session, dialog, user } = await withLink();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete link?' });
    expect(await session.sync.db.outbox.count()).toBe(0);
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(async () => expect((await session.sync.db.outbox.toArray()).map((op) => op.kind)).toEqual(['delete']));
  });
});

describe('duplicate', () => {
  it('opens a new link with the source’s settings but a new alias, and creates it alongside', async () => {
    const session = await seededSession();
    const { db } = session.sync;
    await db.links.put(
      mirrorRow(
        serverLink(77, {
          url: 'spring',
          location_url: 'https://shop.example/spring',
          settings: { password: null, sensitive_content: false, utm: { source: 'news', medium: 'email', campaign: 'spring' } },
        } as never),
        {
          clientId: 'src-77',
        },
      ),
    );
    const { user } = renderWithApi(<LinksScreen session={session} />);
    useNavigation.getState().openLinkDetail('src-77');
    const detail = await screen.findByRole('dialog', { name: 'Link spring' });
    await user.click(within(detail).getByRole('button', { name: 'Duplicate' }));
    await waitFor(() => expect(screen.getByRole('dialog', { name: 'New link' }).textContent).toContain('A copy of spring'));
    const dialog = screen.getByRole('dialog', { name: 'New link' });
    expect((within(dialog).getByLabelText('Destination URL') as HTMLInputElement).value).toBe('https://shop.example/spring');
    expect((within(dialog).getByLabelText('Alias') as HTMLInputElement).value).toBe('');
    expect((within(dialog).getByLabelText('UTM source') as HTMLInputElement).value).toBe('news');
    await user.type(within(dialog).getByLabelText('Alias'), 'spring-copy');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New link' })).toBeNull());
    const [op] = await db.outbox.toArray();
    expect(op).toMatchObject({ kind: 'create', fields: { location_url: 'https://shop.example/spring', url: 'spring-copy', utm_source: 'news' } });
    expect((await linkRows(db).get('src-77'))?.local).toEqual({});
  });
});

describe('your notes', () => {
  it('keeps a title and notes for a link on this computer, says so, and says when they are too long', async () => {
    const session = await seededSession();
    const { db } = session.sync;
    await db.links.put(mirrorRow(serverLink(78, { url: 'noted' }), { clientId: 'src-78' }));
    const { user } = renderWithApi(<LinksScreen session={session} />);
    useNavigation.getState().openLinkDetail('src-78');
    const detail = await screen.findByRole('dialog', { name: 'Link noted' });
    const notes = await within(detail).findByRole('region', { name: 'Your notes' });
    expect(notes.textContent).toContain('Kept on this computer only');
    await user.type(within(notes).getByLabelText('Title'), 'Spring newsletter');
    await user.click(within(notes).getByRole('button', { name: 'Save notes' }));
    await screen.findByRole('alertdialog', { name: 'Notes saved on this computer' });
    expect(await linkNote(db, 'src-78')).toEqual({ title: 'Spring newsletter', notes: '' });
    // Nothing goes to the service.
    expect(await db.outbox.count()).toBe(0);
    await user.click(within(notes).getByLabelText('Title'));
    await user.paste('x'.repeat(200));
    expect(fieldError('Title', notes)).toBe('Title is too long (200 characters at most)');
    expect((within(notes).getByRole('button', { name: 'Save notes' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
