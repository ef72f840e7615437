import type { CategoryRecord } from "../../model/records.ts";
import { LANGUAGE_BIT } from "./languages.ts";
import { buildStemIndex } from "./stem-index.ts";
import { EMPTY_MULTIMAP, type StringMultiMap } from "./string-multimap.ts";
import { EMPTY_TERM_INDEX, FIELD, type TermIndex, TermIndexBuilder } from "./term-index.ts";
import { TextIndexer } from "./text-fields.ts";

// The categories of a snapshot. Products refer to a category by slot (dense, by
// source_category_id, kept stable across rebuilds of this table), and the category's own
// text is indexed here, once, rather than into each product's postings: an upserted category
// then costs a rebuild of this small table, not a reindex of its products.

export interface CategoryEntry {
  /** source_category_id as products refer to it. */
  readonly source: string;
  /** null for a category that products name but that was never imported. */
  readonly record: CategoryRecord | null;
}

export interface CategoryTable {
  readonly entries: readonly CategoryEntry[];
  readonly slots: ReadonlyMap<string, number>;
  /** Docs of this index are slots; fields: name (0) and synonyms/keywords (1). */
  readonly text: TermIndex;
  readonly stems: StringMultiMap;
  /** Memo of query expansions over `text`; not part of the data. */
  readonly cache: Map<string, unknown>;
}

export const EMPTY_CATEGORIES: CategoryTable = {
  entries: [],
  slots: new Map(),
  text: EMPTY_TERM_INDEX,
  stems: EMPTY_MULTIMAP,
  cache: new Map(),
};

/** `base` with `records` upserted (by source_category_id); slots of `base` are kept. */
export function buildCategoryTable(
  base: CategoryTable,
  records: readonly CategoryRecord[],
): CategoryTable {
  const entries = base.entries.slice();
  const slots = new Map(base.slots);
  for (const record of records) {
    const source = String(record.source_category_id);
    const slot = slots.get(source);
    if (slot === undefined) {
      slots.set(source, entries.length);
      entries.push({ source, record });
    } else {
      entries[slot] = { source, record };
    }
  }
  const builder = new TermIndexBuilder();
  const text = new TextIndexer(builder);
  for (let slot = 0; slot < entries.length; slot++) {
    const record = (entries[slot] as CategoryEntry).record;
    if (record !== null) {
      for (const t of record.translations) {
        const languages = LANGUAGE_BIT[t.language];
        text.add(t.name, FIELD.name, 0, languages);
        const next = text.addList(t.synonyms, FIELD.keywords, 0, languages);
        text.addList(t.keywords, FIELD.keywords, next, languages);
      }
    }
    builder.endDoc(slot);
  }
  const { index, languages } = builder.build();
  return {
    entries,
    slots,
    text: index,
    stems: buildStemIndex(index.terms, languages),
    cache: new Map(),
  };
}

/** Copy-on-write editor adding slots for categories products name but that are unknown. */
export class CategoryTableDraft {
  private entries: CategoryEntry[] | null = null;
  private slots: Map<string, number> | null = null;

  constructor(private readonly base: CategoryTable) {}

  slot(source: string): number {
    const known = (this.slots ?? this.base.slots).get(source);
    if (known !== undefined) return known;
    if (this.entries === null || this.slots === null) {
      this.entries = this.base.entries.slice();
      this.slots = new Map(this.base.slots);
    }
    const created = this.entries.length;
    this.entries.push({ source, record: null });
    this.slots.set(source, created);
    return created;
  }

  build(): CategoryTable {
    if (this.entries === null || this.slots === null) return this.base;
    return { ...this.base, entries: this.entries, slots: this.slots };
  }
}
