import { memo } from 'react';
import { formatCount } from '../format.ts';
import { SelectField } from '../SelectField.tsx';
import { PAGE_SIZES, type PageSize, type PageWindow } from './paging.ts';
import { RowButton } from './RowControls.tsx';

export interface PagerProps {
  window: PageWindow;
  onPage: (page: number) => void;
  onPageSize: (size: PageSize) => void;
  /** What is counted, plural: "links". */
  noun: string;
}

const SIZE_OPTIONS = PAGE_SIZES.map((size) => ({ value: String(size), label: String(size) }));

/** Page navigation, page size and totals for a list. */
export function Pager({ window: w, onPage, onPageSize, noun }: PagerProps) {
  // Nothing to page: the list itself says why it is empty (not synced yet, nothing matches, none).
  if (w.total === 0) return null;
  return (
    <nav className="pager" aria-label={`${noun} pages`}>
      <span className="pager-total" role="status">
        {`${formatCount(w.start + 1)}–${formatCount(w.end)} of ${formatCount(w.total)} ${w.total === 1 ? singular(noun) : noun}`}
      </span>
      <PageSizeField pageSize={w.pageSize} onPageSize={onPageSize} />
      {/* Native buttons: the pager re-renders on every search keystroke that changes the count. */}
      <RowButton variant="secondary" onPress={() => onPage(1)} isDisabled={w.page <= 1} aria-label="First page">
        «
      </RowButton>
      <RowButton variant="secondary" onPress={() => onPage(w.page - 1)} isDisabled={w.page <= 1} aria-label="Previous page">
        ‹
      </RowButton>
      <span className="pager-page">
        Page {w.page} of {w.totalPages}
      </span>
      <RowButton variant="secondary" onPress={() => onPage(w.page + 1)} isDisabled={w.page >= w.totalPages} aria-label="Next page">
        ›
      </RowButton>
      <RowButton variant="secondary" onPress={() => onPage(w.totalPages)} isDisabled={w.page >= w.totalPages} aria-label="Last page">
        »
      </RowButton>
    </nav>
  );
}

/** The page-size select only changes with the size, not with the count. */
const PageSizeField = memo(function PageSizeField({ pageSize, onPageSize }: { pageSize: PageSize; onPageSize: (size: PageSize) => void }) {
  return (
    <SelectField
      label="Per page"
      className="pager-size"
      value={String(pageSize)}
      options={SIZE_OPTIONS}
      onChange={(value) => onPageSize(Number(value) as PageSize)}
    />
  );
});

/** "links" → "link": the nouns lists use are regular plurals. */
function singular(noun: string): string {
  return noun.endsWith('s') ? noun.slice(0, -1) : noun;
}
