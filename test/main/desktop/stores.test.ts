import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_QUEUED, ShortenQueue } from '../../../src-main/desktop/shorten-queue.ts';
import { SettingsStore } from '../../../src-main/desktop/settings.ts';
import { TrayCacheStore } from '../../../src-main/desktop/tray-cache.ts';
import { trayIconFile } from '../../../src-main/desktop/tray-icon.ts';
import { restoreBounds, WindowStateStore } from '../../../src-main/desktop/window-state.ts';
import { withTempDir } from '../../support/temp-dir.ts';

let temp: { dir: string; cleanup: () => Promise<void> };
beforeEach(async () => {
  temp = await withTempDir();
});
afterEach(async () => {
  await temp.cleanup();
});

const request = (n: number) => ({
  requestId: `request-${String(n).padStart(4, '0')}`,
  workspaceId: 'w1',
  location_url: `https://example.com/${n}`,
  url: `alias${n}`,
  shortUrl: `https://s.example/alias${n}`,
  requestedAt: n,
});

describe('ShortenQueue', () => {
  it('keeps every request of a burst, in order, across a restart', async () => {
    const queue = new ShortenQueue({ dir: temp.dir });
    await queue.load();
    await Promise.all(Array.from({ length: 20 }, (_, i) => queue.add(request(i))));
    await Promise.all([queue.accept(request(3).requestId), queue.accept(request(7).requestId), queue.add(request(20))]);

    const reloaded = new ShortenQueue({ dir: temp.dir });
    await reloaded.load();
    const expected = [...Array.from({ length: 21 }, (_, i) => i).filter((i) => i !== 3 && i !== 7)].map(request);
    expect(reloaded.pending()).toEqual(expected);
    // No temporary file is left behind by the atomic writes.
    expect((await readdir(temp.dir)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('moves a damaged file aside instead of losing it, and refuses to grow without bound', async () => {
    await writeFile(path.join(temp.dir, 'shorten-queue.json'), '{"version":1,"requests":[{"requestId":');
    const queue = new ShortenQueue({ dir: temp.dir });
    await queue.load();
    expect(queue.pending()).toEqual([]);
    expect(queue.recoveredFrom).toMatch(/shorten-queue\.json\.damaged-\d+$/);
    expect(await readFile(queue.recoveredFrom!, 'utf8')).toContain('"requestId":');

    for (let i = 0; i < MAX_QUEUED; i += 1) await queue.add(request(i));
    await expect(queue.add(request(MAX_QUEUED))).rejects.toThrow(/still waiting/);
    expect(queue.size).toBe(MAX_QUEUED);
  });
});

describe('TrayCacheStore', () => {
  const entry = (workspaceId: string) => ({
    workspaceId,
    recent: [{ id: 'c1', label: 'One', shortUrl: 'https://s.example/one' }],
    pinned: [],
    status: { online: true, pending: 0, problems: 0 },
  });

  it('persists per workspace and forgets removed workspaces', async () => {
    const store = new TrayCacheStore({ dir: temp.dir });
    await store.load();
    await Promise.all([store.put(entry('w1')), store.put(entry('w2'))]);
    await store.retain(['w2']);
    const reloaded = new TrayCacheStore({ dir: temp.dir });
    await reloaded.load();
    expect(reloaded.get('w1')).toBeNull();
    expect(reloaded.get('w2')).toEqual(entry('w2'));
  });

  it('does not rewrite the file for an unchanged entry', async () => {
    const store = new TrayCacheStore({ dir: temp.dir });
    await store.load();
    await store.put(entry('w1'));
    const file = path.join(temp.dir, 'tray-cache.json');
    await writeFile(file, (await readFile(file, 'utf8')).replace('"One"', '"Marked"'));
    await store.put(entry('w1'));
    expect(await readFile(file, 'utf8')).toContain('"Marked"');
    await store.put({ ...entry('w1'), status: { online: false, pending: 1, problems: 0 } });
    expect(await readFile(file, 'utf8')).not.toContain('"Marked"');
  });

  it('treats a file that fails the schema as empty', async () => {
    await writeFile(path.join(temp.dir, 'tray-cache.json'), JSON.stringify({ version: 1, workspaces: { w1: { workspaceId: 'w1', recent: 'no' } } }));
    const store = new TrayCacheStore({ dir: temp.dir });
    await store.load();
    expect(store.get('w1')).toBeNull();
  });
});

describe('SettingsStore', () => {
  it('defaults close-to-tray by platform and keeps an explicit choice', async () => {
    const linux = new SettingsStore({ dir: temp.dir, platform: 'linux' });
    await linux.load();
    expect(linux.closeToTray).toBe(true);
    expect(linux.shortcut).toBe('CommandOrControl+Shift+L');
    const mac = new SettingsStore({ dir: temp.dir, platform: 'darwin' });
    await mac.load();
    expect(mac.closeToTray).toBe(false);
    await mac.update({ closeToTray: true });
    const again = new SettingsStore({ dir: temp.dir, platform: 'darwin' });
    await again.load();
    expect(again.closeToTray).toBe(true);
  });
});

describe('window bounds', () => {
  const display = { workArea: { x: 0, y: 0, width: 1920, height: 1040 } };

  it('restores bounds on a connected display, clipped to its size', () => {
    expect(restoreBounds({ bounds: { x: 10, y: 20, width: 800, height: 600 }, maximized: true }, [display])).toEqual({
      bounds: { x: 10, y: 20, width: 800, height: 600 },
      maximized: true,
    });
    expect(restoreBounds({ bounds: { x: 0, y: 0, width: 3000, height: 2000 }, maximized: false }, [display]).bounds).toEqual({
      x: 0,
      y: 0,
      width: 1920,
      height: 1040,
    });
  });

  it('falls back when only a sliver or nothing of the title bar would be visible', () => {
    expect(restoreBounds(null, [display]).bounds).toEqual({ width: 1200, height: 800 });
    expect(restoreBounds({ bounds: { x: 1850, y: 100, width: 800, height: 600 }, maximized: false }, [display]).bounds).toEqual({ width: 1200, height: 800 });
    expect(restoreBounds({ bounds: { x: 100, y: -500, width: 800, height: 400 }, maximized: false }, [display]).bounds).toEqual({ width: 1200, height: 800 });
    expect(
      restoreBounds({ bounds: { x: -2000, y: 0, width: 800, height: 600 }, maximized: false }, [
        display,
        { workArea: { x: -1920, y: 0, width: 1920, height: 1080 } },
      ]).bounds,
    ).toEqual({
      x: -2000,
      y: 0,
      width: 800,
      height: 600,
    });
  });

  it('stores rounded bounds and ignores a damaged file', async () => {
    const store = new WindowStateStore({ dir: temp.dir });
    await store.save({ bounds: { x: 10.4, y: 20.6, width: 800, height: 600 }, maximized: false });
    expect(await new WindowStateStore({ dir: temp.dir }).load()).toEqual({ bounds: { x: 10, y: 21, width: 800, height: 600 }, maximized: false });
    await writeFile(path.join(temp.dir, 'window-state.json'), '{"version":1,"bounds":{"x":"left"}}');
    expect(await new WindowStateStore({ dir: temp.dir }).load()).toBeNull();
  });
});

describe('trayIconFile', () => {
  it('uses a template image on macOS and a contrasting glyph elsewhere', () => {
    expect(trayIconFile('darwin', true)).toBe('trayTemplate.png');
    expect(trayIconFile('win32', true)).toBe('tray-dark.png');
    expect(trayIconFile('win32', false)).toBe('tray-light.png');
    expect(trayIconFile('linux', true)).toBe('tray-dark-32.png');
  });
});
