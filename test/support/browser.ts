// Debian's Chromium driven by playwright-core, with the flags this machine needs (no background
// networking: the network is closed and Chromium would keep trying).
import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';

export const CHROMIUM_PATH = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
export const hasChromium = existsSync(CHROMIUM_PATH);
if (!hasChromium) console.warn(`e2e: skipped — no Chromium at ${CHROMIUM_PATH} (apt-get install chromium)`);

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: ARGS });
}

/** Chromium over an on-disk profile, like Electron's: IndexedDB outlives a page closed and opened again. */
export function launchChromiumProfile(profileDir: string): Promise<BrowserContext> {
  return chromium.launchPersistentContext(profileDir, { executablePath: CHROMIUM_PATH, args: ARGS });
}
