// A listing's answer as it leaves main (#19): each page of rows as one text with heads
// (contract/listed-page.ts), made of rows cleaned of the keys main holds (#14); a failure's text
// cleaned of bearer tokens too, as every call's error is. A page's text is what the window stores
// and hashes, so nothing may change it afterwards. It shows every string of its rows, so one probe
// of it stands for the redaction's walk over ~25,000 strings; only a page it finds a key in (or
// cannot tell of) is walked, cleaned and made again.
import { listedPage, type ListEnvelope, type ListedPage } from '../../src-preload/contract/index.ts';
import { redactSecrets, textMayHoldSecret } from '../security/redact.ts';
import type { ListingBatch } from '../service/listing-streams.ts';

export function listingAnswer(batch: ListingBatch, secrets: readonly string[]): ListingBatch {
  const { pages, ...rest } = batch;
  return {
    // The rest is main's own (done, a failure's error text): cleaned like every other call's
    // answer, of any bearer token too. Only the rows are the service's data, spared that.
    ...redactSecrets(rest, secrets),
    pages: pages.map((page) => {
      if ('envelope' in page) return { page: page.page, listed: cleanListedPage(page.envelope, secrets) };
      // A text made before this point could not be cleaned without breaking where its rows end.
      if ('listed' in page) throw new Error('A listing page came as text before its rows were cleaned.');
      return redactSecrets(page, secrets, { tokens: false });
    }),
  };
}

function cleanListedPage(envelope: ListEnvelope<unknown>, secrets: readonly string[]): ListedPage {
  const listed = listedPage(envelope);
  return textMayHoldSecret(listed.text, secrets) ? listedPage(redactSecrets(envelope, secrets, { tokens: false })) : listed;
}
