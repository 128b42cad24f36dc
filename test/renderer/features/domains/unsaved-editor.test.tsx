// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { cleanup, renderApp } from '../../screens-harness.tsx';
import { FakeService } from '../../sync/fake-service.ts';

afterEach(() => cleanup());

describe('an editor with unsaved changes', () => {
  it('asks before Escape or Close throws the changes away, and keeps them on "Keep editing"', async () => {
    const service = new FakeService();
    const { user } = await renderApp(service, 'domains');
    await user.click(screen.getByRole('button', { name: 'New domain' }));
    await screen.findByRole('dialog', { name: 'New domain' });
    await user.type(screen.getByLabelText('Host'), 'draft.example.com');

    await user.keyboard('{Escape}');
    const ask = await screen.findByRole('alertdialog', { name: 'Discard your changes?' });
    // Which button has focus (the safe one) is checked in Chromium: test/e2e/links-flows.test.ts.
    await user.click(within(ask).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.getByRole('dialog', { name: 'New domain' })).toBeTruthy();
    expect((screen.getByLabelText('Host') as HTMLInputElement).value).toBe('draft.example.com');

    await user.click(within(screen.getByRole('dialog', { name: 'New domain' })).getByRole('button', { name: 'Close' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Discard your changes?' })).getByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New domain' })).toBeNull());
    expect(service.callsOf('domains.create')).toHaveLength(0);
  });

  it('closes at once when nothing was changed', async () => {
    const { user } = await renderApp(new FakeService(), 'domains');
    await user.click(screen.getByRole('button', { name: 'New domain' }));
    await screen.findByRole('dialog', { name: 'New domain' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New domain' })).toBeNull());
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
