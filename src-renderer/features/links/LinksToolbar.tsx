// The Links screen's header (title, last sync, bulk create, export, new link) and its filter bar,
// memoised so a search keystroke does not re-render them.
import { memo } from 'react';
import { Button, SelectField } from '../../ui/index.ts';
import type { LinkQuery, SortDirection, SortKey, TriState } from './link-index.ts';

const SORTS: { value: string; label: string; sort: SortKey; direction: SortDirection }[] = [
  { value: 'created-desc', label: 'Newest first', sort: 'created', direction: 'desc' },
  { value: 'created-asc', label: 'Oldest first', sort: 'created', direction: 'asc' },
  { value: 'clicks-desc', label: 'Most clicks', sort: 'clicks', direction: 'desc' },
  { value: 'clicks-asc', label: 'Fewest clicks', sort: 'clicks', direction: 'asc' },
  { value: 'alias-asc', label: 'Alias A–Z', sort: 'alias', direction: 'asc' },
  { value: 'alias-desc', label: 'Alias Z–A', sort: 'alias', direction: 'desc' },
];

const tri = (anyLabel: string, yes: string, no: string) => [
  { value: 'any', label: anyLabel },
  { value: 'yes', label: yes },
  { value: 'no', label: no },
];
const FILTERS: { key: 'enabled' | 'scheduled' | 'protected' | 'pending'; label: string; options: { value: string; label: string }[] }[] = [
  { key: 'enabled', label: 'Enabled', options: tri('Any', 'Enabled', 'Disabled') },
  { key: 'scheduled', label: 'Scheduled', options: tri('Any', 'Scheduled', 'Not scheduled') },
  { key: 'protected', label: 'Password', options: tri('Any', 'Password-protected', 'Not protected') },
  { key: 'pending', label: 'Sync', options: tri('Any', 'Pending sync', 'Synced') },
];

export const LinkFilters = memo(function LinkFilters(props: {
  domain: string;
  enabled: TriState;
  scheduled: TriState;
  guarded: TriState;
  pending: TriState;
  sortValue: string;
  domainOptions: { value: string; label: string }[];
  onChange: (patch: Partial<LinkQuery>) => void;
}) {
  const values = { enabled: props.enabled, scheduled: props.scheduled, protected: props.guarded, pending: props.pending };
  return (
    <>
      <SelectField label="Domain" className="filter" value={props.domain} options={props.domainOptions} onChange={(domain) => props.onChange({ domain })} />
      {FILTERS.map((f) => (
        <SelectField
          key={f.key}
          label={f.label}
          className="filter"
          value={values[f.key]}
          options={f.options}
          onChange={(value) => props.onChange({ [f.key]: value as TriState })}
        />
      ))}
      <SelectField
        label="Sort"
        className="filter"
        value={props.sortValue}
        options={SORTS}
        onChange={(value) => {
          const choice = SORTS.find((s) => s.value === value);
          if (choice) props.onChange({ sort: choice.sort, direction: choice.direction });
        }}
      />
    </>
  );
});

export const LinksHeader = memo(function LinksHeader(props: {
  lastSynced: string;
  canExport: boolean;
  onBulk: () => void;
  onExport: () => void;
  onNew: () => void;
}) {
  return (
    <div className="page-header">
      <h1>Links</h1>
      <span className="muted last-synced">Last synced: {props.lastSynced}</span>
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
