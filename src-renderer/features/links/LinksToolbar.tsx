// The Links screen's header (title, last sync, bulk create, export, new link) and its filter bar,
// memoised so a search keystroke does not re-render them. Filters sit behind a "Filters" toggle;
// the ones in force always show as chips that say what is hidden and remove it in one press.
import { memo, useId } from 'react';
import { Button, SelectField } from '../../ui/index.ts';
import { NO_FILTERS, type LinkFilters as Filters, type LinkQuery, type SortDirection, type SortKey, type TriState } from './link-index.ts';

const SORTS: { value: string; label: string; sort: SortKey; direction: SortDirection }[] = [
  { value: 'created-desc', label: 'Newest first', sort: 'created', direction: 'desc' },
  { value: 'created-asc', label: 'Oldest first', sort: 'created', direction: 'asc' },
  { value: 'clicks-desc', label: 'Most clicks', sort: 'clicks', direction: 'desc' },
  { value: 'clicks-asc', label: 'Fewest clicks', sort: 'clicks', direction: 'asc' },
  { value: 'alias-asc', label: 'Alias A–Z', sort: 'alias', direction: 'asc' },
  { value: 'alias-desc', label: 'Alias Z–A', sort: 'alias', direction: 'desc' },
];

type TriKey = 'enabled' | 'scheduled' | 'protected' | 'pending';
const tri = (yes: string, no: string) => [
  { value: 'any', label: 'Any' },
  { value: 'yes', label: yes },
  { value: 'no', label: no },
];
const FILTERS: { key: TriKey; label: string; options: { value: string; label: string }[] }[] = [
  { key: 'enabled', label: 'Enabled', options: tri('Enabled', 'Disabled') },
  { key: 'scheduled', label: 'Scheduled', options: tri('Scheduled', 'Not scheduled') },
  { key: 'protected', label: 'Password', options: tri('Password-protected', 'Not protected') },
  { key: 'pending', label: 'Sync', options: tri('Pending sync', 'Synced') },
];

/** Every filter off; the search stays (its own box clears it). */
const CLEAR_FILTERS: Partial<LinkQuery> = {
  domain: NO_FILTERS.domain,
  enabled: 'any',
  scheduled: 'any',
  protected: 'any',
  pending: 'any',
  createdFrom: '',
  createdTo: '',
};

export interface FilterChip {
  /** The filter's label, as its field says it. */
  label: string;
  /** What it keeps, as its option says it. */
  value: string;
  /** The query change that removes it. */
  clear: Partial<Filters>;
}

/** The filters in force, in the order the filter bar lists them (search is not a filter chip: its box shows it). */
export function filterChips(query: LinkQuery, domainOptions: readonly { value: string; label: string }[]): FilterChip[] {
  const chips: FilterChip[] = [];
  if (query.domain !== NO_FILTERS.domain) {
    chips.push({ label: 'Domain', value: domainOptions.find((o) => o.value === query.domain)?.label ?? query.domain, clear: { domain: NO_FILTERS.domain } });
  }
  for (const f of FILTERS) {
    const value = query[f.key];
    if (value === 'any') continue;
    chips.push({ label: f.label, value: f.options.find((o) => o.value === value)?.label ?? value, clear: { [f.key]: 'any' } });
  }
  if (query.createdFrom || query.createdTo) {
    const value =
      query.createdFrom && query.createdTo
        ? `${query.createdFrom} to ${query.createdTo}`
        : query.createdFrom
          ? `from ${query.createdFrom}`
          : `until ${query.createdTo}`;
    chips.push({ label: 'Created', value, clear: { createdFrom: '', createdTo: '' } });
  }
  return chips;
}

