// CSV out (the current list, through the app's one CSV writer) and bulk input in (pasted lines or
// a CSV file), with papaparse.
import Papa from 'papaparse';
import { LinkCreateSchema } from '../../../src-preload/contract/index.ts';
import { csvText } from '../../ui/csv.ts';

// Loaded on first export with the writer (papaparse stays out of the startup bundle).
export { downloadCsv } from '../../ui/csv.ts';
import { domainLabel, entryShortUrl, type DomainKey, type LinkEntry, type LinkIndex, type RowSyncState } from './link-index.ts';

export const EXPORT_COLUMNS = [
  'short_url',
  'alias',
  'destination',
  'domain',
  'clicks',
  'created',
  'enabled',
  'scheduled',
  'protected',
  'expired',
  'sync',
] as const;

/** The list as CSV, in the order shown (a cell that starts like a formula is escaped: ui/csv.ts). */
export function linksToCsv(entries: readonly LinkEntry[], index: LinkIndex, baseUrl: string, syncStates: ReadonlyMap<string, RowSyncState>): string {
  const rows = entries.map((e) => [
    entryShortUrl(index, baseUrl, e) ?? '',
    e.alias,
    e.destination,
    domainLabel(index, baseUrl, e.domainKey),
    e.clicks,
    e.created,
    // Empty when the service does not say.
    e.enabled ?? '',
    e.scheduled,
    e.protected,
    e.expired,
    syncStates.get(e.clientId) ?? 'synced',
  ]);
  return csvText(EXPORT_COLUMNS, rows);
}

export interface BulkRow {
  /** 1-based line (or record) number in what the user gave. */
  line: number;
  location_url: string;
  url: string;
  /** What followed the alias on a pasted line (nothing may: it would be lost). */
  extra?: string;
}

export interface CheckedBulkRow extends BulkRow {
  errors: string[];
}

const isUrlish = (cell: string) => /^https?:\/\//i.test(cell.trim());

/** Pasted text: one link per line, the destination URL then optionally an alias (space, tab or comma between). */
export function parsePastedLines(text: string): BulkRow[] {
  const rows: BulkRow[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (!line) return;
    const [location_url = '', url = '', ...rest] = line.split(/[\s,;]+/);
    // Words after the alias would be dropped without a word: the row says so instead.
    rows.push({ line: i + 1, location_url, url, ...(rest.length > 0 ? { extra: rest.join(' ') } : {}) });
  });
  return rows;
}

/**
 * A CSV file: with a header naming `location_url` / `destination` and optionally `alias` / `url`
 * (this app's own export reads back), or without a header: destination, then alias.
 */
export function parseCsv(text: string): { rows: BulkRow[]; problems: string[] } {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' });
  const records = parsed.data.filter((record) => record.some((cell) => cell.trim() !== ''));
  const problems = parsed.errors.map((e) => `Row ${(e.row ?? 0) + 1}: ${e.message}`);
  const first = records[0]?.map((cell) => cell.trim().toLowerCase()) ?? [];
  const hasHeader = first.length > 0 && !first.some(isUrlish);
  let destination = 0;
  let alias = 1;
  if (hasHeader) {
    destination = first.findIndex((h) => h === 'location_url' || h === 'destination' || h === 'destination url');
    alias = first.findIndex((h) => h === 'alias');
    if (alias < 0 && destination >= 0) alias = first.findIndex((h) => h === 'url');
    if (destination < 0) {
      return { rows: [], problems: [...problems, 'The header names no destination column (location_url or destination).'] };
    }
  }
  const rows = records.slice(hasHeader ? 1 : 0).map((record, i) => ({
    line: i + (hasHeader ? 2 : 1),
    location_url: (record[destination] ?? '').trim(),
    url: alias >= 0 ? (record[alias] ?? '').trim() : '',
  }));
  return { rows, problems };
}

/**
 * Each row checked with the contract's create schema, plus aliases already taken on the domain
 * (in the mirror or earlier in the batch).
 */
export function checkBulkRows(rows: readonly BulkRow[], domain: DomainKey, index: LinkIndex | null): CheckedBulkRow[] {
  const taken = new Set((index?.entries ?? []).filter((e) => e.domainKey === domain && !e.deletedLocally).map((e) => e.alias.toLowerCase()));
  return rows.map((row) => {
    const input: Record<string, unknown> = { location_url: row.location_url };
    if (row.url) input.url = row.url;
    const result = LinkCreateSchema.safeParse(input);
    const errors = result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.') === 'url' ? 'Alias' : 'Destination'}: ${issue.message}`);
    const alias = row.url.trim().toLowerCase();
    if (alias && taken.has(alias)) errors.push(`Alias: “${row.url}” is already used on this domain`);
    if (row.extra) errors.push(`Only a destination and an alias go on a line: “${row.extra}” would be left out`);
    if (alias) taken.add(alias);
    return { ...row, errors };
  });
}
