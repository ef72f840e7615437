import { LANGUAGES, type ProductRecord } from "../../model/records.ts";
import { otherLanguageWords } from "../analysis/attribute-words.ts";
import { codeKey } from "../analysis/index.ts";
import type { CategoryTableDraft } from "./category-table.ts";
import { displayFields } from "./display.ts";
import { DocStoreBuilder } from "./doc-store.ts";
import { FacetListsBuilder } from "./facet-lists.ts";
import type { FacetRegistryDraft } from "./facet-registry.ts";
import { F64Vec, U8Vec, U32Vec } from "./growable.ts";
import { LANGUAGE_BIT, pickTranslation } from "./languages.ts";
import { contentTimeOf, discountedOf, priceOf, stockStateOf } from "./offer-columns.ts";
import { groupByCategory, groupKeyOf, HOT, type Segment, sortDocsById } from "./segment.ts";
import { buildStemIndex } from "./stem-index.ts";
import { buildStringMultiMap } from "./string-multimap.ts";
import { FIELD, TermIndexBuilder } from "./term-index.ts";
import { TextIndexer } from "./text-fields.ts";
import type { WarehouseRegistryDraft } from "./warehouse-registry.ts";

// Building a segment from product records: the one place where product text is analysed.

export interface SegmentContext {
  readonly categories: CategoryTableDraft;
  readonly facets: FacetRegistryDraft;
  readonly warehouses: WarehouseRegistryDraft;
}

/** Products must have distinct ids. */
export function buildSegment(products: readonly ProductRecord[], ctx: SegmentContext): Segment {
  const builder = new SegmentBuilder(ctx, products.length);
  for (const p of products) builder.add(p);
  return builder.build();
}

/**
 * A segment built product by product, so that a large patch can be analysed in slices with
 * other work in between and still become one segment (slices made into segments of their own
 * cost ~35% more, in segments and merges). Holds at most `capacity` products, of distinct ids.
 */
export class SegmentBuilder {
  private size = 0;
  private readonly hot: Float64Array;
  private readonly newPrice: Float64Array;
  private readonly oldPrice: Float64Array;
  private readonly languageMap: Uint8Array;
  private readonly stockOffsets: Uint32Array;
  private readonly stockWarehouse = new U32Vec();
  private readonly stockState = new U8Vec();
  private readonly stockNew = new F64Vec();
  private readonly stockOld = new F64Vec();
  private readonly facetLists = new FacetListsBuilder();
  private readonly terms = new TermIndexBuilder();
  private readonly text = new TextIndexer(this.terms);
  // The whole code without punctuation, so "WH-1000XM5", "wh1000xm5" and "WH 1000 XM5" meet.
  private readonly codes = new Map<string, number[]>();
  private readonly display = new DocStoreBuilder();

  constructor(
    private readonly ctx: SegmentContext,
    readonly capacity: number,
  ) {
    this.hot = new Float64Array(capacity * HOT.stride);
    this.newPrice = new Float64Array(capacity);
    this.oldPrice = new Float64Array(capacity);
    this.languageMap = new Uint8Array(capacity);
    this.stockOffsets = new Uint32Array(capacity + 1);
  }

  get count(): number {
    return this.size;
  }

  add(p: ProductRecord): void {
    // Typed arrays drop writes past their end without a word: refuse instead.
    if (this.size >= this.capacity) throw new Error("segment builder is full");
    const { ctx, hot, stockWarehouse } = this;
    const doc = this.size++;
    const h = doc * HOT.stride;
    hot[h + HOT.discounted] = discountedOf(p);
    hot[h + HOT.updatedAt] = contentTimeOf(p);
    hot[h + HOT.productId] = p.id;
    hot[h + HOT.flags] = ctx.categories.slot(p.source_category_id) * 2 + (p.availability ? 1 : 0);
    hot[h + HOT.group] = groupKeyOf(p.group_id, p.is_main);
    this.newPrice[doc] = priceOf(p.new_price);
    this.oldPrice[doc] = priceOf(p.old_price);

    for (const w of p.warehouses) {
      stockWarehouse.push(ctx.warehouses.slot(w.external_id));
      this.stockState.push(stockStateOf(w));
      this.stockNew.push(priceOf(w.new_price));
      this.stockOld.push(priceOf(w.old_price));
    }
    this.stockOffsets[doc + 1] = stockWarehouse.length;

    // The filter values of each translation, in param order (-1: past the registry's caps).
    const slots = p.translations.map((t) => filterSlots(t, ctx.facets));
    linkTranslations(p, slots, ctx.facets);
    let map = 0;
    // Per translation, its list: languages shown the same translation share it.
    const lists = new Map<number, number>();
    for (let l = 0; l < LANGUAGES.length; l++) {
      const shown = pickTranslation(p.translations, LANGUAGES[l] as (typeof LANGUAGES)[number]);
      map |= shown << (l * 2);
      let list = lists.get(shown);
      if (list === undefined) {
        const values: number[] = [];
        for (const slot of slots[shown] ?? [])
          if (slot >= 0 && !values.includes(slot)) values.push(slot);
        list = this.facetLists.intern(values);
        lists.set(shown, list);
      }
      hot[h + HOT.facets + l] = list;
    }
    this.languageMap[doc] = map;

    indexProductText(this.text, p);
    const key = codeKey(p.code);
    if (key !== "") {
      const list = this.codes.get(key);
      if (list === undefined) this.codes.set(key, [doc]);
      else list.push(doc);
    }
    this.terms.endDoc(doc);
    this.display.add(displayFields(p));
  }

