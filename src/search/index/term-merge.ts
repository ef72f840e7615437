import { U32Vec } from "./growable.ts";
import { gallop, type MergeHead, nextRun, shiftOf } from "./merge-runs.ts";
import { MergedPrefixesBuilder } from "./merged-prefixes.ts";
import { eagerTranslit, type TermIndex } from "./term-index.ts";
import type { TranslitIndex } from "./translit-index.ts";

// Merging term indexes without re-analysing any text (segment-merge.ts).

export interface TermIndexPart {
  index: TermIndex;
  /** Old doc -> new doc, or -1 when the doc is dropped; increasing over kept docs. */
  docMap: Int32Array;
}

interface Output {
  readonly terms: string[];
  readonly offsets: U32Vec;
  readonly strongEnd: U32Vec;
  readonly docs: Uint32Array;
  readonly info: Uint8Array;
  readonly prefixes: MergedPrefixesBuilder;
  written: number;
}

/**
 * Merges indexes whose kept docs map to ascending, disjoint ranges (part 0's before part 1's):
 * the sorted dictionaries are merged run by run (merge-runs.ts), postings copied with their
 * docs renumbered. Returns per part the map old term -> new term (-1 when the term lost every
 * posting).
 */
export function mergeTermIndexes(parts: readonly TermIndexPart[]): {
  index: TermIndex;
  termMaps: Int32Array[];
} {
  const k = parts.length;
  const termMaps = parts.map((p) => new Int32Array(p.index.terms.length).fill(-1));
  const shifts = parts.map((p) => shiftOf(p.docMap));
  const cursors = new Int32Array(k);
  const tied = new Uint8Array(k);
  const kept = new Int32Array(k);
  let termCount = 0;
  let capacity = 0;
  for (const p of parts) {
    termCount += p.index.terms.length;
    capacity += p.index.docs.length;
  }
  const out: Output = {
    terms: [],
    offsets: new U32Vec(termCount + 1),
    strongEnd: new U32Vec(termCount),
    docs: new Uint32Array(capacity),
    info: new Uint8Array(capacity),
    prefixes: new MergedPrefixesBuilder(parts.map((p) => p.index)),
    written: 0,
  };
  out.offsets.push(0);
  const dictionaries = parts.map((p) => p.index.terms);
  const at: MergeHead = { first: -1, head: "", bound: undefined };
  for (;;) {
    nextRun(dictionaries, cursors, at);
    const { first, head, bound } = at;
    if (first < 0) break;
    if (bound === head) {
      for (let j = 0; j < k; j++) {
        const terms = (parts[j] as TermIndexPart).index.terms;
        tied[j] = terms[cursors[j] as number] === head ? 1 : 0;
      }
      addTerm(parts, tied, kept, cursors, termMaps, out);
      continue;
    }
    const { index } = parts[first] as TermIndexPart;
    const from = cursors[first] as number;
    const to = bound === undefined ? index.terms.length : gallop(index.terms, bound, from + 1);
    const map = termMaps[first] as Int32Array;
    const shift = shifts[first] as number;
    if (shift >= 0) {
      copyBlock(first, index, map, shift, from, to, out);
      cursors[first] = to;
    } else {
      tied.fill(0);
      tied[first] = 1;
      while ((cursors[first] as number) < to) addTerm(parts, tied, kept, cursors, termMaps, out);
    }
  }
  const { written } = out;
  return {
    index: {
      terms: out.terms,
      offsets: out.offsets.toArray(),
      strongEnd: out.strongEnd.toArray(),
      docs: written === capacity ? out.docs : out.docs.slice(0, written),
      info: written === capacity ? out.info : out.info.slice(0, written),
      prefixes: out.prefixes.build(),
      translit: eagerTranslit(out.terms, largestTranslit(parts, termMaps)),
    },
    termMaps,
  };
}

