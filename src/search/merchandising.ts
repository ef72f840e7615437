import type { Banner, MerchRule } from "../model/merchandising.ts";
import { LANGUAGES } from "../model/records.ts";
import { tokenise } from "./analysis/index.ts";
import { hasBit } from "./index/bitset.ts";
import { FIELD_SEPARATOR, readLeadingFields } from "./index/doc-store.ts";
import { listValues } from "./index/facet-lists.ts";
import { HOT, type Segment } from "./index/segment.ts";
import { type Snapshot, segmentIndexOf } from "./index/snapshot.ts";

// A domain's merchandising rules (model/merchandising.ts) applied to one search, after the text
// match and its ranking (query/run-search.ts):
// - a rule applies when its query matches (exact: the query's words are the rule's, in order;
//   contains: the query has each of the rule's words; none: every query, category pages too),
//   its category is the request's category_id (none: any), and the time of the search is
//   within [from, to);
// - hide: the product is left out of everything: the list, total, counts and facets (hide wins
//   over pin);
// - boost / bury: the weights of the active rules' boosts that a product meets add up, and the
//   sum is the first key of the ranking (query/rank.ts: compareHits), before text relevance and
//   the tie-breaks: a merchandiser's boost visibly reorders, and a bury sinks below everything
//   unburied;
// - pin: the product is placed at its 1-based position of the flat or single-category list
//   (past the end: last) when it passes the request's filters (category, price, availability,
//   attributes), even if the query's words do not match it; the first rule's pin wins a taken
//   position and the next slides down. A grouped answer does not pin (its groups are ordered by
//   their best product): there pinned products only count as matches;
// - redirect: the first active rule's with one is the answer's (the store's page for the query);
//   banner: every active rule's, in the rules' order.
// The rules ride on the snapshot (as synonyms do, indexing/domain-indexer.ts), so a change is a
// new snapshot and the HTTP answer cache, keyed by snapshot, never serves the old order. What
// depends on a segment's docs (source ids, brands) is read once per segment and kept while the
// segment lives: segments are immutable and shared by later snapshots.

/** What the active rules ask of one search; null when no rule applies. */
export interface Merchandising {
  /** Global docs never shown. */
  readonly hidden: ReadonlySet<number>;
  /** Global doc -> 1-based position. */
  readonly pins: ReadonlyMap<number, number>;
  /** The summed weight of a global doc in category slot `slot`; null when no boost applies. */
  readonly weight: ((doc: number, slot: number) => number) | null;
  /** The store's page for the query; null: none. */
  readonly redirect: string | null;
  readonly banners: readonly Banner[];
}

interface Compiled {
  readonly rule: MerchRule;
  readonly words: readonly string[] | null;
  readonly from: number;
  readonly to: number;
}

const compiledRules = new WeakMap<readonly MerchRule[], Compiled[]>();

/** The words of `text` as a rule's query compares them (those of the search's tokeniser). */
export const ruleWords = (text: string): string[] => tokenise(text).map((t) => t.word);

function compile(rules: readonly MerchRule[]): Compiled[] {
  let compiled = compiledRules.get(rules);
  if (compiled === undefined) {
    compiled = rules.map((rule) => ({
      rule,
      words: rule.query ? ruleWords(rule.query.text) : null,
      from: rule.from ? Date.parse(rule.from) : Number.NEGATIVE_INFINITY,
      to: rule.to ? Date.parse(rule.to) : Number.POSITIVE_INFINITY,
    }));
    compiledRules.set(rules, compiled);
  }
  return compiled;
}

/**
 * The rules of `rules` that apply to the query `query` in the category `category` (a source id,
 * null: none asked) at `now` (ms since the epoch).
 */
export function activeRules(
  rules: readonly MerchRule[],
  query: string,
  now: number,
  category: string | null = null,
): MerchRule[] {
  const compiled = compile(rules);
  let words: string[] | null = null;
  return compiled
    .filter((c) => {
      if (now < c.from || now >= c.to) return false;
      if (c.rule.category !== undefined && c.rule.category !== category) return false;
      if (c.words === null) return true;
      words ??= ruleWords(query);
      const q = words;
      if (c.rule.query?.match === "exact")
        return c.words.length === q.length && c.words.every((w, i) => w === q[i]);
      return c.words.length > 0 && c.words.every((w) => q.includes(w));
    })
    .map((c) => c.rule);
}

