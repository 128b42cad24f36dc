// The standalone entry: `node scripts/sandbox.ts`, its ready line, clean stop, argument errors.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultDataFile } from '../../../scripts/sandbox.ts';
import { tempDir } from './helpers.ts';

const temp = tempDir();
const children: ChildProcess[] = [];
const SCRIPT = join(import.meta.dirname, '../../../scripts/sandbox.ts');

afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  temp.cleanup();
});

function run(args: string[]): { child: ChildProcess; ready: Promise<string>; exit: Promise<number | null>; output: () => string } {
  const child = spawn(process.execPath, [SCRIPT, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, XDG_CONFIG_HOME: temp.dir } });
  children.push(child);
  let output = '';
  const ready = new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /^Sandbox listening on (http:\/\/127\.0\.0\.1:\d+)$/m.exec(output);
      if (match) resolve(match[1] as string);
    });
    child.on('exit', () => reject(new Error(`exited before ready: ${output}`)));
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  ready.catch(() => undefined);
  return { child, ready, exit, output: () => output };
}

describe('scripts/sandbox.ts', () => {
  it('prints the ready line, serves each key as an account, keeps data in the file and stops on SIGTERM', async () => {
    const dataFile = join(temp.dir, 'script.sqlite');
    const first = run(['--port', '0', '--key', 'first-key', '--key', 'second-key', '--data', dataFile, '--demo', '--rate-limit', '100']);
    const url = await first.ready;
    const demo = await fetch(`${url}/api/links`, { headers: { authorization: 'Bearer first-key' } });
    expect((await demo.json()).meta.total).toBe(300);
    expect(demo.headers.get('x-ratelimit-limit')).toBe('100');
    const other = await fetch(`${url}/api/links`, { headers: { authorization: 'Bearer second-key' } });
    expect((await other.json()).meta.total).toBe(0);
    first.child.kill('SIGTERM');
    expect(await first.exit).toBe(0);
    expect(first.output()).not.toContain('first-key');

    const second = run(['--key', 'first-key', '--data', dataFile]);
    const again = await second.ready;
    expect((await (await fetch(`${again}/api/links`, { headers: { authorization: 'Bearer first-key' } })).json()).meta.total).toBe(300);
    second.child.kill('SIGINT');
    expect(await second.exit).toBe(0);
  });

  it('uses the Linkdock user data folder by default', async () => {
    const started = run(['--key', 'default-key']);
    await started.ready;
    started.child.kill('SIGTERM');
    expect(await started.exit).toBe(0);
    const { existsSync } = await import('node:fs');
    expect(existsSync(join(temp.dir, 'Linkdock', 'sandbox.sqlite'))).toBe(true);
  });

  it.each([
    [[]],
    [['--key', 'k', '--port', 'eighty']],
    [['--key', 'k', '--rate-limit', '0']],
    [['--key', 'k', '--colour']],
    [['--key', 'k', '--timezone', 'Mars/Olympus']],
  ])('refuses %j with exit code 2 and the usage', async (args) => {
    const refused = run(args);
    expect(await refused.exit).toBe(2);
    expect(refused.output()).toContain('Usage: npm run sandbox');
  });

  it("defaultDataFile follows each platform's user data folder", () => {
    expect(defaultDataFile({ XDG_CONFIG_HOME: '/xdg' }, 'linux')).toBe('/xdg/Linkdock/sandbox.sqlite');
    expect(defaultDataFile({}, 'linux')).toMatch(/\.config\/Linkdock\/sandbox\.sqlite$/);
    expect(defaultDataFile({}, 'darwin')).toMatch(/Library\/Application Support\/Linkdock\/sandbox\.sqlite$/);
    expect(defaultDataFile({ APPDATA: 'C:\\Users\\u\\AppData\\Roaming' }, 'win32')).toContain('Linkdock');
  });
});
