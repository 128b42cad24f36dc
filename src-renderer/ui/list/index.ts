export { Pager } from './Pager.tsx';
export { SearchBox } from './SearchBox.tsx';
export { VirtualTable, type CellState, type Column } from './VirtualTable.tsx';
export { pageWindow, PAGE_SIZES, type PageSize, type PageWindow } from './paging.ts';
export { RowButton, RowCheckbox } from './RowControls.tsx';
export { ariaSort, SortHeader } from './SortHeader.tsx';
