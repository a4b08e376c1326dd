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
  };
}

/** A generator's own stream, so adding draws to one entity does not shift the others' data. */
export function randomFor(seed: number, entity: string): Random {
  let hash = seed >>> 0;
  for (const char of entity) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193) >>> 0;
  return createRandom(hash);
}