export const LinkFilters = memo(function LinkFilters(props: {
  query: LinkQuery;
  open: boolean;
  domainOptions: { value: string; label: string }[];
  onChange: (patch: Partial<LinkQuery>) => void;
}) {
  const { query } = props;
  return props.open ? (
    <div className="toolbar filter-panel" role="group" aria-label="Filters">
      <SelectField label="Domain" className="filter" value={query.domain} options={props.domainOptions} onChange={(domain) => props.onChange({ domain })} />
      {FILTERS.map((f) => (
        <SelectField
          key={f.key}
          label={f.label}
          className="filter"
          value={query[f.key]}
          options={f.options}
          onChange={(value) => props.onChange({ [f.key]: value as TriState })}
        />
      ))}
      <DayField label="Created from" value={query.createdFrom} max={query.createdTo} onChange={(createdFrom) => props.onChange({ createdFrom })} />
      <DayField label="Created to" value={query.createdTo} min={query.createdFrom} onChange={(createdTo) => props.onChange({ createdTo })} />
    </div>
  ) : null;
});

/** The filters in force as removable chips, and "Clear filters". Nothing when none is on. */
export const FilterChips = memo(function FilterChips(props: { chips: readonly FilterChip[]; onChange: (patch: Partial<LinkQuery>) => void }) {
  if (props.chips.length === 0) return null;
  return (
    <div className="filter-chips" role="group" aria-label="Filters in force">
      {props.chips.map((chip) => (
        <Button
          key={chip.label}
          size="small"
          className="chip"
          aria-label={`Remove filter ${chip.label}: ${chip.value}`}
          onPress={() => props.onChange(chip.clear)}
        >
          <span className="muted">{chip.label}:</span> {chip.value} <span aria-hidden="true">✕</span>
        </Button>
      ))}
      <Button size="small" variant="ghost" onPress={() => props.onChange(CLEAR_FILTERS)}>
        Clear filters
      </Button>
    </div>
  );
});

export const FiltersToggle = memo(function FiltersToggle(props: { open: boolean; active: number; onToggle: () => void }) {
  return (
    <Button aria-expanded={props.open} onPress={props.onToggle} className="filters-toggle">
      Filters{props.active > 0 ? ` (${props.active})` : ''} <span aria-hidden="true">{props.open ? '▴' : '▾'}</span>
    </Button>
  );
});

/** Takes the sort alone, not the query: a search keystroke does not re-render the select. */
export const SortField = memo(function SortField(props: { sort: SortKey; direction: SortDirection; onChange: (patch: Partial<LinkQuery>) => void }) {
  return (
    <SelectField
      label="Sort"
      className="filter"
      value={`${props.sort}-${props.direction}`}
      options={SORTS}
      onChange={(value) => {
        const choice = SORTS.find((s) => s.value === value);
        if (choice) props.onChange({ sort: choice.sort, direction: choice.direction });
      }}
    />
  );
});

/** The direction a column sorts in when first chosen: names A–Z, numbers and dates biggest first. */
export const FIRST_DIRECTION: Record<SortKey, SortDirection> = { alias: 'asc', clicks: 'desc', created: 'desc' };

/** The title and the page's actions; when it last synced is the status bar's to say, once. */
export const LinksHeader = memo(function LinksHeader(props: { canExport: boolean; onBulk: () => void; onExport: () => void; onNew: () => void }) {
  return (
    <div className="page-header">
      <h1>Links</h1>
      <Button onPress={props.onBulk}>Bulk create</Button>
      <Button onPress={props.onExport} isDisabled={!props.canExport}>
        Export CSV
      </Button>
      <Button variant="primary" onPress={props.onNew} aria-keyshortcuts="N">
        New link
      </Button>
    </div>
  );
});

/** A day picker (the browser's own, keyboard and screen-reader ready); empty is no bound. */
function DayField(props: { label: string; value: string; min?: string; max?: string; onChange: (day: string) => void }) {
  const id = useId();
  return (
    <div className="field filter">
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        type="date"
        className="date-input"
        value={props.value}
        min={props.min || undefined}
        max={props.max || undefined}
        onChange={(event) => props.onChange(/^\d{4}-\d{2}-\d{2}$/.test(event.target.value) ? event.target.value : '')}
      />
    </div>
  );
}
