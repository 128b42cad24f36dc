import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef, type ReactNode } from 'react';

export interface Column<T> {
  key: string;
  header: ReactNode;
  /** CSS grid track, e.g. '2fr' or '120px'. */
  width: string;
  cell: (row: T) => ReactNode;
}

export interface VirtualTableProps<T> {
  label: string;
  rows: readonly T[];
  columns: readonly Column<T>[];
  rowKey: (row: T) => string;
  rowHeight?: number;
  selectedKey?: string | null;
  onRowFocus?: (row: T) => void;
  onRowActivate?: (row: T) => void;
  empty?: ReactNode;
}

/**
 * A table that renders only the rows in view (TanStack Virtual), so a page of 1,000 rows costs
 * what a screenful does. Arrow keys move between rows; Enter activates the focused row.
 */
export function VirtualTable<T>(props: VirtualTableProps<T>) {
  const { rows, columns, rowHeight = 44 } = props;
  const scroller = useRef<HTMLDivElement>(null);
  // TanStack Virtual returns fresh functions each render; this component is not memoised anyway.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({ count: rows.length, getScrollElement: () => scroller.current, estimateSize: () => rowHeight, overscan: 8 });
  const template = columns.map((c) => c.width).join(' ');

  const focusRow = (index: number) => {
    const clamped = Math.max(0, Math.min(rows.length - 1, index));
    virtualizer.scrollToIndex(clamped);
    requestAnimationFrame(() => scroller.current?.querySelector<HTMLElement>(`[data-index="${clamped}"]`)?.focus());
  };

  return (
    <div className="vtable" role="table" aria-label={props.label} aria-rowcount={rows.length + 1}>
      <div className="vtable-head" role="row" style={{ gridTemplateColumns: template }}>
        {columns.map((column) => (
          <div key={column.key} role="columnheader" className="vtable-cell">
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
              const key = props.rowKey(row);
              return (
                <div
                  key={key}
                  role="row"
                  data-index={item.index}
                  aria-rowindex={item.index + 2}
                  aria-selected={props.selectedKey === key}
                  tabIndex={props.selectedKey === key || (props.selectedKey == null && item.index === 0) ? 0 : -1}
                  className="vtable-row"
                  style={{ gridTemplateColumns: template, height: item.size, transform: `translateY(${item.start}px)` }}
                  onFocus={(event) => event.target === event.currentTarget && props.onRowFocus?.(row)}
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
                    <div key={column.key} role="cell" className="vtable-cell">
                      {column.cell(row)}
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