/**
 * Whether a date of some rule lies in (since, now]: an answer made at `since` may then differ
 * from one made now (query/answer-stamp.ts).
 */
export function rulesChangedBetween(
  rules: readonly MerchRule[],
  since: number,
  now: number,
): boolean {
  return compile(rules).some(
    (c) => (c.from > since && c.from <= now) || (c.to > since && c.to <= now),
  );
}

/**
 * Per segment, read once from its display records' bytes (no string per doc: decoding every
 * record cost 130 ms a 100,000 docs): each doc's source id by hash, and its brand's index.
 */
interface SegmentFields {
  /** FNV-1a hash of a source id's UTF-8 -> its docs (a hash shared by two is checked). */
  readonly bySource: ReadonlyMap<number, number | number[]>;
  /** Per doc, its brand's index in brandNames. */
  readonly brandIds: Uint32Array;
  /** Lower case; one per distinct spelling of a brand's bytes. */
  readonly brandNames: readonly string[];
}

const segmentFields = new WeakMap<Segment, SegmentFields>();
const SEPARATOR = FIELD_SEPARATOR.charCodeAt(0);
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** FNV-1a of bytes[from .. to). */
function hashBytes(bytes: Uint8Array, from: number, to: number): number {
  let h = 0x811c9dc5;
  for (let i = from; i < to; i++) h = Math.imul(h ^ (bytes[i] as number), 0x01000193);
  return h >>> 0;
}

function fieldsOf(segment: Segment): SegmentFields {
  let fields = segmentFields.get(segment);
  if (fields !== undefined) return fields;
  const { bytes, offsets } = segment.display;
  const bySource = new Map<number, number | number[]>();
  const brandIds = new Uint32Array(segment.size);
  const brandOf = new Map<number, number>();
  const brandNames: string[] = [];
  const fieldEnd = (from: number, to: number) => {
    let i = from;
    while (i < to && bytes[i] !== SEPARATOR) i++;
    return i;
  };
  for (let d = 0; d < segment.size; d++) {
    const to = offsets[d + 1] as number;
    // Fields 0 (source id), 1 (code), 2 (vendor): display.ts DISPLAY.
    const start = offsets[d] as number;
    const sourceEnd = fieldEnd(start, to);
    const vendorStart = Math.min(fieldEnd(sourceEnd + 1, to) + 1, to);
    const vendorEnd = fieldEnd(vendorStart, to);
    const h = hashBytes(bytes, start, sourceEnd);
    const seen = bySource.get(h);
    bySource.set(h, seen === undefined ? d : [...(typeof seen === "number" ? [seen] : seen), d]);
    const b = hashBytes(bytes, vendorStart, vendorEnd);
    let id = brandOf.get(b);
    if (id === undefined) {
      id = brandNames.length;
      brandNames.push(decoder.decode(bytes.subarray(vendorStart, vendorEnd)).toLowerCase());
      brandOf.set(b, id);
    }
    brandIds[d] = id;
  }
  fields = { bySource, brandIds, brandNames };
  segmentFields.set(segment, fields);
  return fields;
}

/** The doc of `segment` whose source id is `sourceId`, checked against its record. */
function localOf(segment: Segment, sourceId: string): number | undefined {
  const encoded = encoder.encode(sourceId);
  const found = fieldsOf(segment).bySource.get(hashBytes(encoded, 0, encoded.length));
  if (found === undefined) return undefined;
  for (const d of typeof found === "number" ? [found] : found)
    if (readLeadingFields(segment.display, d, 1)[0] === sourceId) return d;
  return undefined;
}

/** Per doc of `segment`, the summed weight of its brand in `brands`. */
function brandWeightsOf(segment: Segment, brands: ReadonlyMap<string, number>): BrandWeights {
  const { brandIds, brandNames } = fieldsOf(segment);
  // Per distinct brand of the segment (a few hundred at most), not per doc.
  const byBrand = Int32Array.from(brandNames, (name) => brands.get(name) ?? 0);
  return { brandIds, byBrand };
}

interface BrandWeights {
  readonly brandIds: Uint32Array;
  readonly byBrand: Int32Array;
}

