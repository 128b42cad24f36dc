// The screenshot comparison on generated PNGs: a screen-sized picture of flat panels and a button
// drawn with anti-aliased edges, the same picture rasterised a fraction of a pixel differently (the
// noise a renderer makes), and the button moved or the picture resized (what must fail).
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { PNG } from 'pngjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { withTempDir } from './temp-dir.ts';
import { baselineModeFromEnv, checkBaseline, comparePngs, DEFAULT_TOLERANCE, decodePng, encodePng, type BaselineMode } from './visual-compare.ts';

type Rgb = readonly [number, number, number];
interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
  colour: Rgb;
}

/** Draws rectangles with fractional edges: an edge pixel takes the covered share of the colour, as a rasteriser's anti-aliasing does. */
function draw(width: number, height: number, rects: readonly Rect[]): Buffer {
  const png = new PNG({ width, height });
  png.data.fill(0xff);
  for (const r of rects) {
    for (let y = Math.floor(r.y); y < Math.min(height, Math.ceil(r.y + r.h)); y += 1) {
      const coverY = Math.min(y + 1, r.y + r.h) - Math.max(y, r.y);
      for (let x = Math.floor(r.x); x < Math.min(width, Math.ceil(r.x + r.w)); x += 1) {
        const cover = coverY * (Math.min(x + 1, r.x + r.w) - Math.max(x, r.x));
        const i = (y * width + x) * 4;
        for (let c = 0; c < 3; c += 1) png.data[i + c] = Math.round(png.data[i + c]! * (1 - cover) + r.colour[c]! * cover);
      }
    }
  }
  return encodePng(png);
}

const WIDTH = 1280;
const HEIGHT = 800;
/** A sidebar, a toolbar, rows with a text-like bar each, and a button: roughly a Linkdock screen. */
function screen(button: { dx?: number } = {}, subpixel = 0): Buffer {
  const s = subpixel;
  const rects: Rect[] = [
    { x: 0, y: 0, w: 220 + s, h: HEIGHT, colour: [238, 240, 244] },
    { x: 244 + s, y: 16 + s, w: 80, h: 20, colour: [30, 32, 36] },
  ];
  for (let row = 0; row < 12; row += 1) {
    rects.push({ x: 244, y: 130 + row * 44 + s, w: 1092, h: 1, colour: [216, 219, 225] });
    rects.push({ x: 290 + s, y: 146 + row * 44 + s, w: 180 + (row % 4) * 20, h: 10.5, colour: [47, 91, 211] });
  }
  rects.push({ x: 1200 + (button.dx ?? 0) + s, y: 740 + s, w: 60, h: 30, colour: [47, 91, 211] });
  return draw(WIDTH, HEIGHT, rects);
}

/** `count` isolated pixels, 10 px apart in the sidebar's flat colour, turned mid-grey. */
function withStrayPixels(image: Buffer, count: number): Buffer {
  const png = decodePng(image);
  for (let n = 0; n < count; n += 1) {
    const i = ((10 + Math.floor(n / 20) * 10) * WIDTH + 10 + (n % 20) * 10) * 4;
    png.data.fill(128, i, i + 3);
  }
  return encodePng(png);
}

function differingPixels(a: Buffer, b: Buffer): number {
  const x = decodePng(a).data;
  const y = decodePng(b).data;
  let count = 0;
  for (let i = 0; i < x.length; i += 4) if (x.readUInt32BE(i) !== y.readUInt32BE(i)) count += 1;
  return count;
}

describe('comparePngs', () => {
  it('finds no difference between identical images', () => {
    const image = screen();
    const result = comparePngs(image, Buffer.from(image));
    expect(result.sizeMismatch).toBeNull();
    expect(result.diffPixels).toBe(0);
    expect(result.diffShare).toBe(0);
  });

  it('lets anti-aliasing-like noise pass: the same picture rasterised 0.3 px off', () => {
    const base = screen();
    const noisy = screen({}, 0.3);
    // The noise is real: every edge pixel changed.
    expect(differingPixels(base, noisy)).toBeGreaterThan(DEFAULT_TOLERANCE.maxDiffShare * WIDTH * HEIGHT);
    const result = comparePngs(base, noisy);
    expect(result.diffShare).toBeLessThanOrEqual(DEFAULT_TOLERANCE.maxDiffShare);
  });

  it('lets a few stray pixels pass (what the tolerance is for), up to its share', () => {
    const allowed = Math.floor(DEFAULT_TOLERANCE.maxDiffShare * WIDTH * HEIGHT);
    const few = comparePngs(screen(), withStrayPixels(screen(), Math.floor(allowed / 2)));
    expect(few.diffPixels).toBe(Math.floor(allowed / 2));
    expect(few.diffShare).toBeLessThanOrEqual(DEFAULT_TOLERANCE.maxDiffShare);
    const many = comparePngs(screen(), withStrayPixels(screen(), allowed + 1));
    expect(many.diffShare).toBeGreaterThan(DEFAULT_TOLERANCE.maxDiffShare);
  });

  it('fails a button moved by 2 px, and draws where in the diff image', () => {
    const result = comparePngs(screen(), screen({ dx: 2 }));
    expect(result.diffShare).toBeGreaterThan(DEFAULT_TOLERANCE.maxDiffShare);
    // The differing pixels lie at the button's two upright edges, nowhere else.
    const diff = result.diff!;
    let outside = 0;
    for (let y = 0; y < HEIGHT; y += 1) {
      for (let x = 0; x < WIDTH; x += 1) {
        const i = (y * WIDTH + x) * 4;
        const red = diff.data[i] === 255 && diff.data[i + 1] === 0 && diff.data[i + 2] === 0;
        if (red && !(y >= 740 && y < 770 && x >= 1200 && x < 1262)) outside += 1;
      }
    }
    expect(outside).toBe(0);
  });

  it('fails images of different sizes and says both sizes', () => {
    const small = draw(900, 600, []);
    const result = comparePngs(screen(), small);
    expect(result.diffShare).toBe(1);
    expect(result.sizeMismatch).toBe(`size differs: baseline ${WIDTH}×${HEIGHT}, actual 900×600`);
  });
});

