import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef, type ReactNode } from 'react';
import { useElementWidth } from './use-element-width.ts';
import { visibleColumns } from './visible-columns.ts';

/** What a cell knows of its row beyond the data: whether it is the row Tab lands on. */
export interface CellState {
  /** The row holding the list's one Tab stop: its controls are in the Tab order, other rows' are not. */
  active: boolean;
}

export interface Column<T> {
  key: string;
  header: ReactNode;
  /** CSS grid track, e.g. '2fr' or '120px'. */
  width: string;
  /** The narrowest the column can usefully be, px (the sum decides which optional columns fit). */
  minWidth?: number;
  /** Optional columns hide when the table is too narrow; 1 hides first. Required columns never hide. */
  hideOrder?: number;
  /** The column header's sort state, when the list sorts by this column. */
  sort?: 'ascending' | 'descending' | 'none';
  /** 'end' for numbers: header and cells line up on the right, digit under digit. */
  align?: 'start' | 'end';
  cell: (row: T, state: CellState) => ReactNode;
}

export interface VirtualTableProps<T> {
  label: string;
  rows: readonly T[];
  columns: readonly Column<T>[];
  rowKey: (row: T) => string;
  rowHeight?: number;
  /** Rows rendered beyond the visible ones on each side (default 8); fewer make a page that changes on every keystroke cheaper to mount. */
  overscan?: number;
  selectedKey?: string | null;
  onRowFocus?: (row: T) => void;
  onRowActivate?: (row: T) => void;
  empty?: ReactNode;
}

const cellClass = (column: { align?: 'start' | 'end' | undefined }): string => (column.align === 'end' ? 'vtable-cell vtable-cell-end' : 'vtable-cell');

/**
 * A table that renders only the rows in view (TanStack Virtual), so a page of 1,000 rows costs
 * what a screenful does. The table is one Tab stop: arrow keys move between rows, Enter activates,
 * Tab enters the focused row's controls. Optional columns give way, by their order, to a narrow window.
 */
export function VirtualTable<T>(props: VirtualTableProps<T>) {
  const { rows, rowHeight = 44, overscan = 8 } = props;
  const scroller = useRef<HTMLDivElement>(null);
  const [measure, width] = useElementWidth<HTMLDivElement>();
  const columns = visibleColumns(props.columns, width);
  // TanStack Virtual returns fresh functions each render; this component is not memoised anyway.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({ count: rows.length, getScrollElement: () => scroller.current, estimateSize: () => rowHeight, overscan });
  const template = columns.map((c) => c.width).join(' ');
  const keys = rows.map(props.rowKey);
  // The Tab stop: the focused row while it is on this page, else the first row.
  const activeKey = props.selectedKey != null && keys.includes(props.selectedKey) ? props.selectedKey : (keys[0] ?? null);

  const focusRow = (index: number) => {
    const clamped = Math.max(0, Math.min(rows.length - 1, index));
    virtualizer.scrollToIndex(clamped);
    requestAnimationFrame(() => scroller.current?.querySelector<HTMLElement>(`[data-index="${clamped}"]`)?.focus());
  };

  return (
    <div ref={measure} className="vtable" role="table" aria-label={props.label} aria-rowcount={rows.length + 1}>
      <div className="vtable-head" role="row" style={{ gridTemplateColumns: template }}>
        {columns.map((column) => (
          <div key={column.key} role="columnheader" className={cellClass(column)} aria-sort={column.sort}>
            {column.header}
          </div>
        ))}
      </div>
      {rows.length === 0 ? (
        <div className="empty">{props.empty ?? 'Nothing here.'}</div>
      ) : (
        <div ref={scroller} className="vtable-body" role="rowgroup">
          <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {virtualizer.getVirtualItems().map((item) => {
              const row = rows[item.index] as T;
              const key = keys[item.index] as string;
              const active = key === activeKey;
              return (
                <div
                  key={key}
                  role="row"
                  data-index={item.index}
                  aria-rowindex={item.index + 2}
                  aria-selected={props.selectedKey === key}
                  tabIndex={active ? 0 : -1}
                  className="vtable-row"
                  style={{ gridTemplateColumns: template, height: item.size, transform: `translateY(${item.start}px)` }}
                  onFocus={(event) => {
                    // Focus landing on a control of another row (a click) makes that row the Tab stop.
                    if (event.target === event.currentTarget || !active) props.onRowFocus?.(row);
                  }}
                  onKeyDown={(event) => {
                    if (event.target !== event.currentTarget) return;
                    const moves: Record<string, number> = { ArrowDown: item.index + 1, ArrowUp: item.index - 1, Home: 0, End: rows.length - 1 };
                    const target = moves[event.key];
                    if (target !== undefined) {
                      event.preventDefault();
                      focusRow(target);
                    } else if (event.key === 'Enter') props.onRowActivate?.(row);
                  }}
                  onDoubleClick={() => props.onRowActivate?.(row)}
                >
                  {columns.map((column) => (
                    <div key={column.key} role="cell" className={cellClass(column)}>
                      {column.cell(row, { active })}
                    </div>
                  ))}
                </div>
              );
            })}
          </div>
        </div>
      )}
    </div>
  );
}
