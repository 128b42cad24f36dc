// @vitest-environment happy-dom
// Bulk create: pasted lines or a CSV file → a preview with every row checked → one outbox
// create per valid row (never the API's is_bulk).
import 'fake-indexeddb/auto';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { WorkspaceSession } from '../../../../src-renderer/session/workspace-session.tsx';
import { parseCsv, parsePastedLines } from '../../../../src-renderer/features/links/csv.ts';
import { LinksScreen } from '../../../../src-renderer/features/links/LinksPage.tsx';
import { choose, domain, mirrorRow, openSession, renderWithApi, serverLink } from './links-harness.tsx';

afterEach(() => cleanup());

async function openBulk(): Promise<{ session: WorkspaceSession; user: ReturnType<typeof renderWithApi>['user']; dialog: HTMLElement }> {
  const session = await openSession();
  await session.sync.db.domains.put(mirrorRow(domain(5, 'go.brand.test'), { clientId: 'dom-5' }));
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
  it('from pasted lines: preview, invalid rows flagged, one op per valid row', async () => {
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
      ].join('\n'),
    );
    expect(within(dialog).getByText(/2 of 6 rows ready/)).toBeTruthy();
    expect(previewRows(dialog)).toEqual([
      ['1', 'https://a.example/1', 'generated', 'OK'],
      ['2', 'https://a.example/2', 'second', 'OK'],
      ['3', 'not-a-url', 'third', 'Destination: Enter a full http:// or https:// URL'],
      ['5', 'https://a.example/4', 'taken', 'Alias: “taken” is already used on this domain'],
      ['6', 'https://a.example/5', 'second', 'Alias: “second” is already used on this domain'],
      // Words after the alias are not dropped silently.
      ['7', 'https://a.example/7', 'seventh', 'Only a destination and an alias go on a line: “launch notes” would be left out'],
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Create 2 links' }));
    // The dialog closes; the toast says what was saved and what was skipped.
    const toast = await screen.findByRole('alertdialog', { name: /Saved 2 new links/ });
    expect(toast.textContent).toContain('4 rows were skipped');
    expect(screen.queryByRole('dialog', { name: 'Create links in bulk' })).toBeNull();
    const ops = await session.sync.db.outbox.toArray();
    expect(ops.map((op) => op.kind)).toEqual(['create', 'create']);
    expect(ops[0]!.fields.location_url).toBe('https://a.example/1');
    expect(ops[0]!.fields.url).toMatch(/^[a-zA-Z0-9]{7}$/);
    expect(ops[1]!.fields).toEqual({ location_url: 'https://a.example/2', url: 'second' });
    expect(ops.some((op) => 'is_bulk' in op.fields)).toBe(false);
  });

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
