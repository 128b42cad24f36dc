// Renders resources/icon.svg to the PNG sizes electron-builder and the window use, and
// resources/tray.svg to the tray icons, with Debian's Chromium. Run by hand after changing an SVG
// (`node scripts/render-icons.ts [app|tray]`, both by default); the PNGs are committed.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';

const which = process.argv[2] ?? 'all';
const browser = await chromium.launch({
  executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
});
const page = await browser.newPage();

async function render(target: Page, svg: string, size: number, color = '#000000'): Promise<Buffer> {
  await target.setViewportSize({ width: size, height: size });
  const sized = svg.replace(/width="\d+" height="\d+"/, `width="${size}" height="${size}"`);
  await target.setContent(`<html><body style="margin:0;background:transparent;color:${color}">${sized}</body></html>`);
  return target.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
}

if (which === 'all' || which === 'app') {
  const svg = await readFile('resources/icon.svg', 'utf8');
  for (const size of [16, 32, 48, 64, 128, 256, 512]) {
    const png = await render(page, svg, size);
    await writeFile(path.join('resources/icons', `${size}x${size}.png`), png);
    if (size === 512) await writeFile('resources/icon.png', png);
  }
  console.log('icons written to resources/icons and resources/icon.png');
}

if (which === 'all' || which === 'tray') {
  // Names follow src-main/desktop/tray-icon.ts; Electron loads the @2x file on high-density displays,
  // and treats a name ending in "Template" as a macOS template image (only its alpha counts).
  const svg = await readFile('resources/tray.svg', 'utf8');
  const variants = [
    { color: '#1f2937', names: { 16: 'tray-light', 32: 'tray-light-32' } }, // dark glyph for light panels
    { color: '#f3f4f6', names: { 16: 'tray-dark', 32: 'tray-dark-32' } }, // light glyph for dark panels
    { color: '#000000', names: { 16: 'trayTemplate', 32: 'tray32Template' } },
  ];
  await mkdir('resources/tray', { recursive: true });
  for (const variant of variants) {
    for (const size of [16, 32] as const) {
      const name = variant.names[size];
      await writeFile(path.join('resources/tray', `${name}.png`), await render(page, svg, size, variant.color));
      await writeFile(path.join('resources/tray', `${name}@2x.png`), await render(page, svg, size * 2, variant.color));
    }
  }
  console.log('tray icons written to resources/tray');
}
await browser.close();
