// One row of a page kept as its text (contract/page-text.ts), parsed alone.
import type { Link, PageText } from '../../../src-preload/contract/index.ts';

/** Row `index` of a page text, parsed alone. */
export function rowOfText(page: PageText, index: number): Link {
  const start = index === 0 ? 1 : page.ends[index - 1]! + 1;
  return JSON.parse(page.text.slice(start, page.ends[index])) as Link;
}