  build(): Segment {
    const { size } = this;
    // Fewer products than announced (a record the store no longer had): trim the arrays.
    const fit = <T extends Float64Array | Uint8Array | Uint32Array>(a: T, length: number): T =>
      a.length === length ? a : (a.slice(0, length) as T);
    const hot = fit(this.hot, size * HOT.stride);
    const built = this.terms.build();
    return {
      size,
      hot,
      idOrder: sortDocsById(hot, size),
      newPrice: fit(this.newPrice, size),
      oldPrice: fit(this.oldPrice, size),
      stock: {
        offsets: fit(this.stockOffsets, size + 1),
        warehouse: this.stockWarehouse.toArray(),
        state: this.stockState.toArray(),
        newPrice: this.stockNew.toArray(),
        oldPrice: this.stockOld.toArray(),
      },
      text: built.index,
      stems: buildStemIndex(built.index.terms, built.languages),
      codes: buildStringMultiMap(this.codes),
      categoryDocs: groupByCategory(hot, size, this.ctx.categories.build().entries.length),
      facetLists: this.facetLists.build(),
      display: this.display.build(),
      languageMap: fit(this.languageMap, size),
      stamps: new Uint32Array(size),
      cache: new Map(),
    };
  }
}

/** Slots of the filter values (is_filter params) of a translation, in order. */
function filterSlots(
  t: ProductRecord["translations"][number],
  facets: FacetRegistryDraft,
): number[] {
  const out: number[] = [];
  for (const param of t.params) {
    if (!param.is_filter) continue;
    out.push(
      facets.valueSlot(t.language, param.name.trim(), param.value.trim(), {
        color: param.color,
        swatch: param.swatch_image,
      }),
    );
  }
  return out;
}

/**
 * Teaches the registry which values of the product's translations are one (facet-registry.ts):
 * by position when the translations list as many filter params; else only the values whose text
 * is the same and once in each list (a brand, a number), as params may then be out of step.
 */
function linkTranslations(
  p: ProductRecord,
  slots: readonly number[][],
  facets: FacetRegistryDraft,
): void {
  for (let x = 0; x < slots.length; x++) {
    for (let y = x + 1; y < slots.length; y++) {
      const a = slots[x] as number[];
      const b = slots[y] as number[];
      if (a.length === b.length) {
        for (let i = 0; i < a.length; i++) {
          const u = a[i] as number;
          const v = b[i] as number;
          if (u >= 0 && v >= 0) facets.link(u, v);
        }
      } else if (a.length > 0 && b.length > 0) {
        const ta = filterTexts(p.translations[x]);
        const tb = filterTexts(p.translations[y]);
        for (let i = 0; i < a.length; i++) {
          const text = ta[i] as string;
          const j = tb.indexOf(text);
          if (j < 0 || tb.indexOf(text, j + 1) >= 0 || ta.indexOf(text, i + 1) >= 0) continue;
          if (ta.indexOf(text) !== i) continue;
          const u = a[i] as number;
          const v = b[j] as number;
          if (u >= 0 && v >= 0) facets.link(u, v);
        }
      }
    }
  }
}

/** The filter params' values of a translation, in order, compared case-blind. */
const filterTexts = (t: ProductRecord["translations"][number] | undefined): string[] =>
  (t?.params ?? []).filter((q) => q.is_filter).map((q) => q.value.trim().toLowerCase());

/** Every searched field of every translation (PRODUCT.md: fields strongest first). */
function indexProductText(text: TextIndexer, p: ProductRecord): void {
  for (const t of p.translations) {
    const languages = LANGUAGE_BIT[t.language];
    text.add(t.name, FIELD.name, 0, languages);
    // Synonyms run on after the keywords, as one list.
    const next = text.addList(t.keywords, FIELD.keywords, 0, languages);
    text.addList(t.synonyms, FIELD.keywords, next, languages);
    let item = 0;
    for (const param of t.params) {
      // A common value also under its words in the other languages (attribute-words.ts).
      for (const word of otherLanguageWords(param.value))
        text.add(word, FIELD.attribute, item, languages, true);
      item = text.addItem(param.value, FIELD.attribute, item, languages);
    }
    if (t.description !== null) text.add(t.description, FIELD.description, 0, languages);
  }
  if (p.vendor !== null) text.add(p.vendor, FIELD.vendor, 0, 0, true);
  text.add(p.code, FIELD.code, 0, 0);
}
