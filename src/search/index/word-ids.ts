// Interning strings to dense ids by a 64-bit hash of their characters, in an open-addressing
// table (linear probing). Indexing interns every token: with a vocabulary of 100k+ words a Map
// or a dictionary object spends most of its time hashing fresh substrings through the engine's
// generic path (measured ~250 ns per token here), while this reads the characters once and
// touches one 16-byte slot per probe, hash and id side by side in one typed array, so a lookup
// costs one cache miss. Two different strings sharing both 32-bit hashes would merge; at 2^-64
// per pair this is ignored.

const SLOT = 4; // [hash 1, hash 2, id + 1 (0 = empty), unused]

export class WordIds {
  readonly words: string[] = [];
  private table = new Int32Array(0);
  private mask = 0;
  private h1 = 0;
  private h2 = 0;

  constructor(capacity = 1024) {
    this.resize(capacity);
  }

  get size(): number {
    return this.words.length;
  }

  /** The id of `word`, adding it when new. */
  intern(word: string): number {
    return this.internSpan(word, 0, word.length);
  }

  /** The id of text[start, end), adding it when new: the slice is made only for a new word. */
  internSpan(text: string, start: number, end: number): number {
    const at = this.probe(text, start, end);
    const id = (this.table[at + 2] as number) - 1;
    return id >= 0 ? id : this.insert(at, text.slice(start, end));
  }

  /** The id of `word`, or -1. */
  find(word: string): number {
    return (this.table[this.probe(word, 0, word.length) + 2] as number) - 1;
  }

  /** The slot of text[start, end), or the empty slot where it belongs; leaves its hashes. */
  private probe(text: string, start: number, end: number): number {
    let h1 = 0x811c9dc5;
    let h2 = 0x9747b28c;
    for (let i = start; i < end; i++) {
      const c = text.charCodeAt(i);
      h1 = Math.imul(h1 ^ c, 0x01000193);
      h2 = Math.imul(h2 ^ c, 0x5bd1e995);
      h2 ^= h2 >>> 15;
    }
    h1 ^= h1 >>> 16;
    this.h1 = h1;
    this.h2 = h2;
    const table = this.table;
    let i = h1 & this.mask;
    for (;;) {
      const at = i * SLOT;
      if (table[at + 2] === 0 || (table[at] === h1 && table[at + 1] === h2)) return at;
      i = (i + 1) & this.mask;
    }
  }

  private insert(at: number, word: string): number {
    const id = this.words.length;
    this.words.push(word);
    this.table[at] = this.h1;
    this.table[at + 1] = this.h2;
    this.table[at + 2] = id + 1;
    if (this.words.length * 2 > this.mask + 1) this.resize((this.mask + 1) * 2);
    return id;
  }

  private resize(capacity: number): void {
    let size = 16;
    while (size < capacity) size *= 2;
    const old = this.table;
    this.table = new Int32Array(size * SLOT);
    this.mask = size - 1;
    for (let j = 0; j < old.length; j += SLOT) {
      if (old[j + 2] === 0) continue;
      let i = (old[j] as number) & this.mask;
      while (this.table[i * SLOT + 2] !== 0) i = (i + 1) & this.mask;
      this.table.set(old.subarray(j, j + SLOT), i * SLOT);
    }
  }
}
