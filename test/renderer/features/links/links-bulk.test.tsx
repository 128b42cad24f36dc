// @vitest-environment happy-dom
// Bulk create: pasted lines or a CSV file → a preview with every row checked, settings shared by
// the batch → rows without an alias as ONE bulk create (the service's bulk mode, aliases from the
// service), rows with an alias as one create each.
import 'fake-indexeddb/auto';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { WorkspaceSession } from '../../../../src-renderer/session/workspace-session.tsx';
import { parseCsv, parsePastedLines } from '../../../../src-renderer/features/links/csv.ts';
import { LinksScreen } from '../../../../src-renderer/features/links/LinksPage.tsx';
import { choose, domain, fieldError, handler, mirrorRow, openSession, renderWithApi, serverLink } from './links-harness.tsx';
import { linkRows } from '../../../../src-renderer/sync/mirror/link-rows.ts';
import { MANY_WAITS } from '../../../support/patience.ts';

afterEach(() => cleanup());

async function openBulk(): Promise<{ session: WorkspaceSession; user: ReturnType<typeof renderWithApi>['user']; dialog: HTMLElement }> {
  const session = await openSession();
  await session.sync.db.domains.put(mirrorRow(domain(5, 'go.brand.test'), { clientId: 'dom-5' }));
  await session.sync.db.handlers.put(mirrorRow(handler(9, 'Team'), { clientId: 'han-9' }));
  await session.sync.db.links.put(mirrorRow(serverLink(1, { url: 'taken' }), { clientId: 'lnk-1' }));
  const { user } = renderWithApi(<LinksScreen session={session} />);
  await screen.findByRole('button', { name: 'Edit taken' });
  await user.click(screen.getByRole('button', { name: 'Bulk create' }));
  return { session, user, dialog: await screen.findByRole('dialog', { name: 'Create links in bulk' }) };
}

