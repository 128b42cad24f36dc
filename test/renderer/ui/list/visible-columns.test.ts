// Which columns a narrow table keeps: optional ones give way in their order, required ones never.
import { describe, expect, it } from 'vitest';
import { visibleColumns } from '../../../../src-renderer/ui/list/visible-columns.ts';

const columns = [
  { key: 'select', minWidth: 36 },
  { key: 'short', minWidth: 180 },
  { key: 'clicks', minWidth: 110, hideOrder: 2 },
  { key: 'status', minWidth: 130 },
  { key: 'created', minWidth: 140, hideOrder: 1 },
  { key: 'actions', minWidth: 110 },
];
const keys = (width: number | null) => visibleColumns(columns, width).map((c) => c.key);

describe('visibleColumns', () => {
  it('shows every column while the table is unmeasured or wide enough', () => {
    expect(keys(null)).toEqual(['select', 'short', 'clicks', 'status', 'created', 'actions']);
    expect(keys(706)).toEqual(['select', 'short', 'clicks', 'status', 'created', 'actions']);
  });
  it('drops optional columns in their hide order, one at a time, keeping the table order', () => {
    expect(keys(705)).toEqual(['select', 'short', 'clicks', 'status', 'actions']);
    expect(keys(566)).toEqual(['select', 'short', 'clicks', 'status', 'actions']);
    expect(keys(565)).toEqual(['select', 'short', 'status', 'actions']);
  });
  it('never drops a required column, however narrow', () => {
    expect(keys(10)).toEqual(['select', 'short', 'status', 'actions']);
  });
});