/** The live global doc of the product `sourceId`, if the snapshot holds it. */
export function docOf(snap: Snapshot, sourceId: string): number | undefined {
  for (let k = snap.segments.length - 1; k >= 0; k--) {
    const local = localOf(snap.segments[k] as Segment, sourceId);
    if (local !== undefined && !hasBit(snap.dead[k] as Uint32Array, local))
      return (snap.starts[k] as number) + local;
  }
  return undefined;
}

/**
 * What the rules of `snap` that apply to `query` in `category` (null: none asked) at `now`
 * ask; null when none applies.
 */
export function merchandisingOf(
  snap: Snapshot,
  query: string,
  now: number,
  category: string | null = null,
): Merchandising | null {
  const rules = snap.merchandising;
  if (rules === undefined || rules.length === 0) return null;
  const active = activeRules(rules, query, now, category);
  if (active.length === 0) return null;
  const hidden = new Set<number>();
  const pins = new Map<number, number>();
  const taken = new Set<number>();
  for (const rule of active)
    for (const sourceId of rule.hide ?? []) {
      const doc = docOf(snap, sourceId);
      if (doc !== undefined) hidden.add(doc);
    }
  for (const rule of active)
    for (const pin of rule.pin ?? []) {
      const doc = docOf(snap, pin.source_id);
      if (doc === undefined || hidden.has(doc) || pins.has(doc)) continue;
      let position = pin.position;
      while (taken.has(position)) position++;
      taken.add(position);
      pins.set(doc, position);
    }
  return {
    hidden,
    pins,
    weight: weightOf(snap, active),
    redirect: active.find((r) => r.redirect !== undefined)?.redirect ?? null,
    banners: active.flatMap((r) => (r.banner === undefined ? [] : [r.banner])),
  };
}

/** The boosts of `active`, as a function of a hit; null when there are none. */
function weightOf(
  snap: Snapshot,
  active: readonly MerchRule[],
): ((doc: number, slot: number) => number) | null {
  const brands = new Map<string, number>();
  const slots = new Map<number, number>();
  const values = new Map<number, number>();
  const add = (map: Map<string | number, number>, key: string | number, w: number) =>
    map.set(key, (map.get(key) ?? 0) + w);
  for (const rule of active)
    for (const b of rule.boost ?? []) {
      if (b.field === "brand") add(brands, b.value.toLowerCase(), b.weight);
      else if (b.field === "category") {
        const slot = snap.categories.slots.get(b.value);
        if (slot !== undefined) add(slots, slot, b.weight);
      } else {
        const attribute = (b.attribute ?? "").toLowerCase();
        const value = b.value.toLowerCase();
        const { values: registry, attributes } = snap.facets;
        for (let v = 0; v < registry.length; v++) {
          const fv = registry[v];
          if (
            fv !== undefined &&
            fv.name.toLowerCase() === value &&
            attributes[fv.attribute]?.name.toLowerCase() === attribute
          )
            add(values, v, b.weight);
        }
      }
    }
  if (brands.size === 0 && slots.size === 0 && values.size === 0) return null;
  // Per segment, each brand's weight: two array reads per hit instead of a string's lookup.
  const brandWeights =
    brands.size === 0 ? [] : snap.segments.map((segment) => brandWeightsOf(segment, brands));
  return (doc, slot) => {
    let weight = slots.get(slot) ?? 0;
    if (brands.size === 0 && values.size === 0) return weight;
    const k = segmentIndexOf(snap, doc);
    const segment = snap.segments[k] as Segment;
    const local = doc - (snap.starts[k] as number);
    if (brands.size > 0) {
      const { brandIds, byBrand } = brandWeights[k] as BrandWeights;
      weight += byBrand[brandIds[local] as number] as number;
    }
    if (values.size > 0) {
      // Every language's values of the doc: a value counts once even when named alike in two.
      const h = local * HOT.stride;
      const seen = new Set<number>();
      for (let l = 0; l < LANGUAGES.length; l++) {
        for (const v of listValues(
          segment.facetLists,
          (segment.hot[h + HOT.facets + l] as number) | 0,
        )) {
          if (seen.has(v)) continue;
          seen.add(v);
          weight += values.get(v) ?? 0;
        }
      }
    }
    return weight;
  };
}
