// Fixed-size bitsets over dense doc ids, one bit per doc in a Uint32Array.

export type Bitset = Uint32Array;

export function newBitset(bits: number): Bitset {
  return new Uint32Array((bits + 31) >>> 5);
}

export function hasBit(set: Bitset, index: number): boolean {
  return ((set[index >>> 5] ?? 0) & (1 << (index & 31))) !== 0;
}

export function setBit(set: Bitset, index: number): void {
  const word = index >>> 5;
  set[word] = (set[word] ?? 0) | (1 << (index & 31));
}

/** Number of set bits (Hacker's Delight, 5-2). */
export function popcount(set: Bitset): number {
  let count = 0;
  for (let i = 0; i < set.length; i++) {
    let v = set[i] as number;
    v -= (v >>> 1) & 0x55555555;
    v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
    count += (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
  }
  return count;
}
