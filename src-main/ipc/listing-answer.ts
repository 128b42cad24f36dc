// A listing's answer as it leaves main (#19): each page of rows as one text with heads
// (contract/listed-page.ts), made of rows cleaned of the keys main holds (#14). The text is what
// the window stores and hashes, so nothing may change it afterwards. A page's text shows every
// string of its rows, so one probe of it stands for the redaction's walk over ~25,000 strings;
// only a page it finds a key in (or cannot tell of) is walked, cleaned and made again.
import { listedPage, type ListEnvelope, type ListedPage } from '../../src-preload/contract/index.ts';
import { redactSecrets, textMayHoldSecret } from '../security/redact.ts';
import type { ListingBatch } from '../service/listing-streams.ts';

export function listingAnswer(batch: ListingBatch, secrets: readonly string[]): ListingBatch {
  const { pages, ...rest } = batch;
  return {
    ...redactSecrets(rest, secrets, { tokens: false }),
    pages: pages.map((page) =>
      'envelope' in page ? { page: page.page, listed: cleanListedPage(page.envelope, secrets) } : redactSecrets(page, secrets, { tokens: false }),
    ),
  };
}

function cleanListedPage(envelope: ListEnvelope<unknown>, secrets: readonly string[]): ListedPage {
  const listed = listedPage(envelope);
  return textMayHoldSecret(listed.text, secrets) ? listedPage(redactSecrets(envelope, secrets, { tokens: false })) : listed;
}
