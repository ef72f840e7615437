// The category tree of the generated store, written as a compact hand-made notation
// (taxonomy-*.ts) and flattened here into categories and the kinds of product of the leaves.
//
// Notation, chosen so that two hundred categories stay readable:
// - text in three languages is "uk|ru|en";
// - synonyms are "a, b|c, d|e" (comma-separated lists per language);
// - vendors are "Samsung: Galaxy A#5, Galaxy S2#; Apple: iPhone 1#; Xiaomi", where a model
//   template turns "#" into a digit and "@" into a capital letter; a vendor without models takes
//   the kind's or the group's `models`;
// - params are "color; memory=128,256; cpu" (see params.ts for keys and default values).

import { PARAMS, type ParamDef, type Tri, tri } from "./params.ts";

export interface KindOptions {
  syn?: string;
  kw?: string;
  vendors?: string;
  models?: string;
  params?: string;
  price?: readonly [number, number];
  /** Relative share of the catalog (default 1). */
  w?: number;
}

export interface KindSpec extends KindOptions {
  slug: string;
  names: string;
  type: string;
}

export interface GroupSpec {
  slug: string;
  names: string;
  defaults: KindOptions;
  kinds: KindSpec[];
}

export interface DeptSpec {
  slug: string;
  names: string;
  syn?: string;
  kw?: string;
  groups: GroupSpec[];
}

export const k = (slug: string, names: string, type: string, opts: KindOptions = {}): KindSpec => ({
  slug,
  names,
  type,
  ...opts,
});

export const g = (
  slug: string,
  names: string,
  defaults: KindOptions,
  kinds: KindSpec[],
): GroupSpec => ({ slug, names, defaults, kinds });

export const d = (
  slug: string,
  names: string,
  opts: { syn?: string; kw?: string },
  groups: GroupSpec[],
): DeptSpec => ({ slug, names, ...opts, groups });

/** Lists per language, indexed like Tri. */
export type TriList = readonly [string[], string[], string[]];

export interface Vendor {
  name: string;
  models: readonly string[];
}

export interface KindParam {
  def: ParamDef;
  values: readonly string[];
}

/** A kind of product: what the products of one leaf category are made of. */
export interface Kind {
  slug: string;
  categoryId: number;
  /** URL path of the category: "electronics/phones/smartphones". */
  path: string;
  dept: string;
  /** Category name (plural), per language. */
  names: Tri;
  /** The product type word that starts product names, per language. */
  type: Tri;
  synonyms: TriList;
  vendors: readonly Vendor[];
  params: readonly KindParam[];
  price: readonly [number, number];
  weight: number;
}

export interface CategoryNode {
  id: number;
  slug: string;
  path: string;
  depth: 0 | 1 | 2;
  names: Tri;
  synonyms: TriList;
  keywords: TriList;
  kind: Kind | null;
}

const GENERIC_MODELS = "@@-####, @@@ ###, @##@@";

function triList(text: string | undefined): TriList {
  const parts = (text ?? "").split("|");
  const list = (i: number) =>
    (parts[i] ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
  return [list(0), list(1), list(2)];
}

const joinLists = (a: TriList, b: TriList): TriList => [
  [...a[0], ...b[0]],
  [...a[1], ...b[1]],
  [...a[2], ...b[2]],
];

function parseVendors(spec: string, fallbackModels: string): Vendor[] {
  const fallback = splitList(fallbackModels);
  return spec
    .split(";")
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const colon = part.indexOf(":");
      if (colon < 0) return { name: part, models: fallback };
      return { name: part.slice(0, colon).trim(), models: splitList(part.slice(colon + 1)) };
    });
}

function splitList(text: string): string[] {
  return text
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
}

function parseParams(spec: string, where: string): KindParam[] {
  return spec
    .split(";")
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const eq = part.indexOf("=");
      const key = eq < 0 ? part : part.slice(0, eq).trim();
      const def = PARAMS.get(key);
      if (!def) throw new Error(`unknown param "${key}" in ${where}`);
      const values = eq < 0 ? def.defaults : splitList(part.slice(eq + 1));
      for (const v of values)
        if (def.values && !def.values.some((known) => known.key === v))
          throw new Error(`unknown value "${v}" of "${key}" in ${where}`);
      return { def, values };
    });
}

/** Flattens departments into categories numbered 1.. in depth-first order. */
export function buildTaxonomy(depts: readonly DeptSpec[]): {
  categories: CategoryNode[];
  kinds: Kind[];
} {
  const categories: CategoryNode[] = [];
  const kinds: Kind[] = [];
  let nextId = 1;
  for (const dept of depts) {
    categories.push({
      id: nextId++,
      slug: dept.slug,
      path: dept.slug,
      depth: 0,
      names: tri(dept.names),
      synonyms: triList(dept.syn),
      keywords: triList(dept.kw),
      kind: null,
    });
    for (const group of dept.groups) {
      const groupPath = `${dept.slug}/${group.slug}`;
      categories.push({
        id: nextId++,
        slug: group.slug,
        path: groupPath,
        depth: 1,
        names: tri(group.names),
        synonyms: triList(group.defaults.syn),
        keywords: triList(group.defaults.kw),
        kind: null,
      });
      for (const spec of group.kinds) {
        const path = `${groupPath}/${spec.slug}`;
        const o = { ...group.defaults, syn: undefined, kw: undefined, ...spec };
        const type = tri(spec.type);
        const synonyms = triList(spec.syn);
        const kind: Kind = {
          slug: spec.slug,
          categoryId: nextId++,
          path,
          dept: dept.slug,
          names: tri(spec.names),
          type,
          synonyms,
          vendors: parseVendors(o.vendors ?? "Noname", o.models ?? GENERIC_MODELS),
          params: parseParams(o.params ?? "color", path),
          price: o.price ?? [500, 5000],
          weight: o.w ?? 1,
        };
        kinds.push(kind);
        // A leaf is also found by its singular: "смартфон" finds the category "Смартфони".
        const singular: TriList = [
          [type[0].toLowerCase()],
          [type[1].toLowerCase()],
          [type[2].toLowerCase()],
        ];
        categories.push({
          id: kind.categoryId,
          slug: spec.slug,
          path,
          depth: 2,
          names: kind.names,
          synonyms,
          keywords: joinLists(singular, triList(spec.kw)),
          kind,
        });
      }
    }
  }
  return { categories, kinds };
}
