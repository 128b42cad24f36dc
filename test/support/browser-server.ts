// vitest globalSetup of the Chromium suites: one browser for the whole run (issue #42). Each suite
// connects to it (launchChromium in browser.ts) and its close() only disconnects, closing the
// suite's own contexts; the browser itself closes once, after the last suite.
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, CHROMIUM_ENDPOINT_ENV, hasChromium } from './browser.ts';

export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  if (!hasChromium) return undefined;
  const server = await chromium.launchServer({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  // Workers are forked after this setup and inherit the variable.
  process.env[CHROMIUM_ENDPOINT_ENV] = server.wsEndpoint();
  return async () => {
    delete process.env[CHROMIUM_ENDPOINT_ENV];
    await server.close();
  };
}
