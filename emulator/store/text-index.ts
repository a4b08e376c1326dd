/**
 * The index behind free-text `q` (a regular expression per field per row is far too slow at the
 * `large` preset's million messages; docs/bench.md has the figure): every row's fields case-folded and cut into words and the
 * separator runs between them; each word lists the rows that hold it, and each pair of adjacent
 * words with the exact run between them (a biword, as search engines answer phrases) lists the
 * rows that hold the pair in one field. Lists are bitmaps or sorted ordinals (row-set.ts).
 *
 * Identical results by construction. `q` matches a field when the field contains the text
 * ignoring case, which the list layer tests with a case-insensitive regular expression without
 * the `u` flag; such an expression compares code units after the ECMAScript Canonicalize step,
 * which `fold` applies exactly (it never turns a non-ASCII unit into an ASCII one, so words end
 * at the same places in the text and in its folding). A word is a longest run of code units that
 * are not ASCII punctuation or space. A search is pieces (words) between separator runs:
 *   - one piece and no separator lies inside one word: exactly the rows of the words holding it;
 *   - two pieces joined by a run `s`, nothing before or after: exactly the rows with a pair
 *     (a word ending in the first, `s`, a word starting with the second);
 *   - anything else (a leading or trailing run, three or more pieces): the rows meeting every
 *     such necessary condition are candidates, each checked by folding its fields.
 * A search of separators only is left to the scan.
 */

import {
  andInto,
  bitmapWords,
  countBits,
  ordinalsOf,
  orInto,
  PostingsBuilder,
  postingsBytes,
  type Postings,
} from './row-set';

let canonical: Uint16Array | undefined;

/** The Canonicalize step of a case-insensitive, non-unicode regular expression, per code unit. */
function canonicalTable(): Uint16Array {
  if (canonical) return canonical;
  const table = new Uint16Array(0x10000);
  for (let unit = 0; unit < 0x10000; unit++) {
    const ch = String.fromCharCode(unit);
    const upper = ch.toUpperCase();
    table[unit] = upper.length !== 1 || (unit >= 128 && upper.charCodeAt(0) < 128) ? unit : upper.charCodeAt(0);
  }
  canonical = table;
  return table;
}

const ASCII_ONLY = /^[\x00-\x7f]*$/;

/** The text as a case-insensitive regular expression compares it. */
export function fold(text: string): string {
  // ASCII upper-casing is the Canonicalize step exactly, and far faster than a table walk.
  if (ASCII_ONLY.test(text)) return text.toUpperCase();
  const table = canonicalTable();
  const units = new Uint16Array(text.length);
  for (let i = 0; i < text.length; i++) units[i] = table[text.charCodeAt(i)]!;
  let folded = '';
  // fromCharCode takes arguments: go in slices that stay under the engine's argument limit.
  for (let i = 0; i < units.length; i += 8_192) folded += String.fromCharCode(...units.subarray(i, i + 8_192));
  return folded;
}

/** ASCII units that end a word: everything ASCII but letters and digits. */
function isSeparator(unit: number): boolean {
  return unit < 128 && !((unit >= 48 && unit <= 57) || (unit >= 65 && unit <= 90) || (unit >= 97 && unit <= 122));
}

/** A folded text cut into its words and the separator runs around them (one more run than words). */
function tokens(folded: string): { words: string[]; runs: string[] } {
  const words: string[] = [];
  const runs: string[] = [];
  let runStart = 0;
  let wordStart = -1;
  for (let i = 0; i <= folded.length; i++) {
    if (i === folded.length || isSeparator(folded.charCodeAt(i))) {
      if (wordStart >= 0) {
        words.push(folded.slice(wordStart, i));
        runStart = i;
        wordStart = -1;
      }
    } else if (wordStart < 0) {
      runs.push(folded.slice(runStart, i));
      wordStart = i;
    }
  }
  runs.push(folded.slice(runStart));
  return { words, runs };
}

/** Which words a piece may lie in: inside, at the end, at the start, or the whole word. */
function wordTest(piece: string, startsWord: boolean, endsWord: boolean): (word: string) => boolean {
  if (startsWord && endsWord) return (word) => word === piece;
  if (startsWord) return (word) => word.startsWith(piece);
  if (endsWord) return (word) => word.endsWith(piece);
  return (word) => word.includes(piece);
}

/** Pair keys: the two word ids in one number (exact below 2^53). */
const PAIR_STRIDE = 2 ** 26;

interface Built<Row> {
  rows: Row[];
  /** Word id -> the folded word, and the rows holding it. */
  words: string[];
  wordRows: Postings[];
  /** Separator run -> id. */
  runIds: Map<string, number>;
  /** Run id -> (first word id * PAIR_STRIDE + second word id) -> rows holding the pair. */
  pairs: Map<number, Map<number, Postings>>;
}

/** The rows a search found: how many, and each of them in table order. */
export interface TextMatches<Row> extends Iterable<Row> {
  readonly size: number;
}

export interface TextIndexStats {
  rows: number;
  words: number;
  pairs: number;
  /** Bytes of the posting lists (bitmaps and ordinal lists), the bulk of the index. */
  postingBytes: number;
}

export class TextIndex<Row> {
  private built: Built<Row> | null = null;

  constructor(
    private readonly fields: readonly (keyof Row & string)[],
    private readonly source: () => Iterable<Row>,
  ) {}

  /** A change to a row or to one of the fields: rebuilt on the next search. */
  invalidate(): void {
    this.built = null;
  }

  /** Whether a change to these fields changes the index. */
  reads(fields: readonly string[]): boolean {
    return fields.some((field) => (this.fields as readonly string[]).includes(field));
  }

