import { ResourceListPage, type ResourceListConfig } from '../../resource-screens/ResourceListPage.tsx';
import { HANDLER_TYPE_LABELS, handlerTarget, isKnownHandlerType } from './handler-form.ts';
import { HandlerEditor } from './HandlerEditor.tsx';

const CONFIG: ResourceListConfig = {
  resource: 'handlers',
  title: 'Notification handlers',
  noun: 'handlers',
  singular: 'notification handler',
  newLabel: 'New handler',
  nameField: 'name',
  nameLabel: 'Name',
  searchPlaceholder: 'Search names',
  columns: [
    {
      key: 'type',
      header: 'Type',
      width: '130px',
      minWidth: 130,
      hideOrder: 2,
      cell: (item) => {
        const type = String(item.view.type ?? '');
        return isKnownHandlerType(type) ? HANDLER_TYPE_LABELS[type] : type;
      },
    },
    {
      key: 'target',
      header: 'Sends to',
      width: 'minmax(120px, 2fr)',
      minWidth: 120,
      cell: (item) => (handlerTarget(item.view) ? <span className="cell-text">{handlerTarget(item.view)}</span> : <span className="muted">—</span>),
    },
  ],
  Editor: HandlerEditor,
};

/** Notification handlers of the open workspace. */
export function HandlersPage() {
  return <ResourceListPage config={CONFIG} />;
}