describe('checkBaseline', () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  beforeEach(async () => {
    ({ dir, cleanup } = await withTempDir());
  });
  afterEach(async () => {
    await cleanup();
  });
  const baselines = () => path.join(dir, 'baselines');
  const output = () => path.join(dir, 'screenshots');
  const check = (actual: Buffer, mode: BaselineMode) =>
    checkBaseline({ name: 'links-light', actual, baselineDir: baselines(), outputDir: output(), mode, updateCommand: 'npm run test:screens:update' });
  const exists = (file: string) =>
    stat(file).then(
      () => true,
      () => false,
    );

  it('fails a missing baseline in CI and names the update command; writes it otherwise', async () => {
    const image = screen();
    const missing = await check(image, 'ci');
    expect(missing.ok).toBe(false);
    expect(missing.message).toContain('links-light: no baseline at');
    expect(missing.message).toContain('npm run test:screens:update');
    expect(await exists(path.join(baselines(), 'links-light.png'))).toBe(false);

    const written = await check(image, 'local');
    expect(written.status).toBe('written');
    expect(await readFile(path.join(baselines(), 'links-light.png'))).toEqual(image);
  });

  it('passes the same screen, and fails a changed one with the count, the share and the review files', async () => {
    const image = screen();
    await check(image, 'update');
    expect((await check(screen(), 'ci')).status).toBe('match');

    const moved = screen({ dx: 2 });
    const result = await check(moved, 'ci');
    const expected = comparePngs(image, moved);
    expect(result.ok).toBe(false);
    expect(result.diffPixels).toBe(expected.diffPixels);
    expect(result.message).toContain(`links-light: ${expected.diffPixels.toLocaleString('en-US')} pixels differ`);
    expect(result.message).toContain(`${(expected.diffShare * 100).toFixed(3)}% of ${WIDTH}×${HEIGHT}`);
    expect(await readFile(path.join(output(), 'links-light.actual.png'))).toEqual(moved);
    expect(await readFile(path.join(output(), 'links-light.expected.png'))).toEqual(image);
    expect(decodePng(await readFile(path.join(output(), 'links-light.diff.png'))).width).toBe(WIDTH);
    // The baseline stays: only the update command replaces it.
    expect(await readFile(path.join(baselines(), 'links-light.png'))).toEqual(image);

    // A later passing run clears the review files, so none are left to mislead.
    await check(image, 'ci');
    expect(await exists(path.join(output(), 'links-light.diff.png'))).toBe(false);
  });

  it('fails a size change with a clear message', async () => {
    await check(screen(), 'update');
    const result = await check(draw(900, 600, []), 'local');
    expect(result.ok).toBe(false);
    expect(result.message).toContain(`links-light: size differs: baseline ${WIDTH}×${HEIGHT}, actual 900×600`);
  });

  it('in update mode replaces a changed baseline but keeps one within tolerance, so noise never churns the files', async () => {
    const image = screen();
    await check(image, 'update');
    const noisy = screen({}, 0.3);
    expect((await check(noisy, 'update')).status).toBe('match');
    expect(await readFile(path.join(baselines(), 'links-light.png'))).toEqual(image);

    const moved = screen({ dx: 2 });
    expect((await check(moved, 'update')).status).toBe('updated');
    expect(await readFile(path.join(baselines(), 'links-light.png'))).toEqual(moved);
  });
});

describe('baselineModeFromEnv', () => {
  it('never writes in CI, writes every baseline on UPDATE_SCREENSHOTS=1, and only missing ones otherwise', () => {
    expect(baselineModeFromEnv({ CI: 'true', UPDATE_SCREENSHOTS: '1' })).toBe('ci');
    expect(baselineModeFromEnv({ UPDATE_SCREENSHOTS: '1' })).toBe('update');
    expect(baselineModeFromEnv({ CI: 'false' })).toBe('local');
    expect(baselineModeFromEnv({})).toBe('local');
  });
});
