import type { AttributeRange, Facet, FacetValue } from "../engine-types.ts";
import type { FacetLists } from "../index/facet-lists.ts";
import {
  attributeTwins,
  type FacetAttribute,
  type FacetRegistry,
  shownAttribute,
  shownValue,
  valueTwins,
} from "../index/facet-registry.ts";
import { groupMembers, groupOrdinals } from "./group-ordinals.ts";
import { numericAttributes } from "./measures.ts";

// Attribute filters and their counts. Values of one attribute are OR-ed, attributes AND-ed.
// Counts are disjunctive (as in Algolia and Meilisearch facet search): a value's count is taken
// with every selection applied except the one on its own attribute, so choosing "red" still
// shows how many "blue" there are. One pass over the candidates: a doc that fails no selected
// attribute counts for every value it has; a doc that fails exactly one counts only for the
// values of that attribute; any other doc counts for nothing.
// Across languages (index/facet-registry.ts): the values of one concept are one value, and the
// attributes of one concept one attribute. Docs are counted by the slots they hold (those of
// the translation shown, one language: never two members of a concept); the answer adds the
// counts of a concept's members under the member its language shows, and selecting a value
// selects every member, the attributes of a concept sharing one bit.

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

/**
 * The selection of the given value ids, with the other languages' members of their concepts;
 * ids unknown to the snapshot are ignored. A range of a numeric attribute (measures.ts) selects
 * its values within the range, with those ids (none within it: no product has the attribute
 * selected); a range of an attribute that is not numeric, or unknown, is ignored.
 */
export function selectFilters(
  registry: FacetRegistry,
  valueIds: readonly number[],
  ranges: readonly AttributeRange[] = [],
): FilterSelection {
  if (valueIds.length === 0 && ranges.length === 0) {
    // Most searches select nothing: one empty selection per registry, not two arrays a query.
    const known = noSelection.get(registry);
    if (known !== undefined) return known;
  }
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
      const bit = 1 << bits++;
      for (const a of attributeTwins(registry, attribute)) attributeBit[a] = bit;
      all |= bit;
    }
    for (const v of valueTwins(registry, slot)) {
      if (selected[v] === 1) continue;
      selected[v] = 1;
      selectedSlots.push(v);
    }
  }
  if (ranges.length > 0) {
    const numeric = numericAttributes(registry);
    for (const range of ranges) {
      const attribute = registry.attributeSlots.get(range.attribute);
      if (attribute === undefined || numeric.unit[attribute] === null) continue;
      const twins = attributeTwins(registry, attribute);
      if (attributeBit[attribute] === 0) {
        if (bits === MAX_SELECTED_ATTRIBUTES) continue;
        const bit = 1 << bits++;
        for (const a of twins) attributeBit[a] = bit;
        all |= bit;
      }
      const factor = numeric.factor[attribute] as number;
      const low = range.min === null ? Number.NEGATIVE_INFINITY : range.min * factor;
      const high = range.max === null ? Number.POSITIVE_INFINITY : range.max * factor;
      for (let v = 0; v < registry.values.length; v++) {
        if (selected[v] === 1 || !twins.includes(registry.valueAttribute[v] as number)) continue;
        const value = numeric.value[v] as number;
        // Compared in the base unit; a hair of slack for the decimals of a converted bound.
        if (value >= low - 1e-9 * Math.abs(low) && value <= high + 1e-9 * Math.abs(high)) {
          selected[v] = 1;
          selectedSlots.push(v);
        }
      }
    }
  }
  const selection = { attributeBit, selected, selectedSlots, all };
  if (valueIds.length === 0 && ranges.length === 0) noSelection.set(registry, selection);
  return selection;
}

/** The empty selection of each registry (selectFilters); a selection is never changed. */
const noSelection = new WeakMap<FacetRegistry, FilterSelection>();