/** The transliteration keys of the part with the most of them, and where its terms went. */
function largestTranslit(
  parts: readonly TermIndexPart[],
  termMaps: readonly Int32Array[],
): { index: TranslitIndex; termMap: Int32Array } | undefined {
  let best: { index: TranslitIndex; termMap: Int32Array } | undefined;
  parts.forEach(({ index: { translit } }, j) => {
    if (
      translit !== null &&
      (best === undefined || translit.terms.length > best.index.terms.length)
    )
      best = { index: translit, termMap: termMaps[j] as Int32Array };
  });
  return best;
}

/**
 * Adds the term under the cursors of the parts marked in `tied` (the same term in each) and
 * advances them: strong postings of every part first, then the weak ones (TermIndex.strongEnd).
 */
function addTerm(
  parts: readonly TermIndexPart[],
  tied: Uint8Array,
  kept: Int32Array,
  cursors: Int32Array,
  termMaps: readonly Int32Array[],
  out: Output,
): void {
  const start = out.written;
  let term = "";
  let from = -1;
  for (let j = 0; j < parts.length; j++) {
    if (tied[j] === 0) continue;
    const { index, docMap } = parts[j] as TermIndexPart;
    const c = cursors[j] as number;
    term = index.terms[c] as string;
    if (from < 0) from = j;
    const before = out.written;
    copyPostings(index, docMap, index.offsets[c] as number, index.strongEnd[c] as number, out);
    kept[j] = out.written - before;
  }
  const strong = out.written;
  for (let j = 0; j < parts.length; j++) {
    if (tied[j] === 0) continue;
    const { index, docMap } = parts[j] as TermIndexPart;
    const c = cursors[j] as number;
    const before = out.written;
    copyPostings(index, docMap, index.strongEnd[c] as number, index.offsets[c + 1] as number, out);
    if (out.written > before || (kept[j] as number) > 0)
      (termMaps[j] as Int32Array)[c] = out.terms.length;
  }
  if (out.written > start) {
    for (let j = from; j < parts.length; j++) {
      if (tied[j] === 0) continue;
      const c = cursors[j] as number;
      if (j === from) out.prefixes.add(j, c, term);
      else out.prefixes.tie(j, c);
    }
    out.terms.push(term);
    out.strongEnd.push(strong);
    out.offsets.push(out.written);
  }
  for (let j = from; j < parts.length; j++)
    if (tied[j] === 1) cursors[j] = (cursors[j] as number) + 1;
}

/** Appends the postings of a run of terms [from, to) of a part that keeps all its docs. */
function copyBlock(
  part: number,
  index: TermIndex,
  map: Int32Array,
  shift: number,
  from: number,
  to: number,
  out: Output,
): void {
  const base = index.offsets[from] as number;
  const delta = out.written - base;
  for (let t = from; t < to; t++) {
    const end = index.offsets[t + 1] as number;
    if (end === index.offsets[t]) continue;
    map[t] = out.terms.length;
    const term = index.terms[t] as string;
    out.prefixes.add(part, t, term);
    out.terms.push(term);
    out.strongEnd.push((index.strongEnd[t] as number) + delta);
    out.offsets.push(end + delta);
  }
  const end = index.offsets[to] as number;
  const docs = out.docs;
  for (let p = base; p < end; p++) docs[p + delta] = (index.docs[p] as number) + shift;
  out.info.set(index.info.subarray(base, end), out.written);
  out.written += end - base;
}

/** Appends postings [from, to) of `index` renumbered by `docMap`, dropping those of no doc. */
function copyPostings(
  index: TermIndex,
  docMap: Int32Array,
  from: number,
  to: number,
  out: Output,
): void {
  let w = out.written;
  for (let p = from; p < to; p++) {
    const doc = docMap[index.docs[p] as number] as number;
    if (doc < 0) continue;
    out.docs[w] = doc;
    out.info[w] = index.info[p] as number;
    w++;
  }
  out.written = w;
}
