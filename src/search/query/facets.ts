import type { Filter } from "../../model/search.ts";
import type { FacetRegistry } from "../index/facet-registry.ts";

// Attribute filters and their counts. Values of one attribute are OR-ed, attributes AND-ed.
// Counts are disjunctive (as in Algolia and Meilisearch facet search): a value's count is taken
// with every selection applied except the one on its own attribute, so choosing "red" still
// shows how many "blue" there are. One pass over the candidates: a doc that fails no selected
// attribute counts for every value it has; a doc that fails exactly one counts only for the
// values of that attribute; any other doc counts for nothing.

const MAX_SELECTED_ATTRIBUTES = 31;

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
    if (failed !== 0 && (failed & (failed - 1)) !== 0) return;
    for (let i = from; i < to; i++) {
      const v = items[i] as number;
      if (failed !== 0) {
        const bit = this.sel.attributeBit[this.registry.valueAttribute[v] as number] as number;
        if (bit !== failed) continue;
      }
      if ((this.counts[v] as number) === 0) this.touched.push(v);
      this.counts[v] = (this.counts[v] as number) + 1;
    }
  }

  /**
   * Attributes by the number of products counted under them, values by count then name;
   * selected values stay listed even when nothing is left under them.
   */
  result(): Filter[] {
    const byAttribute = new Map<number, number[]>();
    const seen = new Set<number>();
    for (const v of [...this.touched, ...this.sel.selectedSlots]) {
      if (seen.has(v)) continue;
      seen.add(v);
      const a = this.registry.valueAttribute[v] as number;
      const list = byAttribute.get(a);
      if (list === undefined) byAttribute.set(a, [v]);
      else list.push(v);
    }
    const filters: { weight: number; filter: Filter }[] = [];
    for (const [a, slots] of byAttribute) {
      const attribute = this.registry.attributes[a];
      if (attribute === undefined) continue;
      let weight = 0;
      const values = slots.map((v) => {
        const meta = this.registry.values[v];
        const total = this.counts[v] as number;
        weight += total;
        const value: Filter["values"][number] = {
          id: meta?.id ?? 0,
          name: meta?.name ?? "",
          total,
        };
        if (meta?.color) value.color = meta.color;
        if (meta?.swatch) value.swatch_image = meta.swatch;
        return value;
      });
      values.sort((x, y) => y.total - x.total || collator.compare(x.name, y.name));
      filters.push({ weight, filter: { id: attribute.id, name: attribute.name, values } });
    }
    filters.sort((x, y) => y.weight - x.weight || collator.compare(x.filter.name, y.filter.name));
    return filters.map((f) => f.filter);
  }
}

const collator = new Intl.Collator("uk", { numeric: true });
