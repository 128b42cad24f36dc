// @vitest-environment happy-dom
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useNavigation } from '../../../../src-renderer/session/navigation-store.ts';
import { choose, cleanup, renderApp } from '../../screens-harness.tsx';
import { FakeService } from '../../sync/fake-service.ts';

afterEach(() => cleanup());

const search = () => screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement;

describe('list state', () => {
  it('keeps search, filters and sort when the user goes to another screen and back', async () => {
    const service = new FakeService();
    for (let i = 1; i <= 3; i++) service.seedDomain({ host: `host${i}.example.com` });
    const { user } = await renderApp(service, 'domains');
    await user.type(search(), 'host2');
    await choose(user, 'Sort', 'Oldest first');

    act(() => useNavigation.getState().go('links'));
    await waitFor(() => expect(screen.queryByRole('table', { name: 'Domains' })).toBeNull());
    act(() => useNavigation.getState().go('domains'));
    await screen.findByRole('table', { name: 'Domains' });

    expect(search().value).toBe('host2');
    expect(screen.getByRole('button', { name: /Sort/ }).textContent).toContain('Oldest first');
  });
});
