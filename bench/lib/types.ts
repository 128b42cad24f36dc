export interface BenchContext {
  quick: boolean;
  /** Sizes scale down in quick mode so the smoke run stays short. */
  links: number;
  log: (message: string) => void;
}

export interface FigureResult {
  id: string;
  title: string;
  /** How it was measured, in a sentence or two. */
  method: string;
  values: Record<string, number | string>;
  /** The goal as stated by the issue, and whether this run met it (null: no goal or not measurable). */
  goal?: { text: string; met: boolean | null };
  notes?: string;
  /** When this figure was measured (a report may merge figures from several runs). */
  measuredAt?: string;
}

export interface Figure {
  id: string;
  title: string;
  /**
   * Counts rather than times (request counts, lost edits): such figures run side by side after
   * the timed ones, which each run alone. The economy figure mostly waits for rate-limit windows.
   */
  countsOnly?: boolean;
  run(context: BenchContext): Promise<FigureResult>;
}
