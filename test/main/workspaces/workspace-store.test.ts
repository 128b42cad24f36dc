import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WorkspaceStore, type StoredWorkspace } from '../../../src-main/workspaces/workspace-store.ts';
import { withTempDir } from '../../support/temp-dir.ts';

let dir: string;
let cleanup: () => Promise<void>;
beforeEach(async () => ({ dir, cleanup } = await withTempDir()));
afterEach(() => cleanup());

const workspace = (id: string, name = `Workspace ${id}`): StoredWorkspace => ({
  id,
  name,
  baseUrl: 'https://links.example.com/',
  sandbox: false,
  allowInsecureHttp: false,
  createdAt: 1,
});

describe('WorkspaceStore', () => {
  it('persists workspaces across instances', async () => {
    const store = new WorkspaceStore({ dir });
    await store.load();
    await store.add(workspace('a'));
    await store.add(workspace('b'));
    await store.update('a', { name: 'Renamed' });
    await store.remove('b');

    const reopened = new WorkspaceStore({ dir });
    expect(await reopened.load()).toEqual({});
    expect(reopened.list().map((w) => [w.id, w.name])).toEqual([['a', 'Renamed']]);
    expect(reopened.currentId).toBe('a');
  });

  it('concurrent writes each build on the one before (nothing lost)', async () => {
    const store = new WorkspaceStore({ dir });
    await Promise.all(['a', 'b', 'c', 'd', 'e'].map((id) => store.add(workspace(id))));
    const reopened = new WorkspaceStore({ dir });
    await reopened.load();
    expect(
      reopened
        .list()
        .map((w) => w.id)
        .sort(),
    ).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('moves a damaged file aside and reports it instead of overwriting it', async () => {
    await writeFile(path.join(dir, 'workspaces.json'), '{ not json');
    const store = new WorkspaceStore({ dir, now: () => 42 });
    const report = await store.load();
    expect(report.recoveredFrom).toBe(path.join(dir, 'workspaces.json.damaged-42'));
    expect(await readFile(path.join(dir, 'workspaces.json.damaged-42'), 'utf8')).toBe('{ not json');
    expect(store.list()).toEqual([]);
  });

  it('a file of the wrong shape counts as damaged too', async () => {
    await writeFile(path.join(dir, 'workspaces.json'), JSON.stringify({ version: 1, workspaces: [{ id: 'UPPER/..' }] }));
    const store = new WorkspaceStore({ dir, now: () => 7 });
    expect((await store.load()).recoveredFrom).toMatch(/damaged-7$/);
  });

  it('a failed write leaves the previous state in memory and on disk', async () => {
    const store = new WorkspaceStore({ dir });
    await store.add(workspace('a'));
    await expect(store.add(workspace('a'))).rejects.toThrow(/exists/);
    expect(store.list()).toHaveLength(1);
    expect((await readdir(dir)).sort()).toEqual(['workspaces.json']);
  });
});
