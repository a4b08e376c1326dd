/**
 * The index behind free-text `q` (a regular expression per field per row took 2.8 s at the
 * `large` preset's million messages): every row's fields case-folded and cut into words, each
 * word listing the rows that hold it.
 *
 * Identical results by construction. `q` matches a field when the field contains the text
 * ignoring case, which the list layer tests with a case-insensitive regular expression without
 * the `u` flag; such an expression compares code units after the ECMAScript Canonicalize step,
 * which `fold` applies exactly. A word is a longest run of code units that are not ASCII
 * punctuation or space, so a search without such a unit lies inside one word: its rows are
 * exactly the rows of the words that contain it. A search with them needs each of its pieces
 * inside some word of the row: those rows are candidates, each checked by folding its fields. A
 * search of separators only is left to the scan.
 */

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

/** The words of a folded text, and whether it holds a separator. */
function words(folded: string): { words: string[]; separated: boolean } {
  const found: string[] = [];
  let separated = false;
  let start = -1;
  for (let i = 0; i <= folded.length; i++) {
    const end = i === folded.length || isSeparator(folded.charCodeAt(i));
    if (end) {
      if (i < folded.length) separated = true;
      if (start >= 0) found.push(folded.slice(start, i));
      start = -1;
    } else if (start < 0) {
      start = i;
    }
  }
  return { words: found, separated };
}

interface Built<Row> {
  rows: Row[];
  /** Word -> ordinals (positions in `rows`) of the rows holding it, ascending, once each. */
  postings: Map<string, Int32Array>;
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
  search(text: string): Row[] | null {
    const needle = fold(text);
    const { words: pieces, separated } = words(needle);
    if (pieces.length === 0) return null;
    const { rows, postings } = this.build();
    // Rows holding every piece inside one of their words.
    let candidates: Uint8Array | null = null;
    for (const piece of pieces) {
      const holding = new Uint8Array(rows.length);
      for (const [word, list] of postings) {
        if (!word.includes(piece)) continue;
        for (let i = 0; i < list.length; i++) holding[list[i]!] = 1;
      }
      if (candidates) for (let i = 0; i < holding.length; i++) candidates[i]! &= holding[i]!;
      else candidates = holding;
    }
    const found: Row[] = [];
    for (let i = 0; i < rows.length; i++) {
      if (candidates![i] && (!separated || this.holds(rows[i]!, needle))) found.push(rows[i]!);
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
    const lists = new Map<string, number[]>();
    for (let ordinal = 0; ordinal < rows.length; ordinal++) {
      const row = rows[ordinal]!;
      for (const field of this.fields) {
        const value = row[field];
        if (typeof value !== 'string') continue;
        for (const word of words(fold(value)).words) {
          const list = lists.get(word);
          // Rows are visited in order: the last entry tells whether this row is listed already.
          if (!list) lists.set(word, [ordinal]);
          else if (list[list.length - 1] !== ordinal) list.push(ordinal);
        }
      }
    }
    const postings = new Map<string, Int32Array>();
    for (const [word, list] of lists) postings.set(word, Int32Array.from(list));
    this.built = { rows, postings };
    return this.built;
  }
}
