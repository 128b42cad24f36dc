// @vitest-environment happy-dom
// "Sync now" says how it went when the status bar alone would not: the service could not be reached.
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeService } from '../sync/fake-service.ts';
import { renderApp } from '../screens-harness.tsx';

afterEach(() => cleanup());

describe('status bar', () => {
  it('tells, on Sync now, that the service cannot be reached and that changes are kept', async () => {
    const service = new FakeService();
    const { user } = await renderApp(service, 'links');
    const bar = screen.getByRole('contentinfo', { name: 'Sync status' });
    await waitFor(() => expect(bar.textContent).toContain('Online'));
    service.offline = true;
    const syncNow = screen.getByRole('button', { name: 'Sync now' }) as HTMLButtonElement;
    await waitFor(() => expect(syncNow.disabled).toBe(false));
    await user.click(syncNow);
    const toast = await screen.findByRole('alertdialog', { name: /Not synced: can’t reach/ });
    expect(toast.textContent).toContain('Your changes are kept');
    expect(bar.textContent).toContain('Offline');
  });
});
