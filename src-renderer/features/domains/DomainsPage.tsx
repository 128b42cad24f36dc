import { ResourceListPage, type ResourceListConfig } from '../../resource-screens/ResourceListPage.tsx';
import { countLinksOnDomain } from '../../sync/index.ts';
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
      minWidth: 120,
      hideOrder: 2,
      cell: (item) =>
        item.view.custom_index_url ? <span className="cell-text">{String(item.view.custom_index_url)}</span> : <span className="muted">Default</span>,
    },
  ],
  Editor: DomainEditor,
  // The service deletes a domain's links with it.
  deleteConsequence: async (sync, item) => {
    const count = await countLinksOnDomain(sync.db, item.clientId);
    if (count === 0) return 'No links use it.';
    return `Its ${count.toLocaleString()} link${count === 1 ? ' is' : 's are'} deleted with it on the service.`;
  },
};

/** Custom domains of the open workspace. */
export function DomainsPage() {
  return <ResourceListPage config={CONFIG} />;
}
