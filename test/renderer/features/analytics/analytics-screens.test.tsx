// @vitest-environment happy-dom
// The analytics screens over the real sync engine and mirror: the overview's top links open a
// link's analytics, which fetches what it lacks and shows its breakdowns; the period picker asks
// for the new period and checks typed days; a service without statistics is said so and the
// figures come from Linkdock's own click samples; the link detail shows clicks per day or says
// there is not enough data, and leads to the analytics.
import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { cleanup, fieldError, renderApp } from '../../screens-harness.tsx';
import { FakeService } from '../../sync/fake-service.ts';
import { BREAKDOWN_TYPES } from '../../../../src-renderer/sync/index.ts';

afterEach(() => cleanup());

const statisticsCalls = (service: FakeService) => service.callsOf('statistics.get').map((c) => c.input);

describe('analytics', () => {
  it('opens a top link’s analytics from the overview, with its breakdowns from the mirror', async () => {
    const service = new FakeService();
    service.seedLink({ url: 'popular', clicks: 40 });
    service.seedLink({ url: 'quiet', clicks: 0 });
    const { user } = await renderApp(service, 'analytics');
    await user.click(await screen.findByRole('button', { name: 'Analytics of popular' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Analytics: popular' })).toBeTruthy();
    await screen.findByText('Cached just now.');
    const countries = await screen.findByRole('list', { name: 'Countries' });
    expect(
      within(countries)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['country_code-a20 · 50%', 'Not known20 · 50%']);
    expect(within(screen.getByRole('region', { name: 'Referrers' })).getByText('Direct (no referrer)')).toBeTruthy();
    // Each answer once, whoever asked first (the background refreshes the most-clicked link too);
    // what the view asked for itself went at interactive priority.
    const calls = statisticsCalls(service).filter((c) => c.linkId === 1);
    expect(new Set(calls.map((c) => `${c.type} ${c.startDate}`)).size).toBe(calls.length);
    expect(calls.map((c) => c.type).sort()).toEqual(['overview', ...BREAKDOWN_TYPES].sort());
    expect(calls.some((c) => c.priority === 'interactive')).toBe(true);
    // Links without clicks are not asked for in the background.
    expect(statisticsCalls(service).some((c) => c.linkId === 2)).toBe(false);
  });

  it('asks for a new period, and checks typed days before they apply', async () => {
    const service = new FakeService();
    service.seedLink({ url: 'popular', clicks: 40 });
    const { user } = await renderApp(service, 'analytics');
    await user.click(await screen.findByRole('button', { name: 'Analytics of popular' }));
    await screen.findByText('Cached just now.');
    await user.click(screen.getByRole('radio', { name: '7 days' }));
    await waitFor(() => expect(statisticsCalls(service).filter((c) => c.type === 'country_code')).toHaveLength(2));
    const [, week] = statisticsCalls(service).filter((c) => c.type === 'country_code');
    expect(week).toMatchObject({ priority: 'interactive' });
    expect((Date.parse(String(week!.endDate)) - Date.parse(String(week!.startDate))) / 86_400_000).toBe(6);
    // The overview of the year before covers it (whoever asked for it first, this view or the
    // background's refresh of the most-clicked link): no second overview.
    expect(statisticsCalls(service).filter((c) => c.type === 'overview')).toHaveLength(1);

    await user.click(screen.getByRole('radio', { name: 'Custom' }));
    await user.clear(screen.getByLabelText('First day'));
    await user.type(screen.getByLabelText('First day'), '2020-13-01');
    await user.click(screen.getByRole('button', { name: 'Show period' }));
    expect(fieldError('First day')).toBe('Enter the first day as YYYY-MM-DD.');
    await user.clear(screen.getByLabelText('First day'));
    await user.type(screen.getByLabelText('First day'), '2025-03-01');
    await user.clear(screen.getByLabelText('Last day'));
    await user.type(screen.getByLabelText('Last day'), '2025-02-01');
    await user.click(screen.getByRole('button', { name: 'Show period' }));
    expect(fieldError('Last day')).toBe('The last day must not be before the first.');
    await user.clear(screen.getByLabelText('Last day'));
    await user.type(screen.getByLabelText('Last day'), '2025-03-10');
    await user.click(screen.getByRole('button', { name: 'Show period' }));
    expect(await screen.findByRole('heading', { name: 'Clicks per day, 1 Mar 2025 – 10 Mar 2025' })).toBeTruthy();
    await waitFor(() =>
      expect(statisticsCalls(service).some((c) => c.type === 'country_code' && c.startDate === '2025-03-01' && c.endDate === '2025-03-10')).toBe(true),
    );
  });

  it('says plainly when the service has no statistics, and counts clicks from the samples of each sync', async () => {
    const service = new FakeService();
    service.statistics = null;
    const link = service.seedLink({ url: 'popular', clicks: 5 });
    const { user } = await renderApp(service, 'analytics');
    await screen.findByRole('button', { name: 'Analytics of popular' });
    link.clicks = 9;
    // Once the first cycle is over (Sync now waits while one runs).
    const syncNow = screen.getAllByRole('button', { name: 'Sync now' })[0] as HTMLButtonElement;
    await waitFor(() => expect(syncNow.disabled).toBe(false));
    await user.click(syncNow);
    await waitFor(() => expect(service.callsOf('links.list')).toHaveLength(2));
    await user.click(await screen.findByRole('button', { name: 'Analytics of popular' }));
    await screen.findByText(/^Statistics are not available on this service\. Showing Linkdock’s own click counts/);
    // The rise the second sync saw, counted today; breakdowns are not offered.
    await waitFor(() => expect(screen.getByRole('region', { name: /^Clicks per day/ }).querySelector('.analytics-total-value')?.textContent).toBe('4'));
    expect(screen.getByText(/come from the service’s statistics, which this service does not offer\.$/)).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Countries' })).toBeNull();
    // Asked once, not once per link or per type.
    expect(statisticsCalls(service)).toHaveLength(1);
  });
});

describe('the link detail', () => {
  it('says there is not enough data while nothing is cached, and opens the analytics', async () => {
    const service = new FakeService();
    service.seedLink({ url: 'popular', clicks: 40 });
    const { user } = await renderApp(service, 'links');
    await user.click(await screen.findByRole('button', { name: 'svc.test/popular' }));
    const dialog = await screen.findByRole('dialog', { name: 'Link popular' });
    const section = within(dialog).getByRole('region', { name: 'Clicks per day' });
    // The sample service answers at once: the chart's figures in words, from zero.
    await waitFor(() => expect(section.querySelector('figcaption')?.textContent).toMatch(/^Clicks per day over the last 30 days: \d+ in all\.$/));
    service.offline = true;
    await user.click(within(dialog).getByRole('button', { name: 'Analytics' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Analytics: popular' })).toBeTruthy();
  });

  it('without statistics cached and the service unreachable: not enough data, said why', async () => {
    const service = new FakeService();
    service.seedLink({ url: 'popular', clicks: 40 });
    // Unreachable from the first statistics request on. After the first sync the background
    // refresh fetches the most-clicked links' statistics, and on a slow machine it can cache this
    // link's before the test's click: going offline only then made "nothing cached" untrue.
    service.beforeCall = (name) => {
      if (name === 'statistics.get') service.offline = true;
    };
    const { user } = await renderApp(service, 'links');
    await screen.findByRole('button', { name: 'svc.test/popular' });
    await user.click(screen.getByRole('button', { name: 'svc.test/popular' }));
    const dialog = await screen.findByRole('dialog', { name: 'Link popular' });
    await within(dialog).findByText('Not enough data: no statistics are cached for this link, and the service cannot be reached.');
  });
});
