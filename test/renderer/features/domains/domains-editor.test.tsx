// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { cleanup, fieldError, renderApp } from '../../screens-harness.tsx';
import { FakeService } from '../../sync/fake-service.ts';
import { MANY_WAITS } from '../../../support/patience.ts';

afterEach(() => cleanup());

const HOST_MESSAGE = 'Enter a host name such as links.example.com (no scheme, path or port)';
const URL_MESSAGE = 'Enter a full http:// or https:// URL';
const hosts = () =>
  within(screen.getByRole('table', { name: 'Domains' }))
    .queryAllByRole('row')
    .slice(1)
    .map((row) => row.querySelector('.cell-strong')?.textContent);

describe('domain editor', () => {
  it('validates host and both URLs with the contract’s messages and creates nothing until they pass', MANY_WAITS, async () => {
    const service = new FakeService();
    const { user } = await renderApp(service, 'domains');
    await user.click(screen.getByRole('button', { name: 'New domain' }));
    const dialog = await screen.findByRole('dialog', { name: 'New domain' });

    // Nothing is said before the user typed or pressed Save.
    expect(fieldError('Host')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(fieldError('Host')).toBe(HOST_MESSAGE);

    for (const bad of ['https://links.example.com', 'links.example.com:8080', 'links example.com', 'localhost', '-bad.example.com']) {
      await user.clear(screen.getByLabelText('Host'));
      await user.type(screen.getByLabelText('Host'), bad);
      expect(fieldError('Host'), bad).toBe(HOST_MESSAGE);
    }
    await user.clear(screen.getByLabelText('Host'));
    await user.type(screen.getByLabelText('Host'), 'Links.Example.com');
    expect(fieldError('Host')).toBeNull();

    for (const label of ['Custom index URL', 'Custom not-found URL']) {
      for (const bad of ['ftp://example.com/', 'javascript:alert(1)', 'example.com/page', 'https://']) {
        await user.clear(screen.getByLabelText(label));
        await user.type(screen.getByLabelText(label), bad);
        expect(fieldError(label), `${label}: ${bad}`).toBe(URL_MESSAGE);
      }
    }
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('dialog', { name: 'New domain' })).toBeTruthy();
    expect(service.callsOf('domains.create')).toHaveLength(0);

    await user.clear(screen.getByLabelText('Custom index URL'));
    await user.type(screen.getByLabelText('Custom index URL'), 'https://example.com/home');
    await user.clear(screen.getByLabelText('Custom not-found URL'));
    expect(fieldError('Custom index URL')).toBeNull();
    expect(fieldError('Custom not-found URL')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Saved in the mirror at once (lower-cased as the contract normalises it), then sent.
    await waitFor(() => expect(hosts()).toEqual(['links.example.com']));
    await waitFor(() =>
      expect([...service.rows.domains.values()].map((d) => [d.host, d.custom_index_url])).toEqual([['links.example.com', 'https://example.com/home']]),
    );
    expect(service.callsOf('domains.create')[0]?.input.input).toEqual({ host: 'links.example.com', custom_index_url: 'https://example.com/home' });
  });

  it('sends only the changed fields of an existing domain', async () => {
    const service = new FakeService();
    const domain = service.seedDomain({ host: 'old.example.com', custom_index_url: 'https://example.com/' });
    const { user } = await renderApp(service, 'domains');
    await user.click(await screen.findByRole('button', { name: 'Edit old.example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit old.example.com' });
    expect((screen.getByLabelText('Custom index URL') as HTMLInputElement).value).toBe('https://example.com/');
    await user.clear(screen.getByLabelText('Host'));
    await user.type(screen.getByLabelText('Host'), 'new.example.com{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(dialog.isConnected).toBe(false);
    await waitFor(() => expect(service.rows.domains.get(domain.id)?.host).toBe('new.example.com'));
    expect(service.callsOf('domains.update').at(-1)?.input.input).toEqual({ host: 'new.example.com' });
  });

  it('shows the service’s refusal beside the field it names until that field changes', async () => {
    const service = new FakeService();
    service.seedDomain({ host: 'other.example.com' });
    const { user } = await renderApp(service, 'domains');
    await screen.findByRole('button', { name: 'Edit other.example.com' });
    // Someone else adds the host after the last pull: the service refuses the duplicate.
    service.seedDomain({ host: 'taken.example.com' });
    await user.click(screen.getByRole('button', { name: 'New domain' }));
    await user.type(screen.getByLabelText('Host'), 'taken.example.com{Enter}');
    await waitFor(() => expect(screen.getByText('Failed')).toBeTruthy());

    await user.click(screen.getByRole('button', { name: 'Edit taken.example.com' }));
    await screen.findByRole('dialog', { name: 'Edit taken.example.com' });
    expect(fieldError('Host')).toBe('The service refused this: The host is already added.');
    await user.clear(screen.getByLabelText('Host'));
    await user.type(screen.getByLabelText('Host'), 'mine.example.com');
    expect(fieldError('Host')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect([...service.rows.domains.values()].map((d) => d.host)).toContain('mine.example.com'));
    await waitFor(() => expect(screen.queryByText('Failed')).toBeNull());
  });
});
