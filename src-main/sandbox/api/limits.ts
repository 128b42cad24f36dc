// Size limits of the sandbox's API (the document states none; these are documented in docs/sandbox.md).
import { BULK_CREATE_MAX_LINKS, MAX_UPLOAD_BYTES } from '../../../src-preload/contract/api-rules.ts';

const MIB = 1024 * 1024;

export const LIMITS = {
  /** One text field: location_urls may hold 1,000,000 characters (the contract's bound), plus room. */
  fieldBytes: 1 * MIB + 64 * 1024,
  /** One uploaded file. */
  fileBytes: MAX_UPLOAD_BYTES,
  files: 2,
  fields: 2_000,
  parts: 2_100,
  /** The whole request: two files and the fields. Counted as it arrives, chunked bodies too. */
  requestBytes: 2 * MAX_UPLOAD_BYTES + 2 * MIB,
  /**
   * The link pages' forms (password, sensitive-content consent), open to anonymous visitors: a
   * password of the contract's 256 characters, percent-encoded (up to 9 bytes each), and a token.
   */
  formBytes: 8 * 1024,
  /** Links made by one bulk create. */
  bulkLinks: BULK_CREATE_MAX_LINKS,
} as const;
