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

/** Ascending ordinals, each once, as postings. */
export function toPostings(ordinals: readonly number[], rowCount: number): Postings {
  if (ordinals.length * 32 <= rowCount) return { kind: 'list', ordinals: Int32Array.from(ordinals) };
  const bits = new Uint32Array(bitmapWords(rowCount));
  for (const ordinal of ordinals) bits[ordinal >>> 5]! |= 1 << (ordinal & 31);
  return { kind: 'bits', bits };
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
    count += (Math.imul((word + (word >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24);
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
