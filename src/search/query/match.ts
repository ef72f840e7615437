import { type Bitset, hasBit } from "../index/bitset.ts";
import type { Segment } from "../index/segment.ts";
import { flagsOf, type Snapshot, segmentIndexOf } from "../index/snapshot.ts";
import { FIELD } from "../index/term-index.ts";
import { INITIAL_ONLY, STRONG_ONLY, type TermExpansion } from "./expand.ts";
import type { QueryWord } from "./parse-query.ts";

// Matching: the docs that contain every required query word, each with what matched per word.
// The rarest required word creates the candidates; every other word only annotates them
// (no per-doc set is ever built for a common word). Per (candidate, word) one 16-bit "match
// info" orders matches the way the ranking buckets do: lower is better.
//   bits 9-10 typos | bits 6-8 field | bit 5 not exact (stem, prefix) | bits 0-4 position

export const NO_MATCH = 0xffff;

export function infoTypos(info: number): number {
  return info >>> 9;
}
export function infoField(info: number): number {
  return (info >>> 6) & 7;
}
export function infoNotExact(info: number): number {
  return (info >>> 5) & 1;
}
export function infoPosition(info: number): number {
  return info & 31;
}

/** What one query word matches: per segment of the snapshot and through category names. */
export interface WordPlan {
  readonly word: QueryWord;
  readonly segments: readonly TermExpansion[];
  /** Category slots whose text the word matches, with the match info their products get. */
  readonly categorySlots: Uint32Array;
  readonly categoryInfo: Uint16Array;
  /** Products of those categories, over every segment. */
  readonly categoryDocs: number;
  /** Postings under the word: the work of scanning it. */
  readonly cost: number;
  /** Posting lists under the word (terms of both segments and matched categories). */
  readonly lists: number;
}

/** A category posting's info as it counts for the category's products: field "category". */
export function categoryMatchInfo(typos: number, notExact: boolean, position: number): number {
  return (typos << 9) | (FIELD.category << 6) | ((notExact ? 1 : 0) << 5) | (position & 31);
}

export interface Candidates {
  readonly count: number;
  /** Global doc ids (see Snapshot.starts). */
  readonly docs: Uint32Array;
  /** count × words match infos, row-major. */
  readonly info: Uint16Array;
  readonly words: number;
}

/** Scan modes: create candidates, annotate existing ones, or fill the dense array. */
const CREATE = 0;
const ANNOTATE = 1;
const DENSE = 2;
/** Words with at most this many posting lists may be probed per candidate. */
const MAX_PROBED_LISTS = 32;
/** A driver word covering more than 1/DENSE_SHARE of the docs is collected densely. */
const DENSE_SHARE = 64;

/** Reusable per-process scratch; search is synchronous, so one set serves every query. */
class MatchScratch {
  /** Per doc, its candidate number; read only where `bits` has the doc's bit. */
  private index = new Uint32Array(0);
  /** Per doc, the driver's best info; NO_MATCH between queries (reset as it is read). */
  private dense = new Uint16Array(0);
  /**
   * Per doc, one bit: its dense entry is set. The candidates are read from the 32-doc words
   * with a bit rather than from every doc's entry: a word of 2,000 products in 100,000 reads
   * 3,125 words instead of 100,000 entries. Zero between queries.
   */
  private touched = new Int32Array(0);
  /**
   * Per doc, one bit: a candidate. It fits the L1 cache (12.5 KB per 100,000 docs) where
   * `index` does not: a word annotating a few candidates through many postings (the `s` of
   * `5s`: 50,472 posting lists) reads `index` only for them. Cleared at each match, where a
   * generation number per doc beside `index` (twice its size) cost a cache line a candidate.
   */
  private bits = new Int32Array(0);
  /** Per category slot, a word's info for its products (annotateBySlot); NO_MATCH between. */
  private slotInfo = new Uint16Array(0);
  private docs = new Uint32Array(1024);
  private info = new Uint16Array(1024 * 4);
  private count = 0;
  private words = 1;

