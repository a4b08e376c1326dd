/**
 * Sets of row ordinals for the text index (text-index.ts): a posting list is kept as a sorted
 * list of ordinals while it is sparse and as a bitmap once a bitmap is smaller (more than one
 * row in 32), as a search engine's compressed postings would; a search combines them in a
 * bitmap, where a union or an intersection costs one word operation per 32 rows.
 */

/** The rows holding one word (or word pair): whichever of the two forms is smaller. */
export type Postings = { kind: 'list'; ordinals: Int32Array } | { kind: 'bits'; bits: Uint32Array };

export function bitmapWords(rowCount: number): number {
  return (rowCount + 31) >>> 5;
}

/**
 * Collects one word's rows, visited in ascending order, in the smaller form as it goes: a list
 * turns into a bitmap when it would pass one row in 32, so building never holds more than the
 * finished postings (plus a list's spare capacity).
 */
export class PostingsBuilder {
  private ordinals = new Int32Array(2);
  private length = 0;
  private bits: Uint32Array | null = null;
  private last = -1;

  constructor(private readonly rowCount: number) {}

  /** Adds a row; adding the last row again changes nothing. */
  add(ordinal: number): void {
    if (ordinal === this.last) return;
    this.last = ordinal;
    if (!this.bits && (this.length + 1) * 32 > this.rowCount) {
      this.bits = new Uint32Array(bitmapWords(this.rowCount));
      for (let i = 0; i < this.length; i++) this.bits[this.ordinals[i]! >>> 5]! |= 1 << (this.ordinals[i]! & 31);
      this.ordinals = new Int32Array(0);
    }
    if (this.bits) {
      this.bits[ordinal >>> 5]! |= 1 << (ordinal & 31);
      return;
    }
    if (this.length === this.ordinals.length) {
      const grown = new Int32Array(Math.min(this.length * 2, (this.rowCount >>> 5) + 1));
      grown.set(this.ordinals);
      this.ordinals = grown;
    }
    this.ordinals[this.length++] = ordinal;
  }

  finish(): Postings {
    return this.bits
      ? { kind: 'bits', bits: this.bits }
      : { kind: 'list', ordinals: this.ordinals.slice(0, this.length) };
  }
}

export function postingsBytes(postings: Postings): number {
  return postings.kind === 'list' ? postings.ordinals.byteLength : postings.bits.byteLength;
}

/** Adds the postings' rows to a bitmap. */
export function orInto(target: Uint32Array, postings: Postings): void {
  if (postings.kind === 'bits') {
    const { bits } = postings;
    for (let i = 0; i < bits.length; i++) target[i]! |= bits[i]!;
  } else {
    const { ordinals } = postings;
    for (let i = 0; i < ordinals.length; i++) target[ordinals[i]! >>> 5]! |= 1 << (ordinals[i]! & 31);
  }
}

/** Keeps in `target` only the rows also in `other`. */
export function andInto(target: Uint32Array, other: Uint32Array): void {
  for (let i = 0; i < target.length; i++) target[i]! &= other[i]!;
}

export function countBits(bits: Uint32Array): number {
  let count = 0;
  for (let i = 0; i < bits.length; i++) {
    let word = bits[i]!;
    if (word === 0) continue;
    word -= (word >>> 1) & 0x55555555;
    word = (word & 0x33333333) + ((word >>> 2) & 0x33333333);
    count += Math.imul((word + (word >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
  }
  return count;
}

/** The ordinals in a bitmap, ascending. */
export function* ordinalsOf(bits: Uint32Array): Generator<number> {
  for (let i = 0; i < bits.length; i++) {
    let word = bits[i]!;
    while (word !== 0) {
      const low = word & -word;
      yield (i << 5) + 31 - Math.clz32(low);
      word ^= low;
    }
  }
}
