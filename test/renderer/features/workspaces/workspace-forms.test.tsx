// @vitest-environment happy-dom
// The workspace forms on the one form system (react-hook-form over the contract's call schemas):
// what "Test connection" checks and says, the plain-http confirmation following the server, a
// form emptied after a save, and the rename dialog's message.
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { CallName, ConnectionTest, WorkspaceInfo } from '../../../../src-preload/contract/index.ts';
import { ApiProvider } from '../../../../src-renderer/session/api-context.tsx';
import type { ContractApi } from '../../../../src-renderer/contract/contract-client.ts';
import { AddWorkspaceForm } from '../../../../src-renderer/features/workspaces/AddWorkspaceForm.tsx';
import { FakeService } from '../../sync/fake-service.ts';
import { fieldError } from '../../form-queries.ts';
import { renderApp } from '../../screens-harness.tsx';

afterEach(() => cleanup());

const WORKSPACE: WorkspaceInfo = { id: 'ws-1', name: 'Work', baseUrl: 'https://links.example.com/', hasKey: true, sandbox: false };

function renderAddForm(answer: () => Promise<ConnectionTest> = async () => ({ outcome: 'ok', message: 'Connected.' })) {
  const calls: { name: CallName; input: Record<string, unknown> }[] = [];
  const added: string[] = [];
  const api: ContractApi = {
    call: (async (name: CallName, input: Record<string, unknown>) => {
      calls.push({ name, input });
      if (name === 'workspaces.testConnection') return answer();
      return WORKSPACE;
    }) as ContractApi['call'],
    on: () => () => undefined,
  };
  const user = userEvent.setup();
  render(
    <ApiProvider api={api}>
      <AddWorkspaceForm onAdded={(id) => added.push(id)} />
    </ApiProvider>,
  );
  return { user, calls, added };
}

describe('AddWorkspaceForm', () => {
  it('checks and speaks of what "Test connection" needs only; Save checks everything', async () => {
    const { user, calls } = renderAddForm();
    await user.click(screen.getByRole('button', { name: 'Test connection' }));
    expect(fieldError('Base URL')).toMatch(/Enter the service address/);
    expect(fieldError('API key')).toBe('API key is required');
    expect(fieldError('Name')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(fieldError('Name')).toBe('Name is required');
    expect(calls).toEqual([]);
  });

  it('asks again for plain http to another server, and is empty again after a save', async () => {
    const { user, calls, added } = renderAddForm();
    await user.type(screen.getByLabelText('Name'), 'Plain');
    await user.type(screen.getByLabelText('Base URL'), 'http://links.example.com/');
    await user.type(screen.getByLabelText('API key'), 'key-0123456789');
    await user.click(screen.getByRole('checkbox', { name: /Send my API key over plain http/ }));
    expect(fieldError('Base URL')).toBeNull();
    // Another path on the same server keeps the confirmation; another server needs its own.
    await user.type(screen.getByLabelText('Base URL'), 's/');
    expect(screen.getByRole('checkbox', { name: /Send my API key over plain http/ })).toHaveProperty('checked', true);
    await user.clear(screen.getByLabelText('Base URL'));
    await user.type(screen.getByLabelText('Base URL'), 'http://other.example.com/');
    expect(screen.getByRole('checkbox', { name: /Send my API key over plain http/ })).toHaveProperty('checked', false);
    expect(fieldError('Base URL')).toMatch(/Confirm below/);

    await user.click(screen.getByRole('checkbox', { name: /Send my API key over plain http/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(added).toEqual(['ws-1']));
    // Save tested the connection first.
    expect(calls).toEqual([
      { name: 'workspaces.testConnection', input: { baseUrl: 'http://other.example.com/', apiKey: 'key-0123456789', allowInsecureHttp: true } },
      {
        name: 'workspaces.add',
        input: { name: 'Plain', baseUrl: 'http://other.example.com/', apiKey: 'key-0123456789', allowInsecureHttp: true, acceptWeakEncryption: false },
      },
    ]);
    for (const label of ['Name', 'Base URL', 'API key']) expect((screen.getByLabelText(label) as HTMLInputElement).value).toBe('');
    expect(fieldError('Name')).toBeNull();
  });
});

describe('saving a new service tests it first', () => {
  const fill = async (user: ReturnType<typeof userEvent.setup>) => {
    await user.type(screen.getByLabelText('Name'), 'Work');
    await user.type(screen.getByLabelText('Base URL'), 'https://links.example.com/');
    await user.type(screen.getByLabelText('API key'), 'key-0123456789');
  };

  it('says a refused key beside the key and keeps nothing unless asked', async () => {
    const { user, calls, added } = renderAddForm(async () => ({ outcome: 'bad-key', message: 'Invalid API key.' }));
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fieldError('API key')).toBe('The service refused this key: Invalid API key.'));
    expect(screen.getByRole('alert').textContent).toContain('Connection test failed: Invalid API key.');
    expect(calls.map((c) => c.name)).toEqual(['workspaces.testConnection']);
    await user.click(screen.getByRole('button', { name: 'Keep editing' }));
    expect(added).toEqual([]);
  });

  it('asks before keeping a service it cannot reach, and keeps it when told', async () => {
    const { user, calls, added } = renderAddForm(async () => ({ outcome: 'unreachable', message: 'Linkdock can’t reach links.example.com.' }));
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(await screen.findByRole('button', { name: 'Save anyway' }));
    await waitFor(() => expect(added).toEqual(['ws-1']));
    expect(calls.map((c) => c.name)).toEqual(['workspaces.testConnection', 'workspaces.add']);
  });

  it('shows the test in progress with Cancel, and a cancelled test saves nothing', async () => {
    let answer: (value: ConnectionTest) => void = () => undefined;
    const { user, calls, added } = renderAddForm(() => new Promise((resolve) => (answer = resolve)));
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const progress = await screen.findByText('Testing the connection to the service…');
    expect((screen.getByRole('button', { name: 'Testing…' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(within(progress.closest('.banner') as HTMLElement).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByText('Testing the connection to the service…')).toBeNull();
    // The cancelled save holds the form until its test answers; then Save is free again, and the
    // answer was ignored (nothing kept).
    const save = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    answer({ outcome: 'ok', message: 'Connected.' });
    await waitFor(() => expect(save.disabled).toBe(false));
    expect(added).toEqual([]);
    expect(calls.map((c) => c.name)).toEqual(['workspaces.testConnection']);
  });
});

describe('rename dialog', () => {
  it('says beside the name what the contract refuses, and keeps the dialog open', async () => {
    const { user } = await renderApp(new FakeService(), 'workspaces');
    await user.click(await screen.findByRole('button', { name: 'Rename Test' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename Test' });
    await user.clear(within(dialog).getByLabelText('Name'));
    expect(fieldError('Name', dialog)).toBe('Name is required');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('dialog', { name: 'Rename Test' })).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Name'), 'x'.repeat(101));
    expect(fieldError('Name', dialog)).toBe('Name is too long');
  });
});

describe('the Sandbox workspace, once removed', () => {
  it('can be brought back from Workspaces', async () => {
    const { user, desktop } = await renderApp(new FakeService(), 'workspaces');
    const offer = await screen.findByRole('region', { name: 'Try Linkdock without an account' });
    await user.click(within(offer).getByRole('button', { name: 'Bring back the Sandbox workspace' }));
    await waitFor(() => expect(desktop.sandboxRestores).toBe(1));
  });
});