  match(
    snap: Snapshot,
    plans: readonly WordPlan[],
    required: readonly boolean[],
    others: boolean,
  ): Candidates {
    const total = snap.starts[snap.segments.length] as number;
    if (this.index.length < total) {
      this.index = new Uint32Array(total + (total >>> 2));
      this.bits = new Int32Array((this.index.length >>> 5) + 1);
    }
    this.bits.fill(0, 0, (total >>> 5) + 1);
    this.count = 0;
    this.words = Math.max(1, plans.length);
    if (this.info.length < this.docs.length * this.words) {
      this.info = new Uint16Array(this.docs.length * this.words);
    }
    let driver = -1;
    for (let w = 0; w < plans.length; w++) {
      if (!required[w]) continue;
      if (driver < 0 || (plans[w] as WordPlan).cost < (plans[driver] as WordPlan).cost) driver = w;
    }
    if (driver < 0) return this.result();
    const driverPlan = plans[driver] as WordPlan;
    if (driverPlan.cost * DENSE_SHARE > total) {
      // A common word: collect its best infos in a dense array, then create the candidates in
      // doc order, so that everything read per candidate later is read sequentially.
      if (this.dense.length < total) {
        this.dense = new Uint16Array(total + (total >>> 2)).fill(NO_MATCH);
        this.touched = new Int32Array((this.dense.length >>> 5) + 1);
      }
      this.scan(snap, driverPlan, driver, DENSE);
      // A lone word: no other word will look its candidates up, so none is marked.
      this.denseCandidates(driver, plans.length > 1);
      if (plans.length === 1) return this.result();
    } else {
      this.scan(snap, driverPlan, driver, CREATE);
    }
    for (let w = 0; w < plans.length; w++) {
      if (w === driver || (!others && !required[w])) continue;
      const plan = plans[w] as WordPlan;
      // Few candidates against a long posting list: look each candidate up instead.
      if (plan.lists <= MAX_PROBED_LISTS && this.count * plan.lists * 24 < plan.cost) {
        this.probe(snap, plan, w);
      } else {
        this.scan(snap, plan, w, ANNOTATE);
      }
    }
    this.keepMatchingAll(required);
    return this.result();
  }

  /**
   * Keeps the candidates that every required word matched, in place. Rows are copied value by
   * value: a copyWithin call per kept row cost as much as the rest of the loop.
   */
  private keepMatchingAll(required: readonly boolean[]): void {
    const W = this.words;
    const { docs, info, count } = this;
    const checked: number[] = [];
    for (let w = 0; w < W; w++) if (required[w]) checked.push(w);
    let kept = 0;
    for (let c = 0; c < count; c++) {
      const row = c * W;
      let ok = true;
      for (let i = 0; i < checked.length && ok; i++)
        ok = info[row + (checked[i] as number)] !== NO_MATCH;
      if (!ok) continue;
      if (kept !== c) {
        docs[kept] = docs[c] as number;
        const to = kept * W;
        for (let w = 0; w < W; w++) info[to + w] = info[row + w] as number;
      }
      kept++;
    }
    this.count = kept;
  }

  /**
   * The driver's candidates in doc order, from the dense array, which is reset on the way;
   * `marked` when other words will look them up (annotate): their bits and numbers are kept.
   */
  private denseCandidates(driver: number, marked: boolean): void {
    const dense = this.dense;
    const touched = this.touched;
    const words = touched.length;
    const W = this.words;
    for (let i = 0; i < words; i++) {
      let word = touched[i] as number;
      if (word === 0) continue;
      touched[i] = 0;
      if (marked) this.bits[i] = word;
      while (word !== 0) {
        const low = word & -word;
        word ^= low;
        const doc = (i << 5) | (31 - Math.clz32(low));
        const inf = dense[doc] as number;
        dense[doc] = NO_MATCH;
        const c = this.count++;
        if (c === this.docs.length) this.grow();
        this.docs[c] = doc;
        if (marked) {
          this.index[doc] = c;
          const row = c * W;
          for (let j = 0; j < W; j++) this.info[row + j] = NO_MATCH;
          this.info[row + driver] = inf;
        } else this.info[c] = inf;
      }
    }
  }

  private result(): Candidates {
    return {
      count: this.count,
      docs: this.docs.subarray(0, this.count),
      info: this.info.subarray(0, this.count * this.words),
      words: this.words,
    };
  }

