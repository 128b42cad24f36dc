import { ResourceListPage, type ResourceListConfig } from '../../resource-screens/ResourceListPage.tsx';
import { DomainEditor } from './DomainEditor.tsx';

const CONFIG: ResourceListConfig = {
  resource: 'domains',
  title: 'Domains',
  noun: 'domains',
  singular: 'domain',
  newLabel: 'New domain',
  nameField: 'host',
  nameLabel: 'Host',
  searchPlaceholder: 'Search hosts',
  columns: [
    {
      key: 'index',
      header: 'Index URL',
      width: 'minmax(120px, 2fr)',
      cell: (item) =>
        item.view.custom_index_url ? <span className="cell-text">{String(item.view.custom_index_url)}</span> : <span className="muted">Default</span>,
    },
  ],
  Editor: DomainEditor,
};

/** Custom domains of the open workspace. */
export function DomainsPage() {
  return <ResourceListPage config={CONFIG} />;
}
