// @vitest-environment happy-dom
// The Shorten window's form: destination prefilled from the clipboard (or a plain notice when the
// clipboard holds no web address), Domain from the workspace's domains, optional Alias; the contract's
// schema checks the input before anything is sent; Shorten hands the choice to main, Cancel and
// Escape close the window. It makes only the Shorten window's calls.
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { CallError, SHORTEN_WINDOW_CALLS, type CallErrorData, type CallName, type ShortenContext } from '../../../../src-preload/contract/index.ts';
import type { ContractApi } from '../../../../src-renderer/contract/contract-client.ts';
import { ShortenWindowApp } from '../../../../src-renderer/app/ShortenWindowApp.tsx';
import { choose, fieldError } from '../../form-queries.ts';

afterEach(cleanup);

const CONTEXT: ShortenContext = {
  location_url: 'https://www.example.com/spring?utm=1',
  clipboardNote: null,
  currentId: 'w1',
  workspaces: [
    { id: 'w1', name: 'Marketing', mainHost: 'links.example.com', domains: [{ id: 12, host: 'go.brand.test', scheme: 'https://' }] },
    { id: 'w2', name: 'Docs', mainHost: 'docs.example.org/s', domains: [] },
  ],
};

function fakeApi(context: ShortenContext, refuse?: CallErrorData) {
  const calls: { name: CallName; input: unknown }[] = [];
  const api = {
    call: (async (name: CallName, input: unknown) => {
      calls.push({ name, input });
      if (name === 'shortenWindow.context') return context;
      if (name === 'shortenWindow.submit') {
        if (refuse) throw new CallError(refuse);
        return { shortUrl: 'https://go.brand.test/spring-sale' };
      }
      if (name === 'shortenWindow.close') return null;
      throw new Error(`the Shorten window may not call ${name}`);
    }) as ContractApi['call'],
    on: () => () => undefined,
  } satisfies ContractApi;
  return { api, calls };
}

function renderForm(context = CONTEXT, refuse?: CallErrorData) {
  const { api, calls } = fakeApi(context, refuse);
  const user = userEvent.setup();
  render(<ShortenWindowApp api={api} />);
  return { user, calls, submitted: () => calls.filter((c) => c.name === 'shortenWindow.submit').map((c) => c.input) };
}

const destination = () => screen.getByLabelText('Destination URL', { selector: 'input' }) as HTMLInputElement;

describe('Shorten window form', () => {
  it('prefills the destination from the clipboard and shortens on the chosen domain with the chosen alias', async () => {
    const { user, calls, submitted } = renderForm();
    await waitFor(() => expect(destination().value).toBe('https://www.example.com/spring?utm=1'));
    expect(screen.queryByRole('status')).toBeNull();
    await choose(user, 'Domain', 'go.brand.test');
    await user.type(screen.getByLabelText('Alias', { selector: 'input' }), 'spring-sale');
    await user.click(screen.getByRole('button', { name: 'Shorten' }));
    await waitFor(() =>
      expect(submitted()).toEqual([{ workspaceId: 'w1', location_url: 'https://www.example.com/spring?utm=1', domain_id: 12, alias: 'spring-sale' }]),
    );
    expect(calls.every((c) => (SHORTEN_WINDOW_CALLS as readonly string[]).includes(c.name))).toBe(true);
  });

  it('offers the main domain by default and, with several workspaces, the workspace; another workspace offers its own domains', async () => {
    const { user, submitted } = renderForm();
    await waitFor(() => expect(destination().value).not.toBe(''));
    await choose(user, 'Workspace', 'Docs');
    await user.click(screen.getByRole('button', { name: /Domain/ }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['docs.example.org/s (main domain)']);
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Shorten' }));
    await waitFor(() => expect(submitted()).toEqual([{ workspaceId: 'w2', location_url: 'https://www.example.com/spring?utm=1', domain_id: 0, alias: '' }]));
  });

  it('says plainly when the clipboard holds no web address, and checks the input with the contract before sending', async () => {
    const note = 'The clipboard holds no web address (an http:// or https:// address). Paste or type the address to shorten.';
    const { user, submitted } = renderForm({ ...CONTEXT, location_url: '', clipboardNote: note });
    expect((await screen.findByRole('status')).textContent).toBe(note);
    expect(destination().value).toBe('');
    await user.click(screen.getByRole('button', { name: 'Shorten' }));
    await waitFor(() => expect(fieldError('Destination URL')).toMatch(/http/));
    await user.type(destination(), 'https://www.example.com/typed');
    await user.type(screen.getByLabelText('Alias', { selector: 'input' }), 'has spaces');
    await user.click(screen.getByRole('button', { name: 'Shorten' }));
    await waitFor(() => expect(fieldError('Alias')).not.toBeNull());
    expect(fieldError('Destination URL')).toBeNull();
    expect(submitted()).toEqual([]);
  });

  it("shows main's refusal under its field and stays open", async () => {
    const { user, calls } = renderForm(CONTEXT, { kind: 'invalid-input', field: 'domain_id', message: "That domain is not in the workspace's Domains list." });
    await waitFor(() => expect(destination().value).not.toBe(''));
    await user.click(screen.getByRole('button', { name: 'Shorten' }));
    await screen.findByText("That domain is not in the workspace's Domains list.");
    expect(calls.some((c) => c.name === 'shortenWindow.close')).toBe(false);
  });

  it('Cancel and Escape close the window', async () => {
    const { user, calls } = renderForm();
    await waitFor(() => expect(destination().value).not.toBe(''));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(calls.filter((c) => c.name === 'shortenWindow.close')).toHaveLength(2));
  });

  it('without a workspace says what to do first', async () => {
    renderForm({ ...CONTEXT, currentId: null, workspaces: [] });
    expect(await screen.findByText('Add a workspace in Linkdock first.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Shorten' })).toBeNull();
  });
});
