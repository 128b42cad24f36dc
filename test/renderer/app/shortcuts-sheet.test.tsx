// @vitest-environment happy-dom
// `?` shows every keyboard shortcut (also from the command palette), never while typing.
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeService } from '../sync/fake-service.ts';
import { renderApp } from '../screens-harness.tsx';

afterEach(() => cleanup());

describe('keyboard shortcuts sheet', () => {
  it('opens on ?, lists the shortcuts, closes on Escape, and ? in a field is just a character', async () => {
    const { user } = await renderApp(new FakeService(), 'links');
    await user.keyboard('?');
    const sheet = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    const rows = within(sheet)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toContain('NNew link');
    expect(rows).toContain('/Search the list');
    expect(rows).toContain('EnterOpen the focused row');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Keyboard shortcuts' })).toBeNull());

    const search = screen.getByRole('searchbox', { name: 'Search' });
    await user.click(search);
    await user.keyboard('?');
    expect((search as HTMLInputElement).value).toBe('?');
    expect(screen.queryByRole('dialog', { name: 'Keyboard shortcuts' })).toBeNull();
  });
});
