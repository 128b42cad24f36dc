// What the list's search reads instead of the entries. First a coarse filter: for each letter,
// digit and URL sign, and for each adjacent pair of them (the most frequent pairs a bucket each, the
// others hashed into shared ones), one bit per link saying whether its lower-cased alias or
// destination holds it. A keystroke ANDs the needle's buckets (a few thousand word operations) and
// only the links left are checked with a substring search, instead of 100,000 of them. A one-letter
// needle, or a two-letter one whose bucket only ever held that pair, needs no check at all. Then,
// per link, its alias's length and whether it was deleted here: the walk of a sort order reads
// these compact arrays, not 100,000 objects scattered over the heap. And the links' text as bytes,
// for the check of one typed letter. ~11 MiB of typed arrays at 100,000 links (ArrayBuffer
// contents, which performance.memory counts in the JS heap).
/** What the grams are made of, of each link (link-index.ts's entries have it). */
export interface SearchableLink {
  aliasLower: string;
  destinationLower: string;
  deletedLocally: boolean;
}

/** Own classes: a–z, 0–9 and the signs URLs are made of; every other character shares the rest. */
const OWN = 'abcdefghijklmnopqrstuvwxyz0123456789/.-_?=&:%#~+';
const CLASSES = 64;
const SHARED = OWN.length;
/** Pair buckets: the most frequent ASCII pairs of the links each get one of their own (exact); the rest share hashed ones. */
const OWN_PAIRS = 192;
const SHARED_PAIRS = 64;
const BUCKETS = CLASSES + OWN_PAIRS + SHARED_PAIRS;
/** A shared pair bucket no pair reached yet, and one that several different pairs reached. */
const UNSEEN = -1;
const MIXED = -2;
const LINE_BREAK = 10;

const CLASS_OF = new Uint8Array(256).map((_, code) => {
  const own = OWN.indexOf(String.fromCharCode(code));
  return own >= 0 ? own : SHARED + (code % (CLASSES - SHARED));
});

/** The byte kept for a UTF-16 unit: itself up to Latin-1, 0 past it (0 is never an exact gram). */
const byteOf = (code: number): number => (code < 256 ? code : 0);
const isAsciiPair = (a: number, b: number): boolean => a > 0 && b > 0 && a < 128 && b < 128;
const sharedPair = (a: number, b: number): number => CLASSES + OWN_PAIRS + (Math.imul(a * 256 + b, 0x9e3779b1) >>> 26);

export interface SearchGrams {
  /** Links covered (the index's entries, by position). */
  size: number;
  /** Per position: the alias's length, capped (an exact alias is looked at only when the length fits). */
  aliasLength: Uint16Array;
  /** Per position: 1 when deleted here; null when no link is. */
  deleted: Uint8Array | null;
  /**
   * Every link's lower-cased alias and destination, each followed by a line break, one byte per
   * UTF-16 unit (see `byteOf`): one byte tells whether the next typed letter follows where the
   * shorter needle was, without reading the link's strings.
   */
  text: Uint8Array;
  /** Per position: where its alias and its destination start in `text`. */
  aliasStart: Int32Array;
  destinationStart: Int32Array;
  /** 32-bit words per bucket. */
  words: number;
  /** BUCKETS bitsets of `words` words, one after the other. */
  bits: Uint32Array;
  /** Per ASCII pair (a × 128 + b): its own bucket, or -1 (it shares one). */
  ownPair: Int16Array;
  /** Per shared pair bucket: the one byte pair (a × 256 + b) that reached it, or UNSEEN / MIXED. */
  sharedPairs: Int32Array;
}

/** Links a slice of the building handles before it may pause (a few ms of work). */
const GRAM_SLICE = 10_000;
/** Bytes of the links' text a slice counts pairs in (about as long a slice). */
const GRAM_TEXT_SLICE = 500_000;

/**
 * Builds under way (or done) per entries array: a search that needs the grams finishes the build
 * the idle time started, instead of starting over while it runs.
 */
const builds = new WeakMap<readonly SearchableLink[], { steps: Generator<void, SearchGrams>; grams?: SearchGrams }>();

function buildOf(entries: readonly SearchableLink[]): { steps: Generator<void, SearchGrams>; grams?: SearchGrams } {
  let build = builds.get(entries);
  if (!build) builds.set(entries, (build = { steps: gramSteps(entries) }));
  return build;
}

/** One slice more of the build; true once it is done. */
function advance(build: { steps: Generator<void, SearchGrams>; grams?: SearchGrams }): boolean {
  if (build.grams) return true;
  const step = build.steps.next();
  if (step.done) build.grams = step.value;
  return step.done === true;
}

export function buildGrams(entries: readonly SearchableLink[]): SearchGrams {
  const build = buildOf(entries);
  while (!advance(build));
  return build.grams!;
}

/**
 * `buildGrams` with `pause` awaited between slices: 100,000 links' grams are otherwise one task
 * long enough to hold up a keystroke. Null when `stillWanted` says the index was replaced meanwhile.
 */
export async function buildGramsInSlices(
  entries: readonly SearchableLink[],
  pause: () => Promise<void>,
  stillWanted: () => boolean,
): Promise<SearchGrams | null> {
  const build = buildOf(entries);
  while (!advance(build)) {
    await pause();
    if (!stillWanted()) return null;
  }
  return build.grams!;
}

