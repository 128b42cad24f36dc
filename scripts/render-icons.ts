// Renders resources/icon.svg to the PNG sizes electron-builder and the window use, with Debian's
// Chromium. Run by hand after changing the SVG; the PNGs are committed.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { chromium } from 'playwright-core';

const svg = await readFile('resources/icon.svg', 'utf8');
const browser = await chromium.launch({
  executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
});
const page = await browser.newPage();
for (const size of [16, 32, 48, 64, 128, 256, 512]) {
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(`<html><body style="margin:0;background:transparent">${svg.replace('width="512" height="512"', `width="${size}" height="${size}"`)}</body></html>`);
  const png = await page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
  await writeFile(path.join('resources/icons', `${size}x${size}.png`), png);
  if (size === 512) await writeFile('resources/icon.png', png);
}
await browser.close();
console.log('icons written to resources/icons and resources/icon.png');
