// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { choose, cleanup, renderApp } from '../../screens-harness.tsx';
import { FakeService } from '../../sync/fake-service.ts';

afterEach(() => cleanup());

const total = () => screen.getByRole('navigation', { name: 'handlers pages' }).querySelector('.pager-total')?.textContent;
const names = () =>
  within(screen.getByRole('table', { name: 'Notification handlers' }))
    .queryAllByRole('row')
    .slice(1)
    .map((row) => row.querySelector('.cell-strong')?.textContent);

describe('handlers list', () => {
  it('pages, sorts by name and creation, searches names and filters by enabled and sync state', async () => {
    const service = new FakeService();
    const words = ['alpha', 'Bravo', 'charlie', 'Delta', 'echo', 'foxtrot', 'golf', 'hotel', 'india', 'juliet', 'kilo', 'lima'];
    words.forEach((word, i) =>
      service.seedHandler({
        name: `${word} alerts`,
        datetime: `2026-03-${String(i + 1).padStart(2, '0')} 08:00:00`,
        is_enabled: i % 4 !== 0,
        settings: { email: `${word.toLowerCase()}@example.com` },
      }),
    );
    const { user } = await renderApp(service, 'handlers');
    await waitFor(() => expect(total()).toBe('1–12 of 12 handlers'));
    expect(names()[0]).toBe('lima alerts');
    expect(screen.getAllByText('juliet@example.com')).toHaveLength(1);

    await choose(user, 'Per page', '10');
    expect(total()).toBe('1–10 of 12 handlers');
    await user.click(screen.getByRole('button', { name: 'Last page' }));
    expect(total()).toBe('11–12 of 12 handlers');
    expect(names()).toEqual(['Bravo alerts', 'alpha alerts']);

    await choose(user, 'Sort', 'Name A–Z');
    // Sorting goes back to the first page; names compare without regard to case.
    expect(names().slice(0, 4)).toEqual(['alpha alerts', 'Bravo alerts', 'charlie alerts', 'Delta alerts']);
    await choose(user, 'Sort', 'Name Z–A');
    expect(names()[0]).toBe('lima alerts');

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'DEL');
    await waitFor(() => expect(names()).toEqual(['Delta alerts']));
    await user.clear(screen.getByRole('searchbox', { name: 'Search' }));

    await choose(user, 'Enabled', 'Disabled');
    expect(names()).toEqual(['india alerts', 'echo alerts', 'alpha alerts']);
    await choose(user, 'Enabled', 'Enabled');
    expect(total()).toBe('1–9 of 9 handlers');
    await choose(user, 'Enabled', 'Any');

    service.offline = true;
    await user.click(screen.getByRole('switch', { name: 'Enabled: golf alerts' }));
    await choose(user, 'Sync', 'Pending sync');
    await waitFor(() => expect(names()).toEqual(['golf alerts']));
    expect(within(screen.getByRole('table', { name: 'Notification handlers' })).getByText('Pending sync')).toBeTruthy();
  });
});
