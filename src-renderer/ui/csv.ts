// Every CSV the app writes (the links list, the analytics views) goes through here, so none can
// carry a live spreadsheet formula: a cell is text from a service or a visitor (an alias, a UTM
// tag, a referrer), and a spreadsheet runs one that starts like a formula. Not in the kit's index:
// papaparse loads with the first export.
import Papa from 'papaparse';
import { downloadBlob } from './download.ts';

/** Excel reads a CSV without a byte-order mark in the system's legacy code page (non-ASCII garbled). */
export const CSV_BYTE_ORDER_MARK = '\uFEFF';

/**
 * What a spreadsheet may take for the start of a formula (OWASP's list: = + - @ tab CR, LF too, and
 * the full-width forms some locales' spreadsheets read as the same). papaparse's own pattern
 * (`escapeFormulae: true`) misses a cell with a line break after its formula (`.*$` stops there).
 */
const FORMULA_START = /^[=+\-@\t\r\n\uFF1D\uFF0B\uFF0D\uFF20]/;

/** Numbers and booleans are written as they are (they cannot be formulas); null is an empty cell. */
export type CsvCell = string | number | boolean | null;

/** The rows as CSV with a header, CRLF line ends; a cell that starts like a formula gets a leading `'`. */
export function csvText(fields: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return Papa.unparse({ fields: [...fields], data: rows as CsvCell[][] }, { escapeFormulae: FORMULA_START, newline: '\r\n' });
}

/** Saves CSV text as a file, with the byte-order mark. */
export function downloadCsv(filename: string, text: string): void {
  downloadBlob(filename, new Blob([CSV_BYTE_ORDER_MARK, text], { type: 'text/csv;charset=utf-8' }));
}
