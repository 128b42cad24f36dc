// The main window's size and position, remembered across runs (window-state.json) and restored
// only when it would still be visible on a connected display.
import path from 'node:path';
import { z } from 'zod';
import { JsonFile, Serial } from '../storage/json-file.ts';

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

const RectSchema = z.object({
  x: z.number().int(),
  y: z.number().int(),
  width: z.number().int().min(1).max(100_000),
  height: z.number().int().min(1).max(100_000),
});
const FileSchema = z.object({ version: z.literal(1), bounds: RectSchema, maximized: z.boolean() });
export type WindowState = Omit<z.infer<typeof FileSchema>, 'version'>;

export const DEFAULT_SIZE = { width: 1200, height: 800 };
/** How much of the window must lie on one display: enough of the title bar to grab it. */
const MIN_VISIBLE = { width: 120, height: 40 };

function overlap(a: Rect, b: Rect): { width: number; height: number } {
  return {
    width: Math.max(0, Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x)),
    height: Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y)),
  };
}

/**
 * The bounds to open the window with: the saved ones when their top strip is on a display's work
 * area, else the default size (the platform centres it). The size is clipped to that display.
 */
export function restoreBounds(
  saved: WindowState | null,
  displays: { workArea: Rect }[],
): { bounds: Partial<Rect> & { width: number; height: number }; maximized: boolean } {
  if (!saved) return { bounds: { ...DEFAULT_SIZE }, maximized: false };
  const titleStrip = { ...saved.bounds, height: Math.min(saved.bounds.height, MIN_VISIBLE.height) };
  const display = displays.find(({ workArea }) => {
    const seen = overlap(titleStrip, workArea);
    return seen.width >= Math.min(MIN_VISIBLE.width, saved.bounds.width) && seen.height >= Math.min(MIN_VISIBLE.height, saved.bounds.height);
  });
  if (!display) return { bounds: { ...DEFAULT_SIZE }, maximized: saved.maximized };
  const { workArea } = display;
  return {
    bounds: {
      x: saved.bounds.x,
      y: saved.bounds.y,
      width: Math.min(saved.bounds.width, workArea.width),
      height: Math.min(saved.bounds.height, workArea.height),
    },
    maximized: saved.maximized,
  };
}

export class WindowStateStore {
  private readonly json: JsonFile<typeof FileSchema>;
  private readonly serial = new Serial();
  private last: string | null = null;

  constructor(options: { dir: string }) {
    this.json = new JsonFile(path.join(options.dir, 'window-state.json'), FileSchema);
  }

  async load(): Promise<WindowState | null> {
    // A damaged file only costs the remembered position.
    const { value } = await this.json.load(() => null);
    if (value === null) return null;
    return { bounds: value.bounds, maximized: value.maximized };
  }

  save(state: WindowState): Promise<void> {
    const rounded = {
      version: 1 as const,
      bounds: {
        x: Math.round(state.bounds.x),
        y: Math.round(state.bounds.y),
        width: Math.round(state.bounds.width),
        height: Math.round(state.bounds.height),
      },
      maximized: state.maximized,
    };
    const text = JSON.stringify(rounded);
    return this.serial.run(async () => {
      if (text === this.last) return; // moves end where they began: nothing to write
      await this.json.save(rounded);
      this.last = text;
    });
  }
}
