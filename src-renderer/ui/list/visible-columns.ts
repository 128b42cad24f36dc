/** What deciding which columns fit needs of a column. */
export interface SizedColumn {
  minWidth?: number;
  hideOrder?: number;
}

/** Room a column takes when it says nothing: narrow enough that unsized columns never push others out. */
const DEFAULT_MIN = 80;

/**
 * The columns that fit `width` px: optional columns drop out in their hide order (1 first) until
 * the rest's minimum widths fit. Before the table has been measured (`width` null) all show.
 */
export function visibleColumns<C extends SizedColumn>(columns: readonly C[], width: number | null): readonly C[] {
  if (width === null) return columns;
  const need = (cs: readonly C[]) => cs.reduce((sum, c) => sum + (c.minWidth ?? DEFAULT_MIN), 0);
  let shown = columns;
  const optional = columns.filter((c) => c.hideOrder !== undefined).sort((a, b) => (a.hideOrder ?? 0) - (b.hideOrder ?? 0));
  for (const column of optional) {
    if (need(shown) <= width) break;
    shown = shown.filter((c) => c !== column);
  }
  return shown;
}
