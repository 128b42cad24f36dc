// The browser preview's own sandbox: started with `sandbox: true`, and brought back (a new demo
// account) through the same contract call as the desktop's when the user removed it.
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startPreview, type RunningPreview } from '../../../src-main/preview/preview-server.ts';
import { withTempDir } from '../../support/temp-dir.ts';

let preview: RunningPreview | null = null;
let cleanup: (() => Promise<void>) | null = null;
afterEach(async () => {
  await preview?.close();
  await cleanup?.();
});

const call = async (name: string, input: Record<string, unknown> = {}) => {
  const result = await preview!.services.router.handle(name as never, input, true);
  if (!result.ok) throw new Error(result.error.message);
  return result.value as never;
};

describe('preview sandbox', () => {
  it('comes back on desktop.restoreSandbox after its workspace was removed, and is the open one', async () => {
    const temp = await withTempDir();
    cleanup = temp.cleanup;
    preview = await startPreview({ rendererDir: path.resolve('src-renderer'), dataDir: temp.dir, sandbox: true, logError: () => undefined });
    const [first] = await preview.services.workspaces.list();
    expect(first).toMatchObject({ sandbox: true });
    await call('workspaces.remove', { workspaceId: first!.id });
    const { workspaceId } = await call('desktop.restoreSandbox');
    expect(workspaceId).not.toBe(first!.id);
    expect(await preview.services.workspaces.list()).toEqual([expect.objectContaining({ id: workspaceId, sandbox: true })]);
    expect(await call('workspaces.getCurrent')).toEqual({ workspaceId });
    const links = (await call('links.list', { workspaceId, page: 1, resultsPerPage: 10 })) as { meta: { total: number } };
    expect(links.meta.total).toBeGreaterThan(100);
    // The running sandbox answers at the restored workspace's address.
    expect((await preview.services.workspaces.list())[0]!.baseUrl).toBe(preview.sandbox!.url);
  });

  it('says plainly that a preview without a sandbox has none to bring back', async () => {
    const temp = await withTempDir();
    cleanup = temp.cleanup;
    preview = await startPreview({ rendererDir: path.resolve('src-renderer'), dataDir: temp.dir, logError: () => undefined });
    await expect(call('desktop.restoreSandbox')).rejects.toThrow('This preview runs without a sandbox (start it with --sandbox).');
  });
});
