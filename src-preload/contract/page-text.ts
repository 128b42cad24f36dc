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
  const parts: string[] = [];
  const ends: number[] = [];
  let at = 1; // after '['
  for (let i = 0; i < rows.length; i++) {
    const part = JSON.stringify(rows[i]);
    if (i > 0) at += 1; // the ','
    at += part.length;
    parts.push(part);
    ends.push(at);
  }
  return { text: `[${parts.join(',')}]`, ends };
}
