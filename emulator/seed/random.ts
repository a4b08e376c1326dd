/**
 * A small seeded PRNG (mulberry32) and the helpers the generators need. Every generated value
 * comes from here, never from Math.random() or the clock, so a seed always yields the same data.
 */
export interface Random {
  /** Uniform in [0, 1). */
  next(): number;
  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  /** True with the given probability. */
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** Lower-case hex string of the given length. */
  hex(length: number): string;
  /** Up to `count` distinct items, in random order. */
  sample<T>(items: readonly T[], count: number): T[];
  /** An index drawn with the given cumulative weights (ascending, last = total). */
  weighted(cumulativeWeights: readonly number[]): number;
}

/** Running totals of weights, for `Random.weighted`. */
export function cumulative(weights: readonly number[]): number[] {
  let total = 0;
  return weights.map((weight) => (total += weight));
}

export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    chance: (probability) => next() < probability,
    pick<T>(items: readonly T[]): T {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[int(0, items.length - 1)] as T;
    },
    hex: (length) => {
      let out = '';
      while (out.length < length) out += int(0, 15).toString(16);
      return out;
    },
    sample<T>(items: readonly T[], count: number): T[] {
      const pool = [...items];
      const size = Math.min(count, pool.length);
      // A partial Fisher-Yates shuffle: the first `size` slots end up a uniform sample.
      for (let i = 0; i < size; i++) {
        const j = int(i, pool.length - 1);
        [pool[i], pool[j]] = [pool[j] as T, pool[i] as T];
      }
      return pool.slice(0, size);
    },
    weighted(cumulativeWeights: readonly number[]): number {
      const target = next() * (cumulativeWeights.at(-1) ?? 0);
      let low = 0;
      let high = cumulativeWeights.length - 1;
      while (low < high) {
        const middle = (low + high) >>> 1;
        if ((cumulativeWeights[middle] as number) <= target) low = middle + 1;
        else high = middle;
      }
      return low;
    },
  };
}

/** A generator's own stream, so adding draws to one entity does not shift the others' data. */
export function randomFor(seed: number, entity: string): Random {
  let hash = seed >>> 0;
  for (const char of entity) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193) >>> 0;
  return createRandom(hash);
}

/** Unique ids `<prefix><20 hex>` from a generator's stream. */
export function idFactory(random: Random, prefix: string): () => string {
  const used = new Set<string>();
  return () => {
    for (;;) {
      const id = prefix + random.hex(20);
      if (!used.has(id)) {
        used.add(id);
        return id;
      }
    }
  };
}
