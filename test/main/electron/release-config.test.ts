// Issue #36 item 2: the update feed comes from the release's environment, never from the
// repository, and `npm run dist` refuses a release with updates on and no feed. electron-builder's
// own loader reads electron-builder.ts here, as `npm run dist` (and a bare `npx electron-builder`) would.
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { linkdockBuildConfig } from '../../../electron-builder.ts';
import { releaseFeed } from '../../../scripts/release-feed.ts';

const root = path.join(import.meta.dirname, '../../..');
const require = createRequire(import.meta.url);
// electron-builder's loader and schema check (app-builder-lib, which electron-builder runs on).
const { loadConfig } = require('app-builder-lib/out/util/config/load.js') as {
  loadConfig(request: {
    packageKey: string;
    configFilename: string;
    projectDir: string;
    packageMetadata: null;
  }): Promise<{ result: unknown; configFile: string | null }>;
};
const { validateConfiguration } = require('app-builder-lib/out/util/config/config.js') as {
  validateConfiguration(config: unknown, logger: { isEnabled: boolean; add(): void }): Promise<void>;
};
const FEED = { LINKDOCK_UPDATE_OWNER: 'acme', LINKDOCK_UPDATE_REPO: 'linkdock' };
const NO_FEED = { LINKDOCK_UPDATE_OWNER: '', LINKDOCK_UPDATE_REPO: '', LINKDOCK_UPDATES: '' };

/** What electron-builder finds and reads in the project folder, with this environment. */
async function builderConfig(env: Record<string, string>) {
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  const { result, configFile } = await loadConfig({ packageKey: 'build', configFilename: 'electron-builder', projectDir: root, packageMetadata: null });
  return { config: result as ReturnType<typeof linkdockBuildConfig>, configFile };
}

afterEach(() => void vi.unstubAllEnvs());

describe('npm run dist: the release check', () => {
  it('refuses a release with updates on and no feed set, saying what to set', async () => {
    const refused = releaseFeed({});
    expect(refused).toEqual({ ok: false, message: expect.stringContaining('updates are on, but no update feed is set') });
    expect(!refused.ok && refused.message).toContain('Set LINKDOCK_UPDATE_OWNER and LINKDOCK_UPDATE_REPO');
    expect(!refused.ok && refused.message).toContain('or LINKDOCK_UPDATES=off');

    // The script npm run dist starts with: exit 1, the same message, before anything is built.
    const env = { ...process.env, ...NO_FEED };
    const run = promisify(execFile)(process.execPath, [path.join(root, 'scripts/release-check.ts')], { env, cwd: root });
    await expect(run).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('npm run dist refused: updates are on, but no update feed is set') });
    const scripts = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(scripts['dist']).toMatch(/^node scripts\/release-check\.ts && electron-vite build && electron-builder --config electron-builder\.ts$/);
  });

  it('refuses half a feed, names that are not GitHub names, a placeholder, and a feed with updates off', () => {
    for (const [env, why] of [
      [{ LINKDOCK_UPDATE_OWNER: 'acme' }, 'LINKDOCK_UPDATE_REPO is not set'],
      [{ LINKDOCK_UPDATE_REPO: 'linkdock' }, 'LINKDOCK_UPDATE_OWNER is not set'],
      [{ LINKDOCK_UPDATE_OWNER: 'acme/evil', LINKDOCK_UPDATE_REPO: 'linkdock' }, 'is not a GitHub account name'],
      [{ LINKDOCK_UPDATE_OWNER: 'acme', LINKDOCK_UPDATE_REPO: '..' }, 'is not a GitHub repository name'],
      [{ LINKDOCK_UPDATE_OWNER: 'linkdock-placeholder-owner', LINKDOCK_UPDATE_REPO: 'linkdock-placeholder-repo' }, 'looks like a placeholder'],
      [{ ...FEED, LINKDOCK_UPDATES: 'off' }, 'say which you mean'],
      [{ LINKDOCK_UPDATES: 'maybe' }, 'it can be on or off'],
    ] as const) {
      expect(releaseFeed(env)).toEqual({ ok: false, message: expect.stringContaining(why) });
    }
  });

  it('takes the feed from the environment, or builds without one when told LINKDOCK_UPDATES=off', () => {
    expect(releaseFeed({ LINKDOCK_UPDATE_OWNER: ' acme ', LINKDOCK_UPDATE_REPO: 'linkdock' })).toEqual({
      ok: true,
      publish: { provider: 'github', owner: 'acme', repo: 'linkdock', releaseType: 'release' },
      summary: 'Update feed: GitHub releases of acme/linkdock.',
    });
    expect(releaseFeed({ LINKDOCK_UPDATES: 'off' })).toMatchObject({ ok: true, publish: null });
  });
});

describe('electron-builder.ts, as electron-builder reads it', () => {
  it('is the only configuration file electron-builder finds, and it refuses without a feed too', async () => {
    // An electron-builder.yml would be found first (and was where the placeholder lived).
    expect(['yml', 'yaml', 'json', 'json5', 'toml', 'js', 'cjs'].filter((ext) => existsSync(path.join(root, `electron-builder.${ext}`)))).toEqual([]);
    await expect(builderConfig(NO_FEED)).rejects.toThrow(/no update feed is set/);
  });

  it('carries the release feed, or publish: null (no app-update.yml, no feed guessed from GH_TOKEN or the git remote)', async () => {
    const configured = await builderConfig(FEED);
    expect(configured.configFile).toBe(path.join(root, 'electron-builder.ts'));
    expect(configured.config.publish).toEqual({ provider: 'github', owner: 'acme', repo: 'linkdock', releaseType: 'release' });
    await validateConfiguration(configured.config, { isEnabled: false, add: () => undefined });

    const off = await builderConfig({ ...NO_FEED, LINKDOCK_UPDATES: 'off', GH_TOKEN: 'ghp_not-a-real-token-for-this-test' });
    expect(off.config.publish).toBeNull();
    await validateConfiguration(off.config, { isEnabled: false, add: () => undefined });
  });

  it('has no placeholder feed, and builds a zip beside the dmg (what macOS updates from)', () => {
    const config = linkdockBuildConfig(FEED);
    expect(JSON.stringify(config)).not.toMatch(/placeholder/i);
    expect(readFileSync(path.join(root, 'electron-builder.ts'), 'utf8')).not.toMatch(/placeholder-(owner|repo)/);
    expect(config.mac?.target).toEqual(['dmg', 'zip']);
  });
});
