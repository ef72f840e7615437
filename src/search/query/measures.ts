import { type Measure, measureOf, unitFactor } from "../analysis/measure.ts";
import type { FacetRegistry } from "../index/facet-registry.ts";

// The numeric attributes of a domain's filters (issue 32, point 4): those whose every value is a
// number, with or without a unit, of one dimension ("55\"", "65\""; "1,7 л", "1700 мл"). Their
// values are compared in the dimension's base unit; ranges and stats are said in the unit most
// of the values are written in. Worked out once per registry (a snapshot's), as values change
// only with it.

export interface NumericAttributes {
  /** Per value slot: its number in its base unit; NaN when its attribute is not numeric. */
  readonly value: Float64Array;
  /** Per attribute slot: the unit of its stats and ranges, as most values write it; null when not numeric. */
  readonly unit: readonly (string | null)[];
  /** Per attribute slot: how many base units one of `unit` is. */
  readonly factor: Float64Array;
}

const memo = new WeakMap<FacetRegistry, NumericAttributes>();

export function numericAttributes(registry: FacetRegistry): NumericAttributes {
  const known = memo.get(registry);
  if (known !== undefined) return known;
  const attributes = registry.attributes.length;
  const measures: (Measure | null)[] = registry.values.map((v) => measureOf(v.name));
  // Per attribute: its base (null once two bases or a word are met), and its units' counts.
  const base: (string | null | undefined)[] = new Array(attributes).fill(undefined);
  const units: Map<string, number>[] = Array.from({ length: attributes }, () => new Map());
  // Per attribute and unit: its spellings' counts ("GB", "ГБ").
  const spellings: Map<string, Map<string, number>>[] = Array.from(
    { length: attributes },
    () => new Map(),
  );
  measures.forEach((m, v) => {
    const a = registry.valueAttribute[v] as number;
    if (m === null || (base[a] !== undefined && base[a] !== m.base)) base[a] = null;
    else if (base[a] !== null) {
      base[a] = m.base;
      const u = units[a] as Map<string, number>;
      u.set(m.unit, (u.get(m.unit) ?? 0) + 1);
      const byUnit = spellings[a] as Map<string, Map<string, number>>;
      const w = byUnit.get(m.unit) ?? new Map<string, number>();
      w.set(m.written, (w.get(m.written) ?? 0) + 1);
      byUnit.set(m.unit, w);
    }
  });
  const most = (counts: Map<string, number> | undefined): string | null => {
    let best: string | null = null;
    let n = 0;
    for (const [k, c] of counts ?? []) if (c > n) [best, n] = [k, c];
    return best;
  };
  const canonical = base.map((b, a) => (b === null || b === undefined ? null : most(units[a])));
  const unit = canonical.map((u, a) => (u === null ? null : (most(spellings[a]?.get(u)) ?? u)));
  const factor = Float64Array.from(canonical, (u) => (u === null ? 1 : unitFactor(u)));
  const value = Float64Array.from(measures, (m, v) =>
    m === null || canonical[registry.valueAttribute[v] as number] === null ? Number.NaN : m.value,
  );
  const numeric = { value, unit, factor };
  memo.set(registry, numeric);
  return numeric;
}
