// @vitest-environment happy-dom
// Issue #14 in the workspace forms: plain http to another machine needs the user's confirmation
// (with a plain warning), and a new address on another server asks for that server's key.
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { CallName, WorkspaceInfo } from '../../../../src-preload/contract/index.ts';
import { ApiProvider } from '../../../../src-renderer/session/api-context.tsx';
import type { ContractApi } from '../../../../src-renderer/contract/contract-client.ts';
import { AddWorkspaceForm } from '../../../../src-renderer/features/workspaces/AddWorkspaceForm.tsx';
import { ChangeAddressDialog } from '../../../../src-renderer/features/workspaces/ChangeAddressDialog.tsx';
import { fieldError } from '../../form-queries.ts';

afterEach(() => cleanup());

const WORKSPACE: WorkspaceInfo = { id: 'ws-1', name: 'Work', baseUrl: 'https://links.example.com/', hasKey: true, sandbox: false };

/** Records every call; answers what the forms need. */
function fakeApi() {
  const calls: { name: CallName; input: Record<string, unknown> }[] = [];
  const api: ContractApi = {
    call: (async (name: CallName, input: Record<string, unknown>) => {
      calls.push({ name, input });
      if (name === 'workspaces.testConnection') return { outcome: 'ok', message: 'Connected.' };
      return { ...WORKSPACE, ...('baseUrl' in input ? { baseUrl: input.baseUrl } : {}) };
    }) as ContractApi['call'],
    on: () => () => undefined,
  };
  return { api, calls };
}

async function fillAdd(user: ReturnType<typeof userEvent.setup>, baseUrl: string) {
  await user.type(screen.getByLabelText('Name'), 'Plain');
  await user.type(screen.getByLabelText('Base URL'), baseUrl);
  await user.type(screen.getByLabelText('API key'), 'key-0123456789');
}

describe('AddWorkspaceForm', () => {
  it('warns that the key would travel in clear text and sends nothing until the user confirms', async () => {
    const { api, calls } = fakeApi();
    const user = userEvent.setup();
    render(
      <ApiProvider api={api}>
        <AddWorkspaceForm />
      </ApiProvider>,
    );
    await fillAdd(user, 'http://links.example.com/');
    expect(screen.getByRole('alert').textContent).toMatch(/clear text/);

    await user.click(screen.getByRole('button', { name: 'Test connection' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(calls).toEqual([]);
    expect(fieldError('Base URL')).toMatch(/Confirm/);

    await user.click(screen.getByRole('checkbox', { name: /Send my API key over plain http/ }));
    await user.click(screen.getByRole('button', { name: 'Test connection' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    // Test connection, then Save (which tests again before it adds).
    await waitFor(() => expect(calls.map((c) => c.name)).toEqual(['workspaces.testConnection', 'workspaces.testConnection', 'workspaces.add']));
    for (const call of calls) expect(call.input).toMatchObject({ baseUrl: 'http://links.example.com/', allowInsecureHttp: true });
  });

  it('asks nothing for https or for this machine', async () => {
    const { api, calls } = fakeApi();
    const user = userEvent.setup();
    render(
      <ApiProvider api={api}>
        <AddWorkspaceForm />
      </ApiProvider>,
    );
    await fillAdd(user, 'http://127.0.0.1:8080/');
    expect(screen.queryByRole('checkbox')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.map((c) => c.name)).toEqual(['workspaces.testConnection', 'workspaces.add']));
    expect(calls[1]!.input.allowInsecureHttp).toBeFalsy();
  });
});

describe('ChangeAddressDialog', () => {
  function open() {
    const { api, calls } = fakeApi();
    const user = userEvent.setup();
    let closed = false;
    render(
      <ApiProvider api={api}>
        <ChangeAddressDialog workspace={WORKSPACE} onClose={() => (closed = true)} />
      </ApiProvider>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Address of Work' });
    const address = within(dialog).getByLabelText('Base URL');
    return { calls, user, dialog, address, closed: () => closed };
  }

  it('keeps the key for another path on the same server', async () => {
    const { calls, user, dialog, address, closed } = open();
    await user.clear(address);
    await user.type(address, 'https://links.example.com/s/');
    expect(within(dialog).queryByLabelText(/API key/)).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(closed()).toBe(true));
    expect(calls).toEqual([
      { name: 'workspaces.setBaseUrl', input: { workspaceId: 'ws-1', baseUrl: 'https://links.example.com/s/', allowInsecureHttp: false } },
    ]);
  });

  it('asks for the key of another server, and sends it with the new address', async () => {
    const { calls, user, dialog, address, closed } = open();
    await user.clear(address);
    await user.type(address, 'https://other.example.net/');
    const key = within(dialog).getByLabelText('API key for https://other.example.net');
    expect(dialog.textContent).toMatch(/only sent to the server it was entered for/);
    await user.click(within(dialog).getByRole('button', { name: 'Save address' }));
    expect(calls).toEqual([]);
    expect(fieldError('API key for https://other.example.net', dialog)).toMatch(/required/);

    await user.type(key, 'other-key-0123456789');
    await user.click(within(dialog).getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(closed()).toBe(true));
    expect(calls).toEqual([
      {
        name: 'workspaces.setBaseUrl',
        input: { workspaceId: 'ws-1', baseUrl: 'https://other.example.net/', apiKey: 'other-key-0123456789', allowInsecureHttp: false },
      },
    ]);
  });
});
