import type { Language } from "../../model/records.ts";
import { attributeId, valueId } from "./hash-ids.ts";
import { languageIndex } from "./languages.ts";
import { WordIds } from "./word-ids.ts";

// Filter attributes and values of a snapshot, numbered by dense slots that segments store per
// doc. Shared by successive snapshots: a patch that brings new values or changes a swatch
// works on a copy (see draft), so a snapshot's registry never changes under its readers.
//
// One attribute across languages (docs/ARCHITECTURE.md, "Filters across languages"): the
// translations of a product list their filter params in the same order (a feed writes each
// language's params from one record), so param i of its `uk` translation and param i of its
// `en` one are one attribute and one value. `link` joins them into a concept: at most one
// attribute (value) per language, the first link winning, so that one product whose params are
// out of order cannot fold two attributes into one. An answer in a language shows each concept
// once, under its member in that language, else its uk one, else ru, else en.

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
  /** Concept of each value slot: the slot whose row of valueMembers holds it. */
  readonly valueConcept: Int32Array;
  /** Per concept (a value slot) and language index (uk, ru, en): its value slot, or -1. */
  readonly valueMembers: Int32Array;
  /** The same for attributes. */
  readonly attributeConcept: Int32Array;
  readonly attributeMembers: Int32Array;
}

export const EMPTY_FACETS: FacetRegistry = {
  attributes: [],
  attributeSizes: [],
  values: [],
  attributeSlots: new Map(),
  valueSlots: new Map(),
  valueAttribute: new Uint32Array(0),
  valueConcept: new Int32Array(0),
  valueMembers: new Int32Array(0),
  attributeConcept: new Int32Array(0),
  attributeMembers: new Int32Array(0),
};

/** The member of a concept an answer in language index `l` shows: l's, else uk, ru, en. */
function shownMember(members: Int32Array, concept: number, l: number): number {
  const own = members[concept * 3 + l] as number;
  if (own >= 0) return own;
  for (let k = 0; k < 3; k++) {
    const m = members[concept * 3 + k] as number;
    if (m >= 0) return m;
  }
  return concept;
}

/** The value slot shown for value slot `v` in an answer in language index `l`. */
export const shownValue = (r: FacetRegistry, v: number, l: number): number =>
  shownMember(r.valueMembers, r.valueConcept[v] as number, l);

/** The attribute slot shown for attribute slot `a` in an answer in language index `l`. */
export const shownAttribute = (r: FacetRegistry, a: number, l: number): number =>
  shownMember(r.attributeMembers, r.attributeConcept[a] as number, l);

/** Value slots of one concept with `v` (v itself included). */
export const valueTwins = (r: FacetRegistry, v: number): number[] =>
  conceptMembers(r.valueMembers, r.valueConcept[v] as number, v);

/** Attribute slots of one concept with `a` (a itself included). */
export const attributeTwins = (r: FacetRegistry, a: number): number[] =>
  conceptMembers(r.attributeMembers, r.attributeConcept[a] as number, a);

/** The slots of concept `c` in its three languages; `slot` alone when it has none. */
function conceptMembers(members: Int32Array, c: number, slot: number): number[] {
  const out: number[] = [];
  for (let k = 0; k < 3; k++) {
    const m = members[c * 3 + k] as number;
    if (m >= 0) out.push(m);
  }
  return out.length === 0 ? [slot] : out;
}

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

interface Writable {
  attributes: FacetAttribute[];
  attributeSizes: number[];
  values: FacetValue[];
  attributeSlots: Map<number, number>;
  valueSlots: Map<number, number>;
  valueConcept: number[];
  valueMembers: number[];
  attributeConcept: number[];
  attributeMembers: number[];
}

