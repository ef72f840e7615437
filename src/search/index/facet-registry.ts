import type { Language } from "../../model/records.ts";
import { attributeId, valueId } from "./hash-ids.ts";
import { WordIds } from "./word-ids.ts";

// Filter attributes and values of a snapshot, numbered by dense slots that segments store per
// doc. Shared by successive snapshots: a patch that brings new values or changes a swatch
// works on a copy (see draft), so a snapshot's registry never changes under its readers.

export interface FacetAttribute {
  /** Stable id (hash of language and name), the one the API shows. */
  readonly id: number;
  readonly name: string;
  readonly language: Language;
}

export interface FacetValue {
  readonly id: number;
  /** Slot of the attribute. */
  readonly attribute: number;
  readonly name: string;
  readonly color: string | null;
  readonly swatch: string | null;
}

/**
 * What one domain's index may hold (README "Search", limits): the first values of an attribute
 * and the first attributes the index meets are filters; those past the caps are not (the text
 * stays searchable), until a reindex rebuilds the registry from the products of that day.
 */
export const REGISTRY_LIMITS = { attributes: 2000, valuesPerAttribute: 1000 } as const;

export interface FacetRegistry {
  readonly attributes: readonly FacetAttribute[];
  /** Values of each attribute slot. */
  readonly attributeSizes: readonly number[];
  readonly values: readonly FacetValue[];
  readonly attributeSlots: ReadonlyMap<number, number>;
  readonly valueSlots: ReadonlyMap<number, number>;
  /** Attribute slot of each value slot, for the per-candidate loops of facet counting. */
  readonly valueAttribute: Uint32Array;
}

export const EMPTY_FACETS: FacetRegistry = {
  attributes: [],
  attributeSizes: [],
  values: [],
  attributeSlots: new Map(),
  valueSlots: new Map(),
  valueAttribute: new Uint32Array(0),
};

/** Values the id memo holds before it starts again from empty. */
const MEMO_LIMIT = 1 << 17;

/**
 * language -> attribute name -> value -> ids, for the whole process: ids depend on the text
 * alone, and their 53-bit hashing is the dear part of placing a value, so it is paid once per
 * value instead of once per patch. Interned with WordIds, which beat nested Maps keyed by
 * fresh strings.
 */
class IdMemo {
  private readonly byLanguage = new Map<
    string,
    { names: WordIds; attributeIds: number[]; values: WordIds[]; valueIds: number[][] }
  >();
  private size = 0;
  /** The attribute id of the last valueId call. */
  attributeId = 0;

  valueId(language: string, attributeName: string, value: string): number {
    if (this.size >= MEMO_LIMIT) {
      this.byLanguage.clear();
      this.size = 0;
    }
    let byName = this.byLanguage.get(language);
    if (byName === undefined) {
      byName = { names: new WordIds(64), attributeIds: [], values: [], valueIds: [] };
      this.byLanguage.set(language, byName);
    }
    const name = byName.names.intern(attributeName);
    if (name === byName.attributeIds.length) {
      byName.attributeIds.push(attributeId(language, attributeName));
      byName.values.push(new WordIds(64));
      byName.valueIds.push([]);
    }
    this.attributeId = byName.attributeIds[name] as number;
    const ids = byName.valueIds[name] as number[];
    const at = (byName.values[name] as WordIds).intern(value);
    if (at === ids.length) {
      ids.push(valueId(this.attributeId, value));
      this.size++;
    }
    return ids[at] as number;
  }
}

const memo = new IdMemo();

/** Copy-on-write editor of a registry: nothing is copied until something changes. */
export class FacetRegistryDraft {
  private attributes: FacetAttribute[] | null = null;
  private attributeSizes: number[] | null = null;
  private values: FacetValue[] | null = null;
  private attributeSlots: Map<number, number> | null = null;
  private valueSlots: Map<number, number> | null = null;

  constructor(private readonly base: FacetRegistry) {}

  /**
   * The slot of (language, attribute name, value), created or updated as needed; -1 when it is
   * new and its attribute, or the registry, is full (REGISTRY_LIMITS).
   */
  valueSlot(
    language: Language,
    attributeName: string,
    value: string,
    style: { color: string | null; swatch: string | null },
  ): number {
    const id = memo.valueId(language, attributeName, value);
    const attrId = memo.attributeId;
    const slot = (this.valueSlots ?? this.base.valueSlots).get(id);
    if (slot !== undefined) {
      const old = (this.values ?? this.base.values)[slot] as FacetValue;
      const color = style.color ?? old.color;
      const swatch = style.swatch ?? old.swatch;
      if (color !== old.color || swatch !== old.swatch) {
        this.writable().values[slot] = { ...old, color, swatch };
      }
      return slot;
    }
    let attr = (this.attributeSlots ?? this.base.attributeSlots).get(attrId);
    const sizes = this.attributeSizes ?? this.base.attributeSizes;
    if (attr === undefined && sizes.length >= REGISTRY_LIMITS.attributes) return -1;
    if (attr !== undefined && (sizes[attr] as number) >= REGISTRY_LIMITS.valuesPerAttribute)
      return -1;
    const w = this.writable();
    if (attr === undefined) {
      attr = w.attributes.length;
      w.attributes.push({ id: attrId, name: attributeName, language });
      w.attributeSizes.push(0);
      w.attributeSlots.set(attrId, attr);
    }
    w.attributeSizes[attr] = (w.attributeSizes[attr] as number) + 1;
    const created = w.values.length;
    w.values.push({ id, attribute: attr, name: value, color: style.color, swatch: style.swatch });
    w.valueSlots.set(id, created);
    return created;
  }

  build(): FacetRegistry {
    return this.current();
  }

  private current(): FacetRegistry {
    if (this.values === null) return this.base;
    return {
      attributes: this.attributes as FacetAttribute[],
      attributeSizes: this.attributeSizes as number[],
      values: this.values,
      attributeSlots: this.attributeSlots as Map<number, number>,
      valueSlots: this.valueSlots as Map<number, number>,
      valueAttribute: Uint32Array.from(this.values, (v) => v.attribute),
    };
  }

  private writable(): {
    attributes: FacetAttribute[];
    attributeSizes: number[];
    values: FacetValue[];
    attributeSlots: Map<number, number>;
    valueSlots: Map<number, number>;
  } {
    if (this.values === null) {
      this.attributes = this.base.attributes.slice();
      this.attributeSizes = this.base.attributeSizes.slice();
      this.values = this.base.values.slice();
      this.attributeSlots = new Map(this.base.attributeSlots);
      this.valueSlots = new Map(this.base.valueSlots);
    }
    return {
      attributes: this.attributes as FacetAttribute[],
      attributeSizes: this.attributeSizes as number[],
      values: this.values as FacetValue[],
      attributeSlots: this.attributeSlots as Map<number, number>,
      valueSlots: this.valueSlots as Map<number, number>,
    };
  }
}
