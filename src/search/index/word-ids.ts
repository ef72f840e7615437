// Interning words to dense ids by a 64-bit hash of their characters, in an open-addressing
// table of typed arrays (linear probing). Indexing interns every token; with a vocabulary of
// 100k+ words a Map or a dictionary object spends most of its time hashing fresh substrings
// and comparing strings in cache-cold memory (measured ~400 ns per token here), while this
// touches only the word's characters and one probe sequence of typed arrays. Two different
// words sharing both 32-bit hashes would merge; at 2^-64 per pair this is ignored.

export class WordIds {
  readonly words: string[] = [];
  private lo = new Uint32Array(0);
  private hi = new Uint32Array(0);
  private ids = new Int32Array(0);
  private mask = 0;

  constructor(capacity = 1024) {
    this.resize(capacity);
  }

  /** The id of `word`, adding it when new. */
  intern(word: string): number {
    let h1 = 0x811c9dc5;
    let h2 = 0x9747b28c;
    for (let i = 0; i < word.length; i++) {
      const c = word.charCodeAt(i);
      h1 = Math.imul(h1 ^ c, 0x01000193);
      h2 = Math.imul(h2 ^ c, 0x5bd1e995);
      h2 ^= h2 >>> 15;
    }
    h1 = (h1 ^ (h1 >>> 16)) >>> 0;
    h2 = h2 >>> 0;
    let i = h1 & this.mask;
    for (;;) {
      const id = this.ids[i] as number;
      if (id < 0) break;
      if (this.lo[i] === h1 && this.hi[i] === h2) return id;
      i = (i + 1) & this.mask;
    }
    const id = this.words.length;
    this.words.push(word);
    this.ids[i] = id;
    this.lo[i] = h1;
    this.hi[i] = h2;
    if (this.words.length * 2 > this.ids.length) this.resize(this.ids.length * 2);
    return id;
  }

  private resize(capacity: number): void {
    let size = 16;
    while (size < capacity) size *= 2;
    const { lo, hi, ids } = this;
    this.lo = new Uint32Array(size);
    this.hi = new Uint32Array(size);
    this.ids = new Int32Array(size).fill(-1);
    this.mask = size - 1;
    for (let j = 0; j < ids.length; j++) {
      const id = ids[j] as number;
      if (id < 0) continue;
      let i = (lo[j] as number) & this.mask;
      while ((this.ids[i] as number) >= 0) i = (i + 1) & this.mask;
      this.ids[i] = id;
      this.lo[i] = lo[j] as number;
      this.hi[i] = hi[j] as number;
    }
  }
}
