// Every bound on what a call may carry, in one place. Main checks each call's input against the
// contract before anything runs; a window (or a compromised one) must not be able to make it walk,
// store or send an unbounded string or list. Each bound sits far above any real use, so only a
// runaway or hostile caller meets it, and it gets a plain "too long" / "too many" naming the field.
// test/preload/contract/input-bounds.test.ts walks every call's input: each string and list has one.
import { BULK_LOCATION_URLS_MAX_CHARS, MAX_UPLOAD_BYTES } from './api-rules.ts';

export const INPUT_BOUNDS = {
  // ---- links, domains and notification handlers (the service's fields) ----
  /** A URL typed or pasted (destination, expiration, webhook, domain pages): what browsers and servers handle. */
  url: 2048,
  /** An alias: one path segment people type. */
  alias: 256,
  /** Pixels or report handlers on one link (pixels_ids, email_reports): accounts have tens; a service shows them all on one page. */
  linkServerIds: 1000,
  /** Targeting rules of one kind on a link. */
  targetingRules: 100,
  /** What a targeting rule matches (a country, city, language, weight…). */
  targetingKey: 512,
  /** A link's short texts: UTM tags, cloaking title, password; a handler's name and Telegram fields. */
  shortText: 256,
  /** A cloaking page's description. */
  description: 1024,
  /** A cloaking page's custom script. */
  customScript: 10_000,
  /** A picked file's name and media type. */
  fileName: 255,
  /** A picked file's bytes (the service's own limit, api-rules.ts). */
  uploadBytes: MAX_UPLOAD_BYTES,
  /** A bulk create's destinations, one a line (the service's own limit, api-rules.ts). */
  bulkUrlsChars: BULK_LOCATION_URLS_MAX_CHARS,
  /** A service date and time (`YYYY-MM-DD HH:MM:SS`). */
  serviceDatetime: 19,
  /** A day (`YYYY-MM-DD`). */
  isoDate: 10,
  /** A host name (DNS). */
  host: 253,
  /** An e-mail address (RFC 5321's path limit). */
  email: 320,
  /** A WhatsApp number as typed (the pattern allows 32 characters of digits, spaces and punctuation). */
  phone: 32,

  // ---- workspaces and keys ----
  /** A workspace's id (main makes them; UUIDs are 36 characters). */
  workspaceId: 64,
  workspaceName: 100,
  /** A service's base URL. */
  baseUrl: 2048,
  /** An API key as pasted. */
  apiKey: 4096,

  // ---- listings main reads for the window ----
  /** A listing's name (main makes them: 18 random bytes, 24 characters). */
  listingId: 64,
  /** Pages one listing may ask for, and pages the window may say it holds: 2,000,000 links at 1,000 a page. */
  listingPages: 2000,
  /** A page number. */
  pageNumber: 1_000_000,
  /** A page's hash as the window sends it (page-hash.ts: two 32-bit numbers in hex and a length, under 30 characters). */
  pageHash: 64,

  // ---- the desktop and the page's own calls ----
  /** An address handed to the system browser. */
  externalUrl: 8192,
  /** Text put on the clipboard. */
  clipboardText: 100_000,
  /** A line for main's log (main cuts a line at 4,000 characters anyway). */
  logMessage: 4000,
  /** A shorten request's id (main makes UUIDs). */
  requestId: 64,
  /** A sync problem's notification: its title and its body. */
  noticeTitle: 200,
  noticeBody: 1000,
  /** A global shortcut as Electron writes it. */
  shortcut: 100,
  /** The tray's links: an id (the mirror's client id), a label; how many recent and pinned, and domains offered. */
  trayLinkId: 64,
  trayLabel: 200,
  trayRecent: 10,
  trayPinned: 50,
  trayDomains: 200,
  /** A domain's scheme (`https`). */
  scheme: 16,
} as const;
