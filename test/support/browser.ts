// Debian's Chromium driven by playwright-core, with the flags this machine needs (no background
// networking: the network is closed and Chromium would keep trying).
import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';

export const CHROMIUM_PATH = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
export const hasChromium = existsSync(CHROMIUM_PATH);
if (!hasChromium) console.warn(`e2e: skipped — no Chromium at ${CHROMIUM_PATH} (apt-get install chromium)`);

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Where the run's shared browser listens (set by browser-server.ts, the Chromium suites' globalSetup). */
export const CHROMIUM_ENDPOINT_ENV = 'LINKDOCK_TEST_CHROMIUM_ENDPOINT';

/**
 * A browser for one suite: the run's shared one when there is one (its close() disconnects and
 * closes this suite's contexts only), else a browser of its own (a single file run, the bench).
 */
export function launchChromium(): Promise<Browser> {
  const shared = process.env[CHROMIUM_ENDPOINT_ENV];
  if (shared) return chromium.connect(shared);
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/**
 * Chromium with an on-disk profile in `userDataDir`, as Electron keeps its IndexedDB (a plain
 * launch is an incognito-like context whose IndexedDB lives in memory and costs differently).
 */
export function launchPersistentChromium(userDataDir: string, viewport = { width: 1360, height: 860 }): Promise<BrowserContext> {
  return chromium.launchPersistentContext(userDataDir, { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, viewport });
}