/** Copy-on-write editor of a registry: nothing is copied until something changes. */
export class FacetRegistryDraft {
  private w: Writable | null = null;

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
    const slot = (this.w?.valueSlots ?? this.base.valueSlots).get(id);
    if (slot !== undefined) {
      const old = (this.w?.values ?? this.base.values)[slot] as FacetValue;
      const color = style.color ?? old.color;
      const swatch = style.swatch ?? old.swatch;
      if (color !== old.color || swatch !== old.swatch) {
        this.writable().values[slot] = { ...old, color, swatch };
      }
      return slot;
    }
    let attr = (this.w?.attributeSlots ?? this.base.attributeSlots).get(attrId);
    const sizes = this.w?.attributeSizes ?? this.base.attributeSizes;
    if (attr === undefined && sizes.length >= REGISTRY_LIMITS.attributes) return -1;
    if (attr !== undefined && (sizes[attr] as number) >= REGISTRY_LIMITS.valuesPerAttribute)
      return -1;
    const w = this.writable();
    const l = languageIndex(language);
    if (attr === undefined) {
      attr = w.attributes.length;
      w.attributes.push({ id: attrId, name: attributeName, language });
      w.attributeSizes.push(0);
      w.attributeSlots.set(attrId, attr);
      w.attributeConcept.push(attr);
      w.attributeMembers.push(-1, -1, -1);
      w.attributeMembers[attr * 3 + l] = attr;
    }
    w.attributeSizes[attr] = (w.attributeSizes[attr] as number) + 1;
    const created = w.values.length;
    w.values.push({ id, attribute: attr, name: value, color: style.color, swatch: style.swatch });
    w.valueSlots.set(id, created);
    w.valueConcept.push(created);
    w.valueMembers.push(-1, -1, -1);
    w.valueMembers[created * 3 + l] = created;
    return created;
  }

  /**
   * Makes value slots `a` and `b` (of two translations of one product) one value, and their
   * attributes one attribute, unless a concept would then hold two of one language.
   */
  link(a: number, b: number): void {
    const r = this.w ?? this.base;
    const va = r.valueConcept[a] as number;
    const vb = r.valueConcept[b] as number;
    if (va === vb) return; // the common case: learnt from an earlier product
    const values = r.values;
    const attrA = (values[a] as FacetValue).attribute;
    const attrB = (values[b] as FacetValue).attribute;
    const ca = r.attributeConcept[attrA] as number;
    const cb = r.attributeConcept[attrB] as number;
    if (ca !== cb && overlap(r.attributeMembers, ca, cb)) return;
    if (overlap(r.valueMembers, va, vb)) return;
    const w = this.writable();
    if (ca !== cb) join(w.attributeMembers, w.attributeConcept, ca, cb);
    join(w.valueMembers, w.valueConcept, va, vb);
  }

  build(): FacetRegistry {
    const w = this.w;
    if (w === null) return this.base;
    return {
      attributes: w.attributes,
      attributeSizes: w.attributeSizes,
      values: w.values,
      attributeSlots: w.attributeSlots,
      valueSlots: w.valueSlots,
      valueAttribute: Uint32Array.from(w.values, (v) => v.attribute),
      valueConcept: Int32Array.from(w.valueConcept),
      valueMembers: Int32Array.from(w.valueMembers),
      attributeConcept: Int32Array.from(w.attributeConcept),
      attributeMembers: Int32Array.from(w.attributeMembers),
    };
  }

  private writable(): Writable {
    if (this.w === null) {
      const b = this.base;
      this.w = {
        attributes: b.attributes.slice(),
        attributeSizes: b.attributeSizes.slice(),
        values: b.values.slice(),
        attributeSlots: new Map(b.attributeSlots),
        valueSlots: new Map(b.valueSlots),
        valueConcept: Array.from(b.valueConcept),
        valueMembers: Array.from(b.valueMembers),
        attributeConcept: Array.from(b.attributeConcept),
        attributeMembers: Array.from(b.attributeMembers),
      };
    }
    return this.w;
  }
}

/** Whether concepts x and y both have a member of some language. */
function overlap(members: ArrayLike<number>, x: number, y: number): boolean {
  for (let k = 0; k < 3; k++)
    if ((members[x * 3 + k] as number) >= 0 && (members[y * 3 + k] as number) >= 0) return true;
  return false;
}

/** Moves the members of concept y into x (they do not overlap). */
function join(members: number[], concept: number[], x: number, y: number): void {
  for (let k = 0; k < 3; k++) {
    const m = members[y * 3 + k] as number;
    if (m < 0) continue;
    members[x * 3 + k] = m;
    members[y * 3 + k] = -1;
    concept[m] = x;
  }
}