/** Selected attributes that values items[from .. to) have no selected value of (0: none). */
function failedAttributes(
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

/**
 * Per segment, per value list: the selection's failed attributes, valid where the stamp is
 * the current generation. Reused from query to query (search is synchronous).
 */
const failureMemo = { stamps: [] as Uint32Array[], failed: [] as Int32Array[], generation: 0 };

/**
 * The attributes each value list (index/facet-lists.ts) fails under a selection: worked out
 * once per list a query meets, not once per candidate.
 */
export class ListFailures {
  private readonly generation: number;

  constructor(
    private readonly registry: FacetRegistry,
    readonly sel: FilterSelection,
    private readonly lists: readonly FacetLists[],
  ) {
    const memo = failureMemo;
    if (++memo.generation === 0xffffffff) {
      for (const stamps of memo.stamps) stamps.fill(0);
      memo.generation = 1;
    }
    this.generation = memo.generation;
    lists.forEach((l, k) => {
      const size = l.offsets.length - 1;
      if ((memo.stamps[k]?.length ?? -1) >= size) return;
      memo.stamps[k] = new Uint32Array(size);
      memo.failed[k] = new Int32Array(size);
    });
  }

  /** The selected attributes list `list` of segment `k` has no selected value of (0: none). */
  of(k: number, list: number): number {
    const stamps = failureMemo.stamps[k] as Uint32Array;
    const failed = failureMemo.failed[k] as Int32Array;
    if (stamps[list] === this.generation) return failed[list] as number;
    const { offsets, items } = this.lists[k] as FacetLists;
    const f = failedAttributes(
      this.registry,
      this.sel,
      items,
      offsets[list] as number,
      offsets[list + 1] as number,
    );
    stamps[list] = this.generation;
    failed[list] = f;
    return f;
  }
}

/**
 * Per segment, per value list (index/facet-lists.ts): the docs counted under it, and the
 * (segment, list) pairs with a count. Reused from query to query (search is synchronous): a
 * catalog of 100,000 lists would otherwise allocate 400 KB a query. Zero but for `touched`,
 * which the next counter clears if the last did not.
 */
const listScratch = { counts: [] as Uint32Array[], touched: [] as number[] };

/**
 * Per value slot, reused from query to query as listScratch is: in Bun a typed array of a
 * registry's size (400-2,000 values) costs 4-7 µs to allocate, as much as counting a broad
 * query's lists. `counts` is zero but for `touched` (the values counted), which the next
 * counter clears; `total` and `seen` are zero but for `marked`.
 */
const valueScratch = {
  counts: new Uint32Array(0),
  total: new Int32Array(0),
  seen: new Uint8Array(0),
  touched: [] as number[],
  /** The slots result() set in `total` and `seen`, cleared as it returns, or after a throw. */
  marked: [] as number[],
};

export class FacetCounter {
  private readonly counts: Uint32Array;
  private readonly touched: number[];
  private readonly listCounts: Uint32Array[];

  constructor(
    private readonly registry: FacetRegistry,
    private readonly sel: FilterSelection,
    /** Index of the answer's language (index/languages.ts). */
    private readonly language: number,
    /** The value lists of each segment of the snapshot. */
    private readonly lists: readonly FacetLists[],
    /** Under a selection, what each list fails; null: nothing selected. */
    private readonly failures: ListFailures | null,
  ) {
    clearValues(registry.values.length);
    this.counts = valueScratch.counts;
    this.touched = valueScratch.touched;
    clearLists();
    lists.forEach((l, k) => {
      const size = l.offsets.length - 1;
      const counts = listScratch.counts[k];
      if (counts === undefined || counts.length < size)
        listScratch.counts[k] = new Uint32Array(size);
    });
    this.listCounts = listScratch.counts;
  }

  /**
   * Counts docs by their value list (index/facet-lists.ts): the n docs of lists[i] in segment
   * segments[i]. The values are counted per list, once, when the result is asked, as the list's
   * failed attributes allow. In a loop of its own, after the candidate pass that gathered them
   * (collect-hits.ts): a call per candidate inside that pass cost a tenth more.
   */
  addLists(segments: Int32Array, lists: Int32Array, n: number): void {
    const touched = listScratch.touched;
    // Most docs are the base segment's: its counts without a look-up each.
    const base = this.listCounts[0] as Uint32Array;
    for (let i = 0; i < n; i++) {
      const segment = segments[i] as number;
      const list = lists[i] as number;
      const counts = segment === 0 ? base : (this.listCounts[segment] as Uint32Array);
      const was = counts[list] as number;
      if (was === 0) touched.push(segment, list);
      counts[list] = was + 1;
    }
  }

  /**
   * As addLists, but a product of several variants (the same group key, segment.ts:
   * groupKeyOf) counts once under a value that any of its variants counts under: one card per
   * product counts products (group_variants). Docs of key 0 have no group: each is its own.
   * `numbered`: groupOrdinals of the keys, when the caller has them.
   */
  addGroupedLists(
    segments: Int32Array,
    lists: Int32Array,
    groups: Float64Array,
    n: number,
    numbered: { ordinal: Int32Array; count: number } = groupOrdinals(groups, n),
  ): void {
    // Each group's docs side by side, so that one stamp per value tells the group counted it.
    const { ordinal, count } = numbered;
    const { offsets, items } = groupMembers(ordinal, n, count);
    const stamp = groupStamps(this.registry.values.length);
    for (let g = 0; g < count; g++) {
      stamp.generation++;
      for (let j = offsets[g] as number; j < (offsets[g + 1] as number); j++) {
        const i = items[j] as number;
        this.addValues(segments[i] as number, lists[i] as number, 1, stamp);
      }
    }
    let alone = 0;
    // The others as addLists counts them, moved to the front (the arrays are scratch).
    for (let i = 0; i < n; i++) {
      if (ordinal[i] !== -1) continue;
      segments[alone] = segments[i] as number;
      lists[alone++] = lists[i] as number;
    }
    this.addLists(segments, lists, alone);
  }

  /** The counts of addLists' lists, added to their values. */
  private countLists(): void {
    const touched = listScratch.touched;
    for (let i = 0; i < touched.length; i += 2) {
      const k = touched[i] as number;
      const list = touched[i + 1] as number;
      const perList = this.listCounts[k] as Uint32Array;
      const docs = perList[list] as number;
      perList[list] = 0;
      this.addValues(k, list, docs, null);
    }
    touched.length = 0;
  }

  /**
   * Adds `docs` to the values that list `list` of segment `k` counts under; with `stamp`, only
   * to those not stamped with its generation yet (and stamps them).
   */
  private addValues(k: number, list: number, docs: number, stamp: GroupStamps | null): void {
    const counts = this.counts;
    const failed = this.failures === null ? 0 : this.failures.of(k, list);
    // Failing two selected attributes, a doc counts nowhere; failing one, only for its values.
    if ((failed & (failed - 1)) !== 0) return;
    const { offsets, items } = this.lists[k] as FacetLists;
    const to = offsets[list + 1] as number;
    for (let j = offsets[list] as number; j < to; j++) {
      const v = items[j] as number;
      if (
        failed !== 0 &&
        this.sel.attributeBit[this.registry.valueAttribute[v] as number] !== failed
      )
        continue;
      if (stamp !== null) {
        if (stamp.stamps[v] === stamp.generation) continue;
        stamp.stamps[v] = stamp.generation;
      }
      const c = counts[v] as number;
      if (c === 0) this.touched.push(v);
      counts[v] = c + docs;
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
    this.countLists();
    const r = this.registry;
    const l = this.language;
    // The shown value of each counted or selected slot, with its members' counts added, plus 1
    // (0: none met), and per attribute shown its values, in the order met: typed arrays by slot
    // rather than maps (a broad query meets hundreds of values).
    clearMarked();
    const { total, seen, marked } = valueScratch;
    const groups: ({ slots: number[]; weight: number; selected: boolean } | undefined)[] =
      new Array(r.attributes.length).fill(undefined);
    const met: number[] = [];
    const numeric = numericAttributes(r);
    const low = new Map<number, number>();
    const high = new Map<number, number>();
    const memo = shownSlots(r, l);
    const add = (v: number, selected: boolean) => {
      if (seen[v] === 1) return;
      seen[v] = 1;
      let shown = memo.value[v] as number;
      if (shown < 0) {
        shown = shownValue(r, v, l);
        memo.value[v] = shown;
        memo.attribute[v] = shownAttribute(r, r.valueAttribute[v] as number, l);
      }
      marked.push(v, shown);
      const n = this.counts[v] as number;
      const a = memo.attribute[v] as number;
      const measure = numeric.value[v] as number;
      if (n > 0 && !Number.isNaN(measure)) {
        if (!(measure >= (low.get(a) ?? Number.POSITIVE_INFINITY))) low.set(a, measure);
        if (!(measure <= (high.get(a) ?? Number.NEGATIVE_INFINITY))) high.set(a, measure);
      }
      const group = groups[a];
      if (group === undefined) {
        groups[a] = { slots: [shown], weight: n, selected };
        met.push(a);
      } else {
        if (total[shown] === 0) group.slots.push(shown);
        group.weight += n;
        group.selected ||= selected;
      }
      total[shown] = ((total[shown] as number) || 1) + n;
    };
    for (const v of this.sel.selectedSlots) add(v, true);
    for (const v of this.touched) add(v, false);
    const attributes: {
      slot: number;
      name: string;
      slots: number[];
      weight: number;
      selected: boolean;
    }[] = [];
    for (const a of met) {
      const attribute = r.attributes[a];
      const group = groups[a];
      if (attribute !== undefined && group !== undefined)
        attributes.push({ slot: a, name: attribute.name, ...group });
    }
    const byWeight = (x: { weight: number; name: string }, y: { weight: number; name: string }) =>
      y.weight - x.weight || collator.compare(x.name, y.name);
    attributes.sort(byWeight);
    const kept = attributes.filter((a, i) => i < FACET_LIMITS.attributes || a.selected);
    const facets = kept.map((a) => {
      const attribute = r.attributes[a.slot] as FacetAttribute;
      const slots = a.slots;
      const values = this.topSlots(slots, total).map((v) => {
        const meta = r.values[v];
        const value: FacetValue = {
          id: meta?.id ?? 0,
          name: meta?.name ?? "",
          total: (total[v] as number) - 1,
        };
        const style = this.style(v);
        if (style.color) value.color = style.color;
        if (style.swatch) value.swatch = style.swatch;
        return value;
      });
      values.sort((x, y) => y.total - x.total || collator.compare(x.name, y.name));
      const facet: Facet = { id: attribute.id, name: attribute.name, values };
      const unit = numeric.unit[a.slot];
      const min = low.get(a.slot);
      const max = high.get(a.slot);
      if (unit != null && min !== undefined && max !== undefined) {
        const factor = numeric.factor[a.slot] as number;
        facet.range = { min: roundUnit(min / factor), max: roundUnit(max / factor), unit };
      }
      return facet;
    });
    clearMarked();
    return facets;
  }

  /**
   * A value's colour and swatch, else those a member of its concept in another language has;
   * kept per registry.
   */
  private style(v: number): Style {
    let styles = stylesMemo.get(this.registry);
    if (styles === undefined) {
      styles = [];
      stylesMemo.set(this.registry, styles);
    }
    const known = styles[v];
    if (known !== undefined) return known;
    const meta = this.registry.values[v];
    let color = meta?.color ?? null;
    let swatch = meta?.swatch ?? null;
    if (color === null || swatch === null) {
      for (const t of valueTwins(this.registry, v)) {
        const twin = this.registry.values[t];
        color ??= twin?.color ?? null;
        swatch ??= twin?.swatch ?? null;
      }
    }
    styles[v] = { color, swatch };
    return styles[v];
  }

  /** The FACET_LIMITS.values most frequent of an attribute's shown value slots, and the selected. */
  private topSlots(slots: number[], total: Int32Array): number[] {
    if (slots.length <= FACET_LIMITS.values) return slots;
    // Numbers only: the names' collation is paid for the values kept, not for thousands.
    const ranked = slots.slice().sort((x, y) => {
      const d = (total[y] as number) - (total[x] as number);
      return d !== 0 ? d : x - y;
    });
    const top = ranked.slice(0, FACET_LIMITS.values);
    for (const v of ranked.slice(FACET_LIMITS.values)) if (this.sel.selected[v] === 1) top.push(v);
    return top;
  }
}

const collator = new Intl.Collator("uk", { numeric: true });

/** Zeroes the value counts the last counter left, and makes the arrays `size` long at least. */
/** A bound converted to its unit, without the float's noise (1.7000000000000002). */
const roundUnit = (n: number): number => Math.round(n * 1e6) / 1e6;

interface Style {
  readonly color: string | null;
  readonly swatch: string | null;
}

/** Each value slot's style (FacetCounter.style), by registry, made at its first answer. */
const stylesMemo = new WeakMap<FacetRegistry, Style[]>();

/**
 * Per value slot, in one language: the slot an answer shows for it and that slot's attribute
 * shown (facet-registry.ts), -1 till a result first meets it; by registry and language index.
 * Worked out for each of a broad answer's 1,300 values, they were a tenth of its counts.
 */
interface ShownSlots {
  readonly value: Int32Array;
  readonly attribute: Int32Array;
}
const shownMemo = new WeakMap<FacetRegistry, ShownSlots[]>();

function shownSlots(registry: FacetRegistry, language: number): ShownSlots {
  let byLanguage = shownMemo.get(registry);
  if (byLanguage === undefined) {
    byLanguage = [];
    shownMemo.set(registry, byLanguage);
  }
  let known = byLanguage[language];
  if (known === undefined || known.value.length !== registry.values.length) {
    const size = registry.values.length;
    known = { value: new Int32Array(size).fill(-1), attribute: new Int32Array(size) };
    byLanguage[language] = known;
  }
  return known;
}

/** Per value slot, the last group (generation) counted under it: addGroupedLists. */
interface GroupStamps {
  stamps: Uint32Array;
  generation: number;
}
const groupScratch: GroupStamps = { stamps: new Uint32Array(0), generation: 0 };

function groupStamps(size: number): GroupStamps {
  const g = groupScratch;
  if (g.stamps.length < size || g.generation > 0xfff00000) {
    g.stamps = new Uint32Array(Math.max(size, g.stamps.length));
    g.generation = 0;
  }
  return g;
}

function clearValues(size: number): void {
  const scratch = valueScratch;
  clearMarked();
  for (const v of scratch.touched) scratch.counts[v] = 0;
  scratch.touched.length = 0;
  if (scratch.counts.length >= size) return;
  scratch.counts = new Uint32Array(size);
  scratch.total = new Int32Array(size);
  scratch.seen = new Uint8Array(size);
}

function clearMarked(): void {
  const { total, seen, marked } = valueScratch;
  for (const v of marked) {
    total[v] = 0;
    seen[v] = 0;
  }
  marked.length = 0;
}

/** Zeroes the list counts a counter left (one whose result was never asked). */
function clearLists(): void {
  const touched = listScratch.touched;
  for (let i = 0; i < touched.length; i += 2)
    (listScratch.counts[touched[i] as number] as Uint32Array)[touched[i + 1] as number] = 0;
  touched.length = 0;
}
