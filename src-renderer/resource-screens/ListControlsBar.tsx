import { SelectField } from '../ui/index.ts';
import { SearchBox } from '../ui/list/index.ts';
import { ENABLED_OPTIONS, sortOptions, SYNC_OPTIONS } from './resource-query.ts';
import type { ListControls } from './use-list-controls.ts';

/** Search box, the enabled and sync filters, and the sort order of a domain or handler list. */
export function ListControlsBar(props: { controls: ListControls; set: (patch: Partial<ListControls>) => void; searchPlaceholder: string; nameLabel: string }) {
  const { controls, set } = props;
  return (
    <div className="toolbar list-controls">
      <SearchBox value={controls.search} onChange={(search) => set({ search })} placeholder={props.searchPlaceholder} />
      <SelectField label="Enabled" className="filter-field" value={controls.enabled} options={ENABLED_OPTIONS} onChange={(enabled) => set({ enabled })} />
      <SelectField label="Sync" className="filter-field" value={controls.sync} options={SYNC_OPTIONS} onChange={(sync) => set({ sync })} />
      <SelectField label="Sort" className="filter-field" value={controls.sort} options={sortOptions(props.nameLabel)} onChange={(sort) => set({ sort })} />
    </div>
  );
}
