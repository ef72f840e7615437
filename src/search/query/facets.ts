import type { Facet, FacetValue } from "../engine-types.ts";
import type { FacetAttribute, FacetRegistry } from "../index/facet-registry.ts";

// Attribute filters and their counts. Values of one attribute are OR-ed, attributes AND-ed.
// Counts are disjunctive (as in Algolia and Meilisearch facet search): a value's count is taken
// with every selection applied except the one on its own attribute, so choosing "red" still
// shows how many "blue" there are. One pass over the candidates: a doc that fails no selected
// attribute counts for every value it has; a doc that fails exactly one counts only for the
// values of that attribute; any other doc counts for nothing.

const MAX_SELECTED_ATTRIBUTES = 31;

/** The most attributes, and values of each, one answer carries (README "Search", limits). */
export const FACET_LIMITS = { attributes: 30, values: 100 } as const;

export interface FilterSelection {
  /** Bit of each selected attribute, by attribute slot (0 when not selected). */
  readonly attributeBit: Int32Array;
  /** 1 for each selected value slot. */
  readonly selected: Uint8Array;
  readonly selectedSlots: readonly number[];
  /** All attribute bits: a doc must have one value of each. */
  readonly all: number;
}

/** The selection of the given value ids; ids unknown to the snapshot are ignored. */
export function selectFilters(
  registry: FacetRegistry,
  valueIds: readonly number[],
): FilterSelection {
  const attributeBit = new Int32Array(registry.attributes.length);
  const selected = new Uint8Array(registry.values.length);
  const selectedSlots: number[] = [];
  let bits = 0;
  let all = 0;
  for (const id of valueIds) {
    const slot = registry.valueSlots.get(id);
    if (slot === undefined || selected[slot] === 1) continue;
    const attribute = registry.valueAttribute[slot] as number;
    if (attributeBit[attribute] === 0) {
      if (bits === MAX_SELECTED_ATTRIBUTES) continue;
      attributeBit[attribute] = 1 << bits++;
      all |= attributeBit[attribute] as number;
    }
    selected[slot] = 1;
    selectedSlots.push(slot);
  }
  return { attributeBit, selected, selectedSlots, all };
}

/**
 * Selected attributes the doc has no selected value of (0: it passes every filter). The doc's
 * values are items[from .. to).
 */
export function failedAttributes(
  registry: FacetRegistry,
  sel: FilterSelection,
  items: Uint32Array,
  from: number,
  to: number,
): number {
  let has = 0;
  for (let i = from; i < to; i++) {
    const v = items[i] as number;
    if (sel.selected[v] === 1)
      has |= sel.attributeBit[registry.valueAttribute[v] as number] as number;
  }
  return sel.all & ~has;
}

export class FacetCounter {
  private readonly counts: Uint32Array;
  private readonly touched: number[] = [];

  constructor(
    private readonly registry: FacetRegistry,
    private readonly sel: FilterSelection,
  ) {
    this.counts = new Uint32Array(registry.values.length);
  }

  /** Counts the doc whose values are items[from .. to) and that failed the attributes `failed`. */
  add(items: Uint32Array, from: number, to: number, failed: number): void {
    const counts = this.counts;
    if (failed === 0) {
      // Every doc of a query without filters: the loop a broad word runs 100,000 times.
      for (let i = from; i < to; i++) {
        const v = items[i] as number;
        const n = counts[v] as number;
        if (n === 0) this.touched.push(v);
        counts[v] = n + 1;
      }
      return;
    }
    if ((failed & (failed - 1)) !== 0) return;
    for (let i = from; i < to; i++) {
      const v = items[i] as number;
      const bit = this.sel.attributeBit[this.registry.valueAttribute[v] as number] as number;
      if (bit !== failed) continue;
      if ((counts[v] as number) === 0) this.touched.push(v);
      counts[v] = (counts[v] as number) + 1;
    }
  }

  /**
   * Attributes by the number of products counted under them, values by count then name;
   * selected values stay listed even when nothing is left under them. An answer carries at
   * most FACET_LIMITS.attributes attributes and FACET_LIMITS.values values of each, the most
   * frequent (by count; at equal counts on the cut, the value the index met first), plus every
   * selected one: a store with thousands of values would otherwise send them all in every
   * answer.
   */
  result(): Facet[] {
    const byAttribute = new Map<number, { slots: number[]; weight: number; selected: boolean }>();
    const seen = new Set<number>();
    const add = (v: number, selected: boolean) => {
      if (seen.has(v)) return;
      seen.add(v);
      const a = this.registry.valueAttribute[v] as number;
      const group = byAttribute.get(a);
      if (group === undefined)
        byAttribute.set(a, { slots: [v], weight: this.counts[v] as number, selected });
      else {
        group.slots.push(v);
        group.weight += this.counts[v] as number;
        group.selected ||= selected;
      }
    };
    for (const v of this.sel.selectedSlots) add(v, true);
    for (const v of this.touched) add(v, false);
    const attributes: { slot: number; name: string; weight: number; selected: boolean }[] = [];
    for (const [a, group] of byAttribute) {
      const attribute = this.registry.attributes[a];
      if (attribute !== undefined) attributes.push({ slot: a, name: attribute.name, ...group });
    }
    const byWeight = (x: { weight: number; name: string }, y: { weight: number; name: string }) =>
      y.weight - x.weight || collator.compare(x.name, y.name);
    attributes.sort(byWeight);
    const kept = attributes.filter((a, i) => i < FACET_LIMITS.attributes || a.selected);
    return kept.map((a) => {
      const attribute = this.registry.attributes[a.slot] as FacetAttribute;
      const values = this.topSlots((byAttribute.get(a.slot) as { slots: number[] }).slots).map(
        (v) => {
          const meta = this.registry.values[v];
          const value: FacetValue = {
            id: meta?.id ?? 0,
            name: meta?.name ?? "",
            total: this.counts[v] as number,
          };
          if (meta?.color) value.color = meta.color;
          if (meta?.swatch) value.swatch = meta.swatch;
          return value;
        },
      );
      values.sort((x, y) => y.total - x.total || collator.compare(x.name, y.name));
      return { id: attribute.id, name: attribute.name, values };
    });
  }

  /** The FACET_LIMITS.values most frequent of an attribute's value slots, and the selected. */
  private topSlots(slots: number[]): number[] {
    if (slots.length <= FACET_LIMITS.values) return slots;
    // Numbers only: the names' collation is paid for the values kept, not for thousands.
    const ranked = slots.slice().sort((x, y) => {
      const d = (this.counts[y] as number) - (this.counts[x] as number);
      return d !== 0 ? d : x - y;
    });
    const top = ranked.slice(0, FACET_LIMITS.values);
    for (const v of ranked.slice(FACET_LIMITS.values)) if (this.sel.selected[v] === 1) top.push(v);
    return top;
  }
}

const collator = new Intl.Collator("uk", { numeric: true });