const previewRows = (dialog: HTMLElement) =>
  within(within(dialog).getByRole('table', { name: 'Preview' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent));

describe('bulk create', () => {
  it('from pasted lines: preview, invalid rows flagged; rows without an alias in one bulk op, aliased rows one op each', async () => {
    const { session, user, dialog } = await openBulk();
    await user.click(within(dialog).getByLabelText('Destination URLs'));
    await user.paste(
      [
        'https://a.example/1',
        'https://a.example/2 second',
        'not-a-url third',
        '',
        'https://a.example/4, taken',
        'https://a.example/5 second',
        'https://a.example/7 seventh launch notes',
        'https://a.example/8',
      ].join('\n'),
    );
    expect(within(dialog).getByText(/3 of 7 rows ready/)).toBeTruthy();
    expect(previewRows(dialog)).toEqual([
      ['1', 'https://a.example/1', 'from the service', 'OK'],
      ['2', 'https://a.example/2', 'second', 'OK'],
      ['3', 'not-a-url', 'third', 'Destination: Enter a full http:// or https:// URL'],
      ['5', 'https://a.example/4', 'taken', 'Alias: “taken” is already used on this domain'],
      ['6', 'https://a.example/5', 'second', 'Alias: “second” is already used on this domain'],
      // Words after the alias are not dropped silently.
      ['7', 'https://a.example/7', 'seventh', 'Only a destination and an alias go on a line: “launch notes” would be left out'],
      ['8', 'https://a.example/8', 'from the service', 'OK'],
    ]);
    // The dialog says how the batch goes out.
    expect(within(dialog).getByText(/2 links without an alias are created together in one request: the service picks their aliases/)).toBeTruthy();
    expect(within(dialog).getByText(/1 link with an alias is created one by one/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Create 3 links' }));
    // The dialog closes; the toast says what was saved and what was skipped.
    const toast = await screen.findByRole('alertdialog', { name: /Saved 3 new links/ });
    expect(toast.textContent).toContain('4 rows were skipped');
    expect(toast.textContent).toContain('short URLs appear after the create');
    expect(screen.queryByRole('dialog', { name: 'Create links in bulk' })).toBeNull();
    const ops = await session.sync.db.outbox.toArray();
    expect(ops.map((op) => [op.kind, op.rows?.length ?? null])).toEqual([
      ['create', 2],
      ['create', null],
    ]);
    expect(ops[0]!.fields).toEqual({ is_bulk: true, location_urls: 'https://a.example/1\nhttps://a.example/8' });
    expect(ops[1]!.fields).toEqual({ location_url: 'https://a.example/2', url: 'second' });
    // The bulk rows wait for their aliases: no short URL, no copy yet.
    const bulkRows = await linkRows(session.sync.db).bulkGet(ops[0]!.rows!);
    expect(bulkRows.map((row) => row!.local)).toEqual([{ location_url: 'https://a.example/1' }, { location_url: 'https://a.example/8' }]);
    expect(await screen.findAllByText('Alias from the service (after sync)')).toHaveLength(2);
    // No copy of a short URL that does not exist yet; the editor says why it cannot change the link now.
    const copies = screen.getAllByRole('button', { name: 'Copy short URL (not made yet)' }) as HTMLButtonElement[];
    expect(copies).toHaveLength(2);
    expect(copies.every((button) => button.disabled || button.getAttribute('aria-disabled') === 'true')).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Edit https://a.example/8' }));
    // (The editor first shows 'Loading…' in a dialog of the same name.)
    const note = await screen.findByText(/created together with others in one request/);
    const editor = note.closest('[role="dialog"]') as HTMLElement;
    expect(editor.getAttribute('aria-label') ?? within(editor).getByRole('heading').textContent).toMatch(/Edit link/);
    expect((within(editor).getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it(
    'shares domain, UTM, reports, schedule and limits with every link of the batch; a wrong setting is said beside it and nothing is saved',
    MANY_WAITS,
    async () => {
      const { session, user, dialog } = await openBulk();
      await user.click(within(dialog).getByLabelText('Destination URLs'));
      await user.paste('https://c.example/1\nhttps://c.example/2 own-alias');
      await choose(user, 'Domain for all', 'go.brand.test', dialog);
      await user.type(within(dialog).getByLabelText('UTM source'), 'newsletter');
      await user.type(within(dialog).getByLabelText('UTM campaign'), 'spring');
      await user.click(within(dialog).getByRole('checkbox', { name: /Team/ }));
      await user.type(within(dialog).getByLabelText('Expiration URL'), 'not a url');
      await user.click(within(dialog).getByRole('button', { name: 'Create 2 links' }));
      await waitFor(() => expect(fieldError('Expiration URL', dialog)).toMatch(/URL/));
      expect(await session.sync.db.outbox.count()).toBe(0);
      await user.clear(within(dialog).getByLabelText('Expiration URL'));
      await user.type(within(dialog).getByLabelText('Expiration URL'), 'https://c.example/over');
      await user.type(within(dialog).getByLabelText('Clicks limit'), '100');
      await user.click(within(dialog).getByRole('switch', { name: 'Schedule' }));
      await user.type(within(dialog).getByLabelText('End'), '2030-01-01 00:00:00');
      await user.click(within(dialog).getByRole('button', { name: 'Create 2 links' }));
      await screen.findByRole('alertdialog', { name: /Saved 2 new links/ });
      const shared = {
        domain_id: 'dom-5',
        utm_source: 'newsletter',
        utm_campaign: 'spring',
        email_reports: ['han-9'],
        expiration_url: 'https://c.example/over',
        clicks_limit: 100,
        schedule: true,
        end_date: '2030-01-01 00:00:00',
      };
      const ops = await session.sync.db.outbox.toArray();
      expect(ops.map((op) => op.fields)).toEqual([
        { is_bulk: true, location_urls: 'https://c.example/1', ...shared },
        { location_url: 'https://c.example/2', url: 'own-alias', ...shared },
      ]);
    },
  );

  it('from a CSV file on a custom domain (an alias taken on another domain is fine)', async () => {
    const { session, user, dialog } = await openBulk();
    const csv = 'alias,location_url\r\ntaken,https://b.example/1\r\n"bad alias",https://b.example/2\r\nthird,https://b.example/3\r\n';
    await user.upload(within(dialog).getByLabelText('Or a CSV file'), new File([csv], 'links.csv', { type: 'text/csv' }));
    await choose(user, 'Domain for all', 'go.brand.test', dialog);
    await waitFor(() => expect(within(dialog).getByText(/2 of 3 rows ready/)).toBeTruthy());
    expect(previewRows(dialog)[1]).toEqual(['3', 'https://b.example/2', 'bad alias', 'Alias: An alias cannot contain spaces, "/", "?", "#", "\\" or "%"']);
    await user.click(within(dialog).getByRole('button', { name: 'Create 2 links' }));
    await screen.findByRole('alertdialog', { name: /Saved 2 new links/ });
    const ops = await session.sync.db.outbox.toArray();
    expect(ops.map((op) => op.fields)).toEqual([
      { location_url: 'https://b.example/1', url: 'taken', domain_id: 'dom-5' },
      { location_url: 'https://b.example/3', url: 'third', domain_id: 'dom-5' },
    ]);
  });

  it('says when a CSV file cannot be read, creates nothing from it, and keeps the pasted lines', async () => {
    const { user, dialog } = await openBulk();
    await user.click(within(dialog).getByLabelText('Destination URLs'));
    await user.paste('https://d.example/1');
    // As when the file was moved or its permissions changed after it was picked.
    const file = new File(['alias,location_url'], 'moved.csv', { type: 'text/csv' });
    Object.defineProperty(file, 'text', { value: () => Promise.reject(new DOMException('The file could not be read', 'NotReadableError')) });
    await user.upload(within(dialog).getByLabelText('Or a CSV file'), file);
    await within(dialog).findByText('“moved.csv” could not be read. Pick it again, or paste the lines instead.');
    expect((within(dialog).getByRole('button', { name: 'Create 0 links' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Use pasted lines instead' }));
    expect((within(dialog).getByLabelText('Destination URLs') as HTMLTextAreaElement).value).toBe('https://d.example/1');
    expect(within(dialog).getByText(/1 of 1 row ready/)).toBeTruthy();
  });
});

describe('bulk input parsing', () => {
  it('reads this app’s own export back, headerless files, and says when no column is a destination', () => {
    const exported = 'short_url,alias,destination,domain\r\nhttps://s.test/a,a,https://x.example/a,s.test\r\n';
    expect(parseCsv(exported).rows).toEqual([{ line: 2, location_url: 'https://x.example/a', url: 'a' }]);
    expect(parseCsv('https://x.example/1,one\nhttps://x.example/2\n').rows).toEqual([
      { line: 1, location_url: 'https://x.example/1', url: 'one' },
      { line: 2, location_url: 'https://x.example/2', url: '' },
    ]);
    expect(parseCsv('name,target\nx,y\n')).toEqual({ rows: [], problems: ['The header names no destination column (location_url or destination).'] });
    expect(parsePastedLines('  https://x.example/1\ttab-alias  \n\n')).toEqual([{ line: 1, location_url: 'https://x.example/1', url: 'tab-alias' }]);
  });
});