  private scan(snap: Snapshot, plan: WordPlan, w: number, mode: number): void {
    const bits = this.bits;
    const bySlot =
      mode === ANNOTATE && plan.categorySlots.length > 0 && this.count < plan.categoryDocs;
    for (let k = 0; k < snap.segments.length; k++) {
      const seg = snap.segments[k] as Segment;
      const start = snap.starts[k] as number;
      const dead = snap.dead[k] as Bitset;
      const exp = plan.segments[k] as TermExpansion;
      const { offsets, strongEnd, docs, info } = seg.text;
      const ranges = exp.ranges;
      for (let r = 0; r < ranges.length; r += 3) {
        const lo = ranges[r] as number;
        const hi = ranges[r + 1] as number;
        const flags = ranges[r + 2] as number;
        const typos = (flags & 3) << 9;
        const ends = (flags & STRONG_ONLY) === 0 ? offsets : strongEnd;
        const shift = (flags & STRONG_ONLY) === 0 ? 1 : 0;
        // Positions are the low 5 bits of a posting's byte: 31 lets every one through, 1 only
        // positions 0 and 1 (see INITIAL_ONLY).
        const positions = (flags & INITIAL_ONLY) === 0 ? 31 : 1;
        for (let t = lo; t < hi; t++) {
          const high = typos | (t === exp.exact ? 0 : 32);
          const to = ends[t + shift] as number;
          if (mode === ANNOTATE) {
            // Most postings of a word that annotates are no candidate's: the candidate bit
            // first, in a loop of its own.
            for (let p = offsets[t] as number; p < to; p++) {
              const doc = start + (docs[p] as number);
              if (((bits[doc >>> 5] as number) & (1 << (doc & 31))) === 0) continue;
              const b = info[p] as number;
              if ((b & 31 & ~positions) !== 0) continue;
              this.annotate(doc, w, high | ((b & 0xe0) << 1) | (b & 31));
            }
            continue;
          }
          if (mode === DENSE) {
            // The loop of a common driver word, with nothing of the other modes' tests.
            for (let p = offsets[t] as number; p < to; p++) {
              const b = info[p] as number;
              if ((b & 31 & ~positions) !== 0) continue;
              const local = docs[p] as number;
              if (hasBit(dead, local)) continue;
              this.toDense(start + local, high | ((b & 0xe0) << 1) | (b & 31));
            }
            continue;
          }
          for (let p = offsets[t] as number; p < to; p++) {
            const b = info[p] as number;
            if ((b & 31 & ~positions) !== 0) continue;
            const local = docs[p] as number;
            if (hasBit(dead, local)) continue;
            this.visit(start + local, w, high | ((b & 0xe0) << 1) | (b & 31));
          }
        }
      }
      if (bySlot) continue;
      const cat = seg.categoryDocs;
      const slots = cat.offsets.length - 1;
      for (let i = 0; i < plan.categorySlots.length; i++) {
        const s = plan.categorySlots[i] as number;
        if (s >= slots) continue;
        const inf = plan.categoryInfo[i] as number;
        const to = cat.offsets[s + 1] as number;
        for (let p = cat.offsets[s] as number; p < to; p++) {
          const local = cat.items[p] as number;
          if (mode === ANNOTATE) {
            const doc = start + local;
            if (((bits[doc >>> 5] as number) & (1 << (doc & 31))) !== 0) this.annotate(doc, w, inf);
            continue;
          }
          if (hasBit(dead, local)) continue;
          if (mode === DENSE) this.toDense(start + local, inf);
          else this.visit(start + local, w, inf);
        }
      }
    }
    if (bySlot) this.annotateBySlot(snap, plan, w);
  }

  /**
   * Annotates each candidate with the info its category gives for word `w`: when the candidates
   * are fewer than the products of the word's categories ("жіночі" names the women's
   * categories, 10,000 products, and annotates 800 candidates), one look at each candidate's
   * category beats a pass over those products.
   */
  private annotateBySlot(snap: Snapshot, plan: WordPlan, w: number): void {
    const slots = snap.categories.entries.length;
    if (this.slotInfo.length < slots) {
      this.slotInfo = new Uint16Array(slots + (slots >>> 2)).fill(NO_MATCH);
    }
    const slotInfo = this.slotInfo;
    for (let i = 0; i < plan.categorySlots.length; i++) {
      const s = plan.categorySlots[i] as number;
      slotInfo[s] = Math.min(slotInfo[s] as number, plan.categoryInfo[i] as number);
    }
    const W = this.words;
    for (let c = 0; c < this.count; c++) {
      const inf = slotInfo[flagsOf(snap, this.docs[c] as number) >>> 1] as number;
      const at = c * W + w;
      if (inf < (this.info[at] as number)) this.info[at] = inf;
    }
    for (let i = 0; i < plan.categorySlots.length; i++)
      slotInfo[plan.categorySlots[i] as number] = NO_MATCH;
  }