/** The building, yielding after each slice of links (once through the text, once through the bits). */
function* gramSteps(entries: readonly SearchableLink[]): Generator<void, SearchGrams> {
  const size = entries.length;
  const words = (size + 31) >>> 5;
  // The links' text as bytes, alias and destination each ended by a line break.
  const aliasLength = new Uint16Array(size);
  let deleted: Uint8Array | null = null;
  let length = 0;
  for (const entry of entries) length += entry.aliasLower.length + entry.destinationLower.length + 2;
  const text = new Uint8Array(length);
  const aliasStart = new Int32Array(size);
  const destinationStart = new Int32Array(size);
  yield;
  let at = 0;
  const copy = (value: string) => {
    for (let j = 0; j < value.length; j++) text[at++] = byteOf(value.charCodeAt(j));
    text[at++] = LINE_BREAK;
  };
  for (let i = 0; i < size; i++) {
    if (i > 0 && i % GRAM_SLICE === 0) yield;
    const entry = entries[i] as SearchableLink;
    aliasLength[i] = Math.min(entry.aliasLower.length, 0xffff);
    if (entry.deletedLocally) (deleted ??= new Uint8Array(size))[i] = 1;
    aliasStart[i] = at;
    copy(entry.aliasLower);
    destinationStart[i] = at;
    copy(entry.destinationLower);
  }
  // The most frequent ASCII pairs get buckets of their own.
  const counts = new Int32Array(128 * 128);
  for (let j = 1; j < length; j++) {
    // The pass over every byte (5 MB at 100,000 links) is sliced too: whole, it was the pull's longest task.
    if (j % GRAM_TEXT_SLICE === 0) yield;
    const a = text[j - 1] as number;
    const b = text[j] as number;
    if (isAsciiPair(a, b) && a !== LINE_BREAK && b !== LINE_BREAK) counts[a * 128 + b]!++;
  }
  const ownPair = new Int16Array(128 * 128).fill(-1);
  const ranked = Array.from(counts.keys())
    .filter((pair) => (counts[pair] as number) > 0)
    .sort((x, y) => (counts[y] as number) - (counts[x] as number));
  ranked.slice(0, OWN_PAIRS).forEach((pair, k) => (ownPair[pair] = k));
  yield;
  // One bit per link in the bucket of each letter and pair it holds.
  const bits = new Uint32Array(BUCKETS * words);
  const sharedPairs = new Int32Array(SHARED_PAIRS).fill(UNSEEN);
  for (let i = 0; i < size; i++) {
    if (i > 0 && i % GRAM_SLICE === 0) yield;
    const word = i >>> 5;
    const bit = 1 << (i & 31);
    const end = i + 1 < size ? (aliasStart[i + 1] as number) : length;
    let previous = LINE_BREAK;
    for (let j = aliasStart[i] as number; j < end; j++) {
      const code = text[j] as number;
      if (code !== LINE_BREAK) {
        bits[(CLASS_OF[code] as number) * words + word]! |= bit;
        if (previous !== LINE_BREAK) {
          const own = isAsciiPair(previous, code) ? (ownPair[previous * 128 + code] as number) : -1;
          if (own >= 0) bits[(CLASSES + own) * words + word]! |= bit;
          else {
            const bucket = sharedPair(previous, code);
            bits[bucket * words + word]! |= bit;
            const slot = bucket - CLASSES - OWN_PAIRS;
            const seen = sharedPairs[slot] as number;
            // A byte of 0 stands for many characters: never exact.
            const pair = previous === 0 || code === 0 ? MIXED : previous * 256 + code;
            if (seen === UNSEEN) sharedPairs[slot] = pair;
            else if (seen !== pair) sharedPairs[slot] = MIXED;
          }
        }
      }
      previous = code;
    }
  }
  return { size, words, bits, ownPair, sharedPairs, aliasLength, deleted, text, aliasStart, destinationStart };
}

export interface Candidates {
  /** Bit i set: link i may hold the needle (every gram of it is there). */
  bits: Uint32Array;
  /** The bits are the answer: no substring check needed. */
  exact: boolean;
}

/** The links that may hold `needle` (lower-cased, not empty). */
export function candidates(grams: SearchGrams, needle: string): Candidates {
  const { words, bits } = grams;
  const out = new Uint32Array(words);
  let first = true;
  let exact = needle.length <= 2;
  const and = (bucket: number) => {
    const from = bucket * words;
    if (first) out.set(bits.subarray(from, from + words));
    else for (let w = 0; w < words; w++) out[w]! &= bits[from + w] as number;
    first = false;
  };
  let previous = -1;
  for (let j = 0; j < needle.length; j++) {
    const code = byteOf(needle.charCodeAt(j));
    const cls = CLASS_OF[code] as number;
    if (cls >= SHARED) exact = false;
    and(cls);
    if (previous >= 0) {
      const own = isAsciiPair(previous, code) ? (grams.ownPair[previous * 128 + code] as number) : -1;
      if (own >= 0) and(CLASSES + own);
      else {
        const bucket = sharedPair(previous, code);
        if (previous === 0 || code === 0 || grams.sharedPairs[bucket - CLASSES - OWN_PAIRS] !== previous * 256 + code) exact = false;
        and(bucket);
      }
    }
    previous = code;
  }
  return { bits: out, exact };
}

export const hasBit = (bits: Uint32Array, i: number): boolean => ((bits[i >>> 5] as number) & (1 << (i & 31))) !== 0;
