// Screenshots against committed baselines. pixelmatch counts the pixels whose colours differ by more
// than a threshold (anti-aliased edges are recognised and not counted), and an image passes while the
// share of such pixels stays under a tolerance: rendering noise passes, a moved or changed control
// does not. The e2e screens call checkBaseline through screens-support.ts's shoot().
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';

export interface Tolerance {
  /** pixelmatch's per-pixel colour distance (0–1, in YIQ space): pixels closer than this count as equal. */
  threshold: number;
  /** The share of all pixels (0–1) that may still differ before the image fails. */
  maxDiffShare: number;
}

/**
 * Chosen from measurements in this Chromium (1280×800, threshold 0.1, anti-aliased pixels not
 * counted): the e2e captures repeat pixel for pixel run to run, a 60×30 button moved by 1 px counts
 * 87 pixels, its label changed from "Save" to "Send" 70. 0.005% is 51 pixels at 1280×800 (27 at
 * 900×600): room for a few stray edge pixels, not for a moved or relabelled control. A single
 * changed digit (about 12 pixels) can pass: the e2e assertions check text, the baselines layout.
 */
export const DEFAULT_TOLERANCE: Tolerance = { threshold: 0.1, maxDiffShare: 0.00005 };

export interface Comparison {
  width: number;
  height: number;
  /** Null when the sizes match. */
  sizeMismatch: string | null;
  diffPixels: number;
  diffShare: number;
  /** The differing pixels in red over a faded copy of the expected image (null on a size mismatch). */
  diff: PNG | null;
}

export function decodePng(bytes: Buffer): PNG {
  return PNG.sync.read(bytes);
}

export function encodePng(png: PNG): Buffer {
  return PNG.sync.write(png);
}

/** Compares two PNGs pixel by pixel; images of different sizes differ entirely. */
export function comparePngs(expected: Buffer, actual: Buffer, tolerance: Tolerance = DEFAULT_TOLERANCE): Comparison {
  const a = decodePng(expected);
  const b = decodePng(actual);
  if (a.width !== b.width || a.height !== b.height) {
    return {
      width: b.width,
      height: b.height,
      sizeMismatch: `size differs: baseline ${a.width}×${a.height}, actual ${b.width}×${b.height}`,
      diffPixels: b.width * b.height,
      diffShare: 1,
      diff: null,
    };
  }
  const diff = new PNG({ width: a.width, height: a.height });
  const diffPixels = pixelmatch(a.data, b.data, diff.data, a.width, a.height, { threshold: tolerance.threshold });
  return { width: a.width, height: a.height, sizeMismatch: null, diffPixels, diffShare: diffPixels / (a.width * a.height), diff };
}

/** ci: a missing or different baseline fails. update: baselines are (re)written. local: like ci, but a missing baseline is written. */
export type BaselineMode = 'ci' | 'update' | 'local';

/** CI never writes baselines, even when asked to: a visual change reaches the repository only as a reviewed commit. */
export function baselineModeFromEnv(env: NodeJS.ProcessEnv = process.env): BaselineMode {
  if (env['CI'] && env['CI'] !== 'false' && env['CI'] !== '0') return 'ci';
  if (env['UPDATE_SCREENSHOTS'] === '1') return 'update';
  return 'local';
}

export interface BaselineCheck {
  /** The screen and scheme, e.g. `links-list-light`: the files are `<name>.png`. */
  name: string;
  /** The PNG just captured. */
  actual: Buffer;
  baselineDir: string;
  /** Where captures, and on a mismatch `<name>.actual.png`, `.expected.png` and `.diff.png`, go for review. */
  outputDir: string;
  mode: BaselineMode;
  tolerance?: Tolerance;
  /** The command that rewrites the baselines, named in failure messages. */
  updateCommand?: string;
}

export interface BaselineResult {
  /** match: within tolerance; written: a new baseline; updated: a different one replaced (update mode). */
  status: 'match' | 'written' | 'updated' | 'mismatch' | 'missing';
  ok: boolean;
  diffPixels: number;
  diffShare: number;
  message: string;
}

const percent = (share: number) => `${(share * 100).toFixed(3)}%`;

/** Compares a capture with its baseline, writes the review files and, depending on the mode, the baseline. */
export async function checkBaseline(check: BaselineCheck): Promise<BaselineResult> {
  const tolerance = check.tolerance ?? DEFAULT_TOLERANCE;
  const update = check.updateCommand ?? 'npm run test:screens:update';
  const baselineFile = path.join(check.baselineDir, `${check.name}.png`);
  const out = (suffix: string) => path.join(check.outputDir, `${check.name}${suffix}.png`);
  await mkdir(check.outputDir, { recursive: true });
  await writeFile(out(''), check.actual);
  // Review files of an earlier failing run would be mistaken for this run's.
  await Promise.all(['.actual', '.expected', '.diff'].map((suffix) => rm(out(suffix), { force: true })));
  const writeBaseline = async () => {
    await mkdir(check.baselineDir, { recursive: true });
    await writeFile(baselineFile, check.actual);
  };
  const shown = path.relative(process.cwd(), baselineFile);
  const show = (file: string) => path.relative(process.cwd(), file);

  let expected: Buffer;
  try {
    expected = await readFile(baselineFile);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    if (check.mode === 'ci') {
      await writeFile(out('.actual'), check.actual);
      return {
        status: 'missing',
        ok: false,
        diffPixels: 0,
        diffShare: 1,
        message: `${check.name}: no baseline at ${shown} (the capture is in ${show(out('.actual'))}); run ${update} locally, review and commit it`,
      };
    }
    await writeBaseline();
    return { status: 'written', ok: true, diffPixels: 0, diffShare: 0, message: `${check.name}: new baseline written to ${shown}; review and commit it` };
  }

  const result = comparePngs(expected, check.actual, tolerance);
  if (result.sizeMismatch === null && result.diffShare <= tolerance.maxDiffShare) {
    // Within tolerance the old baseline stays, so noise never churns the committed files.
    return { status: 'match', ok: true, diffPixels: result.diffPixels, diffShare: result.diffShare, message: `${check.name}: matches` };
  }
  const what =
    result.sizeMismatch ??
    `${result.diffPixels.toLocaleString('en-US')} pixels differ (${percent(result.diffShare)} of ${result.width}×${result.height}; tolerance ${percent(tolerance.maxDiffShare)})`;
  if (check.mode === 'update') {
    await writeBaseline();
    return { status: 'updated', ok: true, diffPixels: result.diffPixels, diffShare: result.diffShare, message: `${check.name}: baseline updated (${what})` };
  }
  await writeFile(out('.actual'), check.actual);
  await writeFile(out('.expected'), expected);
  if (result.diff) await writeFile(out('.diff'), encodePng(result.diff));
  const review = result.diff ? `${show(out('.diff'))} and ${show(out('.actual'))}` : show(out('.actual'));
  return {
    status: 'mismatch',
    ok: false,
    diffPixels: result.diffPixels,
    diffShare: result.diffShare,
    message: `${check.name}: ${what} — see ${review}; if the change is intended, run ${update} and commit ${shown}`,
  };
}
