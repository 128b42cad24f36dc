/**
 * A column header that sorts the list: pressing it sorts by the column, pressing again turns the
 * direction. The header cell carries aria-sort (VirtualTable's `Column.sort`); the arrow is visual.
 */
export function SortHeader(props: { label: string; direction: 'asc' | 'desc' | null; onSort: () => void }) {
  return (
    <button type="button" className="sort-header" onClick={props.onSort}>
      {props.label}
      <span aria-hidden="true" className="sort-arrow">
        {props.direction === 'asc' ? '▲' : props.direction === 'desc' ? '▼' : ''}
      </span>
    </button>
  );
}

/** A column's aria-sort for the list's current sort. */
export function ariaSort(direction: 'asc' | 'desc' | null): 'ascending' | 'descending' | 'none' {
  return direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : 'none';
}
