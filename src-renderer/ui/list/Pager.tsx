import { Button } from '../Button.tsx';
import { SelectField } from '../SelectField.tsx';
import { PAGE_SIZES, type PageSize, type PageWindow } from './paging.ts';

export interface PagerProps {
  window: PageWindow;
  onPage: (page: number) => void;
  onPageSize: (size: PageSize) => void;
  /** What is counted, plural: "links". */
  noun: string;
}

/** Page navigation, page size and totals for a list. */
export function Pager({ window: w, onPage, onPageSize, noun }: PagerProps) {
  return (
    <nav className="pager" aria-label={`${noun} pages`}>
      <span className="pager-total" role="status">
        {w.total === 0
          ? `No ${noun}`
          : `${(w.start + 1).toLocaleString()}–${w.end.toLocaleString()} of ${w.total.toLocaleString()} ${w.total === 1 ? singular(noun) : noun}`}
      </span>
      <SelectField
        label="Per page"
        className="pager-size"
        value={String(w.pageSize)}
        options={PAGE_SIZES.map((size) => ({ value: String(size), label: String(size) }))}
        onChange={(value) => onPageSize(Number(value) as PageSize)}
      />
      <Button size="small" onPress={() => onPage(1)} isDisabled={w.page <= 1} aria-label="First page">
        «
      </Button>
      <Button size="small" onPress={() => onPage(w.page - 1)} isDisabled={w.page <= 1} aria-label="Previous page">
        ‹
      </Button>
      <span className="pager-page">
        Page {w.page} of {w.totalPages}
      </span>
      <Button size="small" onPress={() => onPage(w.page + 1)} isDisabled={w.page >= w.totalPages} aria-label="Next page">
        ›
      </Button>
      <Button size="small" onPress={() => onPage(w.totalPages)} isDisabled={w.page >= w.totalPages} aria-label="Last page">
        »
      </Button>
    </nav>
  );
}

/** "links" → "link": the nouns lists use are regular plurals. */
function singular(noun: string): string {
  return noun.endsWith('s') ? noun.slice(0, -1) : noun;
}
