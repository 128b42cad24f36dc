// What the list's search reads instead of the entries. First a coarse filter: for each letter, digit and URL sign, and for each
// adjacent pair of them (hashed into a few hundred buckets), one bit per link saying whether its
// lower-cased alias or destination holds it. A keystroke ANDs the needle's buckets (a few thousand
// word operations) and only the links left are checked with a substring search, instead of
// 100,000 of them. A one-letter needle, or a two-letter one whose bucket only ever saw that pair,
// needs no check at all. Then, per link, its alias's length and whether it was deleted here: the
// walk of a sort order reads these compact arrays, not 100,000 objects scattered over the heap.
// And the links' text as bytes, for the check of one typed letter. ~10 MiB of typed arrays at
// 100,000 links, outside the JS heap.
import type { LinkEntry } from './link-index.ts';

/** Own classes: a–z, 0–9 and the signs URLs are made of; every other character shares the rest. */
const OWN = 'abcdefghijklmnopqrstuvwxyz0123456789/.-_?=&:%#~+';
const CLASSES = 64;
const SHARED = OWN.length;
const PAIR_BUCKETS = 256;
const BUCKETS = CLASSES + PAIR_BUCKETS;
/** A pair bucket no pair reached yet, and one that several different pairs reached. */
const UNSEEN = -1;
const MIXED = -2;

const CLASS_OF = new Uint8Array(128).map((_, code) => {
  const own = OWN.indexOf(String.fromCharCode(code));
  return own >= 0 ? own : SHARED + (code % (CLASSES - SHARED));
});

const classOf = (code: number): number => (code < 128 ? (CLASS_OF[code] as number) : SHARED + (code % (CLASSES - SHARED)));
const pairBucket = (a: number, b: number): number => CLASSES + (Math.imul(a * CLASSES + b, 0x9e3779b1) >>> 24);
const pairCode = (a: number, b: number): number => a * 65536 + b;

export interface SearchGrams {
  /** Links covered (the index's entries, by position). */
  size: number;
  /** Per position: the alias's length, capped (an exact alias is looked at only when the length fits). */
  aliasLength: Uint16Array;
  /** Per position: 1 when deleted here; null when no link is. */
  deleted: Uint8Array | null;
  /**
   * Every link's lower-cased alias and destination, each followed by a line break, one byte per
   * UTF-16 unit (0 for a unit past Latin-1): one byte tells whether the next typed letter follows
   * where the shorter needle was, without reading the link's strings.
   */
  text: Uint8Array;
  /** Per position: where its alias and its destination start in `text`. */
  aliasStart: Int32Array;
  destinationStart: Int32Array;
  /** 32-bit words per bucket. */
  words: number;
  /** BUCKETS bitsets of `words` words, one after the other. */
  bits: Uint32Array;
  /** Per pair bucket: the one character pair (two UTF-16 codes) that reached it, or UNSEEN / MIXED. */
  pairs: Int32Array;
}

export function buildGrams(entries: readonly LinkEntry[]): SearchGrams {
  const size = entries.length;
  const words = (size + 31) >>> 5;
  const bits = new Uint32Array(BUCKETS * words);
  const pairs = new Int32Array(PAIR_BUCKETS).fill(UNSEEN);
  const add = (text: string, word: number, bit: number) => {
    let previous = -1;
    let previousClass = 0;
    for (let j = 0; j < text.length; j++) {
      const code = text.charCodeAt(j);
      const cls = classOf(code);
      bits[cls * words + word]! |= bit;
      if (previous >= 0) {
        const bucket = pairBucket(previousClass, cls);
        bits[bucket * words + word]! |= bit;
        const seen = pairs[bucket - CLASSES] as number;
        const pair = pairCode(previous, code);
        if (seen === UNSEEN) pairs[bucket - CLASSES] = pair;
        else if (seen !== pair) pairs[bucket - CLASSES] = MIXED;
      }
      previous = code;
      previousClass = cls;
    }
  };
  const aliasLength = new Uint16Array(size);
  let deleted: Uint8Array | null = null;
  let length = 0;
  for (const entry of entries) length += entry.aliasLower.length + entry.destinationLower.length + 2;
  const text = new Uint8Array(length);
  const aliasStart = new Int32Array(size);
  const destinationStart = new Int32Array(size);
  let at = 0;
  const copy = (value: string) => {
    for (let j = 0; j < value.length; j++) {
      const code = value.charCodeAt(j);
      text[at++] = code < 256 ? code : 0;
    }
    text[at++] = 10;
  };
  for (let i = 0; i < size; i++) {
    const entry = entries[i] as LinkEntry;
    add(entry.aliasLower, i >>> 5, 1 << (i & 31));
    add(entry.destinationLower, i >>> 5, 1 << (i & 31));
    aliasLength[i] = Math.min(entry.aliasLower.length, 0xffff);
    if (entry.deletedLocally) (deleted ??= new Uint8Array(size))[i] = 1;
    aliasStart[i] = at;
    copy(entry.aliasLower);
    destinationStart[i] = at;
    copy(entry.destinationLower);
  }
  return { size, words, bits, pairs, aliasLength, deleted, text, aliasStart, destinationStart };
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
  let previousClass = 0;
  for (let j = 0; j < needle.length; j++) {
    const code = needle.charCodeAt(j);
    const cls = classOf(code);
    if (cls >= SHARED) exact = false;
    and(cls);
    if (previous >= 0) {
      const bucket = pairBucket(previousClass, cls);
      if (grams.pairs[bucket - CLASSES] !== pairCode(previous, code)) exact = false;
      and(bucket);
    }
    previous = code;
    previousClass = cls;
  }
  return { bits: out, exact };
}

export const hasBit = (bits: Uint32Array, i: number): boolean => ((bits[i >>> 5] as number) & (1 << (i & 31))) !== 0;
