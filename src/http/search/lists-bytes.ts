import type { Language } from "../../model/records.ts";
import {
  type CategoryCount,
  categoryView,
  type Facet,
  type FacetValue,
  readCategory,
  type Snapshot,
} from "../../search/engine.ts";
import { type ByteWriter, CLOSE_LIST, CLOSE_OBJECT, COMMA, OPEN_LIST } from "./byte-writer.ts";

// The answer's lists of counts, `filters` and `categories`, in UTF-8, written of pieces kept per
// entry: what JSON.stringify of them (search-answer.ts: filterOf, searchAnswer) makes, encoded,
// byte for byte. A fresh list of counts (a search's, a category page's within price bounds)
// has 30 filters of up to 100 values and up to hundreds of categories: mapped, stringified and
// encoded the filters cost 0.09 ms at 20,000 products, a third of a bounded category page, the
// categories 0.03. An entry's JSON is its own but for its count: a value's
// `{"id":…,"name":…,"total":` and its colour, swatch and `}` are kept per facet registry (a
// snapshot's), as is each filter's `{"id":…,"name":…,"values":[`, and a category's
// `{"id":…,"source_id":…,"name":…,"url":…,"total":` per category table and language; the
// counts are written between them.

interface Pieces {
  readonly name: string;
  readonly color: string | undefined;
  readonly swatch: string | undefined;
  readonly head: Uint8Array;
  readonly tail: Uint8Array;
}

const encoder = new TextEncoder();

/** The pieces of each value id met, and the head of each filter id's, by the registry. */
const kept = new WeakMap<
  object,
  { values: Map<number, Pieces>; filters: Map<number, { name: string; head: Uint8Array }> }
>();

/** The pieces of value `v`: kept while they are its own (the same id, name, colour and swatch). */
function piecesOf(known: Map<number, Pieces>, v: FacetValue): Pieces {
  const had = known.get(v.id);
  if (had !== undefined && had.name === v.name && had.color === v.color && had.swatch === v.swatch)
    return had;
  const color = v.color === undefined ? "" : `,"color":${JSON.stringify(v.color)}`;
  const swatch = v.swatch === undefined ? "" : `,"swatch_image":${JSON.stringify(v.swatch)}`;
  const made = {
    name: v.name,
    color: v.color,
    swatch: v.swatch,
    head: encoder.encode(`{"id":${JSON.stringify(v.id)},"name":${JSON.stringify(v.name)},"total":`),
    tail: encoder.encode(`${color}${swatch}}`),
  };
  known.set(v.id, made);
  return made;
}

/** Writes the JSON of `facets` as the answer's filters; `registry`: the values' own. */
export function writeFilters(out: ByteWriter, registry: object, facets: readonly Facet[]): void {
  let known = kept.get(registry);
  if (known === undefined) {
    known = { values: new Map(), filters: new Map() };
    kept.set(registry, known);
  }
  out.byte(OPEN_LIST);
  for (let i = 0; i < facets.length; i++) {
    const facet = facets[i] as Facet;
    if (i > 0) out.byte(COMMA);
    let head = known.filters.get(facet.id);
    if (head === undefined || head.name !== facet.name) {
      const json = `{"id":${JSON.stringify(facet.id)},"name":${JSON.stringify(facet.name)},"values":[`;
      head = { name: facet.name, head: encoder.encode(json) };
      known.filters.set(facet.id, head);
    }
    out.bytes(head.head);
    const { values } = facet;
    for (let j = 0; j < values.length; j++) {
      const v = values[j] as FacetValue;
      if (j > 0) out.byte(COMMA);
      const pieces = piecesOf(known.values, v);
      out.bytes(pieces.head);
      out.count(v.total);
      out.bytes(pieces.tail);
    }
    out.byte(CLOSE_LIST);
    out.byte(CLOSE_OBJECT);
  }
  out.byte(CLOSE_LIST);
}

/** Each category's head by language and slot, by the category table, with the record it is of. */
const categoryHeads = new WeakMap<
  object,
  Map<Language, Map<number, { record: unknown; head: Uint8Array }>>
>();

const category = categoryView();

/** Writes the JSON of `categories` as the answer's, in `language`. */
export function writeCategories(
  out: ByteWriter,
  snap: Snapshot,
  language: Language,
  categories: readonly CategoryCount[],
): void {
  let byLanguage = categoryHeads.get(snap.categories);
  if (byLanguage === undefined) {
    byLanguage = new Map();
    categoryHeads.set(snap.categories, byLanguage);
  }
  let heads = byLanguage.get(language);
  if (heads === undefined) {
    heads = new Map();
    byLanguage.set(language, heads);
  }
  out.byte(OPEN_LIST);
  for (let i = 0; i < categories.length; i++) {
    const { slot, total } = categories[i] as CategoryCount;
    if (i > 0) out.byte(COMMA);
    const record = snap.categories.entries[slot]?.record;
    let head = heads.get(slot);
    if (head === undefined || head.record !== record) {
      const c = readCategory(snap, slot, language, category);
      const json = JSON.stringify({
        id: c.id ?? 0,
        source_id: c.sourceId,
        name: c.name,
        url: c.url,
      });
      head = { record, head: encoder.encode(`${json.slice(0, -1)},"total":`) };
      heads.set(slot, head);
    }
    out.bytes(head.head);
    out.count(total);
    out.byte(CLOSE_OBJECT);
  }
  out.byte(CLOSE_LIST);
}