  /** A driver doc's info into the dense array, its bit into `touched` when new. */
  private toDense(doc: number, inf: number): void {
    const was = this.dense[doc] as number;
    if (inf >= was) return;
    if (was === NO_MATCH)
      this.touched[doc >>> 5] = (this.touched[doc >>> 5] as number) | (1 << (doc & 31));
    this.dense[doc] = inf;
  }

  /** Annotates each candidate by binary searches in the word's posting lists (docs ascend). */
  private probe(snap: Snapshot, plan: WordPlan, w: number): void {
    const W = this.words;

    for (let c = 0; c < this.count; c++) {
      const doc = this.docs[c] as number;
      const k = segmentIndexOf(snap, doc);
      const seg = snap.segments[k] as Segment;
      const local = doc - (snap.starts[k] as number);
      const exp = plan.segments[k] as TermExpansion;
      const { offsets, strongEnd, docs, info } = seg.text;
      let best = this.info[c * W + w] as number;
      for (let r = 0; r < exp.ranges.length; r += 3) {
        const flags = exp.ranges[r + 2] as number;
        const typos = (flags & 3) << 9;
        for (let t = exp.ranges[r] as number; t < (exp.ranges[r + 1] as number); t++) {
          const high = typos | (t === exp.exact ? 0 : 32);
          let p = search(docs, offsets[t] as number, strongEnd[t] as number, local);
          if (p < 0 && (flags & STRONG_ONLY) === 0) {
            p = search(docs, strongEnd[t] as number, offsets[t + 1] as number, local);
          }
          if (p < 0) continue;
          const b = info[p] as number;
          if ((flags & INITIAL_ONLY) !== 0 && (b & 31) > 1) continue;
          const inf = high | ((b & 0xe0) << 1) | (b & 31);
          if (inf < best) best = inf;
        }
      }
      const cat = seg.categoryDocs;
      const slots = cat.offsets.length - 1;
      for (let i = 0; i < plan.categorySlots.length; i++) {
        const s = plan.categorySlots[i] as number;
        if (s >= slots) continue;
        const inf = plan.categoryInfo[i] as number;
        if (
          inf < best &&
          search(cat.items, cat.offsets[s] as number, cat.offsets[s + 1] as number, local) >= 0
        ) {
          best = inf;
        }
      }
      this.info[c * W + w] = best;
    }
  }

  /** Keeps the better of candidate `doc`'s info for word `w` and `inf` (its bit is set). */
  private annotate(doc: number, w: number, inf: number): void {
    const at = (this.index[doc] as number) * this.words + w;
    if (inf < (this.info[at] as number)) this.info[at] = inf;
  }

  /** A posting of the driver (CREATE): a new candidate, or a better info for one. */
  private visit(doc: number, w: number, inf: number): void {
    const word = this.bits[doc >>> 5] as number;
    const bit = 1 << (doc & 31);
    if ((word & bit) !== 0) {
      this.annotate(doc, w, inf);
      return;
    }
    const W = this.words;
    const c = this.count++;
    if (c === this.docs.length) this.grow();
    this.bits[doc >>> 5] = word | bit;
    this.index[doc] = c;
    this.docs[c] = doc;
    const row = c * W;
    for (let i = 0; i < W; i++) this.info[row + i] = NO_MATCH;
    this.info[row + w] = inf;
  }

  private grow(): void {
    const docs = new Uint32Array(this.docs.length * 2);
    docs.set(this.docs);
    this.docs = docs;
    const info = new Uint16Array(Math.max(docs.length * this.words, this.info.length));
    info.set(this.info);
    this.info = info;
  }
}

const scratch = new MatchScratch();

/** Position of `doc` in the ascending docs[from .. to), or -1. */
function search(docs: Uint32Array, from: number, to: number, doc: number): number {
  let lo = from;
  let hi = to;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((docs[mid] as number) < doc) lo = mid + 1;
    else hi = mid;
  }
  return lo < to && docs[lo] === doc ? lo : -1;
}

/**
 * Candidates matching every required word. The arrays are views of shared scratch, valid until
 * the next call. With `others` false, the words not required are not looked up (NO_MATCH in
 * every row): a trial that only needs to know whether anything matches (give-up.ts) skips their
 * postings, which for a word given up for being common are most of the work.
 */
export function matchWords(
  snap: Snapshot,
  plans: readonly WordPlan[],
  required: readonly boolean[],
  others = true,
): Candidates {
  return scratch.match(snap, plans, required, others);
}
