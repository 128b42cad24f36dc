// npm run sandbox -- --port N --key K [--key K2 ...] [--data FILE|:memory:] [--demo] [--rate-limit N] [--timezone ZONE]
// Runs the sandbox service on 127.0.0.1 until SIGINT/SIGTERM. Keys are never printed.
import { mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { startSandbox } from '../src-main/sandbox/index.ts';
import { PRIVATE_DIR_MODE, privateDir } from '../src-main/storage/durable-write.ts';
import { canonicalTimeZone } from '../src-main/sandbox/time.ts';

const USAGE = `Usage: npm run sandbox -- --key KEY [--key KEY2 ...] [--port N] [--data FILE|:memory:] [--demo] [--rate-limit N] [--timezone ZONE]
  --key         an API key; each key is a separate account (required, repeatable)
  --port        port on 127.0.0.1 (default 0: a free port)
  --data        SQLite data file, or :memory: (default: sandbox.sqlite in the Linkdock user data folder)
  --demo        fill the first account with sample data when it is empty
  --rate-limit  emulate the service's rate limit: requests per minute per key
  --timezone    the accounts' time zone (IANA, e.g. Europe/Berlin) for schedule dates (default: new
                accounts UTC, the --demo account Europe/Berlin; existing accounts keep theirs)`;

/** The Linkdock user data folder, where Electron's app.getPath('userData') points. */
export function defaultDataFile(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): string {
  const home = homedir();
  const base =
    platform === 'win32'
      ? (env.APPDATA ?? join(home, 'AppData', 'Roaming'))
      : platform === 'darwin'
        ? join(home, 'Library', 'Application Support')
        : (env.XDG_CONFIG_HOME ?? join(home, '.config'));
  return join(base, 'Linkdock', 'sandbox.sqlite');
}

function fail(message: string): never {
  process.stderr.write(`${message}\n\n${USAGE}\n`);
  process.exit(2);
}

function wholeNumber(value: string | undefined, name: string, min: number, max: number): number | undefined {
  if (value === undefined) return undefined;
  const number = /^\d+$/.test(value) ? Number(value) : NaN;
  if (!(number >= min && number <= max)) fail(`--${name} must be a whole number from ${min} to ${max}`);
  return number;
}

async function main(): Promise<void> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        port: { type: 'string' },
        key: { type: 'string', multiple: true },
        data: { type: 'string' },
        demo: { type: 'boolean', default: false },
        'rate-limit': { type: 'string' },
        timezone: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const keys = values.key ?? [];
  if (keys.length === 0) fail('Give at least one --key');
  const port = wholeNumber(values.port, 'port', 0, 65535) ?? 0;
  const rateLimit = wholeNumber(values['rate-limit'], 'rate-limit', 1, 1_000_000) ?? null;
  const timezone = values.timezone;
  if (timezone !== undefined && canonicalTimeZone(timezone) === null) fail('--timezone must be an IANA time zone name such as Europe/Berlin or UTC');
  const dataFile = values.data ?? defaultDataFile();
  // The folder is the user's alone (issue #36): Linkdock's user data folder (the default) is made
  // 0700 or tightened like the app does; a folder given with --data is made 0700 when new, and an
  // existing one is the user's choice.
  if (dataFile !== ':memory:') {
    if (values.data === undefined) await privateDir(dirname(dataFile));
    else mkdirSync(dirname(dataFile), { recursive: true, mode: PRIVATE_DIR_MODE });
  }

  let sandbox;
  try {
    sandbox = await startSandbox({ port, keys, dataFile, demo: values.demo, rateLimit, ...(timezone !== undefined ? { timezone } : {}) });
  } catch (error) {
    process.stderr.write(`The sandbox could not start: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    process.stderr.write(`Received ${signal}, stopping the sandbox\n`);
    sandbox.close().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`Error while stopping: ${String(error)}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  // Ready only once a signal can stop it cleanly.
  process.stdout.write(`Sandbox listening on http://127.0.0.1:${sandbox.port}\n`);
}

// Run only as a script, so tests can import defaultDataFile.
if (import.meta.main) await main();