  covers(fields: readonly string[]): boolean {
    return fields.length === this.fields.length && fields.every((field, i) => field === this.fields[i]);
  }

  /** The rows where any field contains `text` ignoring case; null when the index cannot say. */
  search(text: string): TextMatches<Row> | null {
    const needle = fold(text);
    const { words: pieces, runs } = tokens(needle);
    if (pieces.length === 0) return null;
    const built = this.build();
    const leading = runs[0] !== '';
    const trailing = runs[pieces.length] !== '';
    let found: Uint32Array;
    if (pieces.length === 1) {
      found = this.wordRows(built, wordTest(pieces[0]!, leading, trailing));
    } else {
      found = this.pairRows(
        built,
        runs[1]!,
        wordTest(pieces[0]!, leading, true),
        wordTest(pieces[1]!, true, pieces.length > 2 || trailing),
      );
      for (let i = 1; i + 1 < pieces.length; i++) {
        andInto(
          found,
          this.pairRows(
            built,
            runs[i + 1]!,
            wordTest(pieces[i]!, true, true),
            wordTest(pieces[i + 1]!, true, i + 2 < pieces.length || trailing),
          ),
        );
      }
    }
    const exact = !leading && !trailing && pieces.length <= 2;
    if (!exact) {
      for (const ordinal of ordinalsOf(found)) {
        if (!this.holds(built.rows[ordinal]!, needle)) found[ordinal >>> 5]! &= ~(1 << (ordinal & 31));
      }
    }
    const { rows } = built;
    return {
      size: countBits(found),
      *[Symbol.iterator]() {
        for (const ordinal of ordinalsOf(found)) yield rows[ordinal]!;
      },
    };
  }

  /** The index's size once built (built now if it is not). */
  stats(): TextIndexStats {
    const built = this.build();
    let postingBytes = 0;
    let pairs = 0;
    for (const postings of built.wordRows) postingBytes += postingsBytes(postings);
    for (const group of built.pairs.values()) {
      pairs += group.size;
      for (const postings of group.values()) postingBytes += postingsBytes(postings);
    }
    return { rows: built.rows.length, words: built.words.length, pairs, postingBytes };
  }

  /** Rows holding a word that passes the test. */
  private wordRows(built: Built<Row>, test: (word: string) => boolean): Uint32Array {
    const found = new Uint32Array(bitmapWords(built.rows.length));
    built.words.forEach((word, id) => {
      if (test(word)) orInto(found, built.wordRows[id]!);
    });
    return found;
  }

  /** Rows holding, in one field, a word passing `first`, then exactly `run`, then a word passing `second`. */
  private pairRows(
    built: Built<Row>,
    run: string,
    first: (word: string) => boolean,
    second: (word: string) => boolean,
  ): Uint32Array {
    const found = new Uint32Array(bitmapWords(built.rows.length));
    const runId = built.runIds.get(run);
    const group = runId === undefined ? undefined : built.pairs.get(runId);
    if (!group) return found;
    const firsts = built.words.map(first);
    const seconds = built.words.map(second);
    for (const [key, postings] of group) {
      if (firsts[Math.floor(key / PAIR_STRIDE)] && seconds[key % PAIR_STRIDE]) orInto(found, postings);
    }
    return found;
  }

  /** A candidate's check: a folded field contains the folded search (what the regex tests). */
  private holds(row: Row, needle: string): boolean {
    for (const field of this.fields) {
      const value = row[field];
      if (typeof value === 'string' && fold(value).includes(needle)) return true;
    }
    return false;
  }

  private build(): Built<Row> {
    if (this.built) return this.built;
    const rows = [...this.source()];
    const wordIds = new Map<string, number>();
    const words: string[] = [];
    const wordLists: PostingsBuilder[] = [];
    const runIds = new Map<string, number>();
    // Run id -> first word id -> second word id -> rows: small-integer keys all the way.
    const pairLists = new Map<number, Map<number, Map<number, PostingsBuilder>>>();
    for (let ordinal = 0; ordinal < rows.length; ordinal++) {
      const row = rows[ordinal]!;
      for (const field of this.fields) {
        const value = row[field];
        if (typeof value !== 'string') continue;
        const cut = tokens(fold(value));
        let previous = -1;
        for (let i = 0; i < cut.words.length; i++) {
          const word = cut.words[i]!;
          let id = wordIds.get(word);
          if (id === undefined) {
            id = words.length;
            if (id >= PAIR_STRIDE) throw new Error('text index: too many distinct words');
            wordIds.set(word, id);
            words.push(word);
            wordLists.push(new PostingsBuilder(rows.length));
          }
          wordLists[id]!.add(ordinal);
          if (previous >= 0) {
            const run = cut.runs[i]!;
            let runId = runIds.get(run);
            if (runId === undefined) {
              runId = runIds.size;
              runIds.set(run, runId);
              pairLists.set(runId, new Map());
            }
            const byFirst = pairLists.get(runId)!;
            let bySecond = byFirst.get(previous);
            if (!bySecond) byFirst.set(previous, (bySecond = new Map()));
            let list = bySecond.get(id);
            if (!list) bySecond.set(id, (list = new PostingsBuilder(rows.length)));
            list.add(ordinal);
          }
          previous = id;
        }
      }
    }
    const pairs = new Map<number, Map<number, Postings>>();
    for (const [runId, byFirst] of pairLists) {
      const group = new Map<number, Postings>();
      for (const [first, bySecond] of byFirst)
        for (const [second, list] of bySecond) group.set(first * PAIR_STRIDE + second, list.finish());
      pairs.set(runId, group);
    }
    this.built = { rows, words, wordRows: wordLists.map((list) => list.finish()), runIds, pairs };
    return this.built;
  }
}
