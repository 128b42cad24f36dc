// A page of rows as one JSON text (how the mirror stores a page of links) with where each row ends
// in it: one row is then read by parsing its own few hundred characters, not the page's 800 KB — a
// screen or an edit reads rows one at a time, and rows on screen after a search sit on as many
// pages as rows. The text is exactly JSON.stringify(rows), so its hash is the listing's. Main
// makes it of each page it hands over for a listing (listed-page.ts); the window of a page it
// decoded itself.

export interface PageText {
  text: string;
  /** Row i's JSON is text.slice(i === 0 ? 1 : ends[i - 1] + 1, ends[i]). */
  ends: number[];
}

export function pageText(rows: readonly unknown[]): PageText {
  // Appended piece by piece (V8 joins the pieces once, when the text is first read): a tenth
  // faster than joining an array of them, hash included.
  let text = '[';
  const ends: number[] = [];
  for (let i = 0; i < rows.length; i++) {
    if (i > 0) text += ',';
    text += JSON.stringify(rows[i]);
    ends.push(text.length);
  }
  return { text: `${text}]`, ends };
}

/** Row `index` of a page text, parsed alone. */
export function rowOfText(page: PageText, index: number): unknown {
  const start = index === 0 ? 1 : page.ends[index - 1]! + 1;
  return JSON.parse(page.text.slice(start, page.ends[index])) as unknown;
}
