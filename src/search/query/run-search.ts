import type { SearchRequest, SearchResult } from "../engine-types.ts";
import type { Snapshot } from "../index/snapshot.ts";
import { type Merchandising, merchandisingOf } from "../merchandising.ts";
import { categoryPage } from "./category-page.ts";
import { codeToAnswer, nearestCodeDocs } from "./code-query.ts";
import { collectHits, exactCodeDocs, type HitSet } from "./collect-hits.ts";
import { correctQuery } from "./correct.ts";
import { everyDoc } from "./every-doc.ts";
import { type GivenUp, matchGivingUp } from "./give-up.ts";
import { ignoredWords } from "./ignored-words.ts";
import { type LayoutInput, layOut } from "./layout.ts";
import { matchWords } from "./match.ts";
import { parseQuery } from "./parse-query.ts";
import { categoriesMatchingAll, planWords } from "./plan.ts";
import { suggest } from "./suggest.ts";
import { collapseVariants } from "./variant-groups.ts";

// One search, start to end: parse, correct, match, filter, count, rank, lay out (PRODUCT.md
// "Search", specification 4.3).
//
// Matching decision: every query word must match; when not every word can, words are given up
// in the order of what they say about the product, and given-up words still rank
// (give-up.ts). A doc whose whole code equals the query matches regardless, and alone when the
// query's words match nothing together. A code-shaped query that is no code, whose words match
// nothing together and that reads as a code of this store (its letters begin codes, or name
// nothing but codes) answers with the codes one edit away, or nothing (code-query.ts). The
// answer names the words as typed that no returned product matches (ignored-words.ts).

/**
 * The result of `request` on `snap`; null when its query holds no word to search, unless it
 * browses (a category page: browse()).
 */
export function runSearch(snap: Snapshot, request: SearchRequest): SearchResult | null {
  const query = parseQuery(request.query);
  if (!query.words.some((w) => !w.optional))
    return request.browse && request.query.trim() === "" ? browse(snap, request) : null;

  let searched = query;
  let correctedQuery = "";
  if (request.corrections) {
    const correction = correctQuery(snap, query);
    if (correction?.query.words.some((w) => !w.optional)) {
      correctedQuery = correction.text;
      searched = correction.query;
    }
  }
  const suggestions =
    !request.corrections && request.suggestions ? suggest(snap, query, request.popular) : [];

  const words = searched.words;
  const plans = planWords(snap, words);
  const required = words.map((w) => !w.optional);
  let codeDocs = exactCodeDocs(snap, query.text);
  const nowhere = plans.some((p, w) => required[w] && p.cost === 0);
  const first = nowhere ? null : matchWords(snap, plans, required);
  const unmatched = (first?.count ?? 0) === 0;
  const code = unmatched && codeDocs.size === 0 ? codeToAnswer(snap, query.text, plans) : null;
  // Only the docs of codes answer: no word required, none given up (none reported ignored).
  const codesOnly = (): GivenUp => {
    required.fill(false);
    return { candidates: matchWords(snap, plans, required), bits: new Uint16Array(words.length) };
  };
  let given: GivenUp;
  if (unmatched && codeDocs.size > 0) {
    // A real code whose words match nothing together ("vy84493" of VY.844.93): its product
    // alone, not every code that shares its letters.
    given = codesOnly();
  } else if (code !== null) {
    // A code that does not exist: its nearest codes, or nothing (code-query.ts). They match
    // the code within one edit, as a typo does.
    codeDocs = nearestCodeDocs(snap, code);
    given = codesOnly();
  } else {
    given = matchGivingUp(snap, words, plans, required, first, request.pageSize);
  }
  const activePlans = plans.filter((_, w) => required[w]);

  // Merchandising rules after the match (merchandising.ts): pinned products are considered
  // as a code's are (the request's filters decide), hidden ones never; boosts rank first.
  const merch = merchandisingOf(snap, request.query, Date.now(), request.categoryId);
  if (merch !== null) for (const doc of merch.pins.keys()) codeDocs.add(doc);
  const hits = collectHits(snap, request, words, given, codeDocs, plans, merch);
  return layOutHits(snap, request, hits, merch, {
    nameMatches: categoriesMatchingAll(activePlans),
    correctedQuery,
    suggestions,
    ignoredWords:
      hits.count === 0 ? [] : ignoredWords(searched.text, words, given.bits, hits.matched),
    plans,
  });
}

/**
 * A category page: every product of the category (or of the store), through the filters,
 * counts and layout of a search; merchandising rules without a query apply, those of its
 * category too.
 */
function browse(snap: Snapshot, request: SearchRequest): SearchResult {
  const merch = merchandisingOf(snap, "", Date.now(), request.categoryId);
  // Without filters or rules, a page of the category's listing (category-page.ts).
  if (merch === null && request.filters.length === 0 && request.ranges.length === 0)
    return categoryPage(snap, request);
  const candidates = everyDoc(snap, request.categoryId);
  const pins = new Set<number>(merch?.pins.keys() ?? []);
  const given: GivenUp = { candidates, bits: new Uint16Array(0) };
  const hits = collectHits(snap, request, [], given, pins, [], merch);
  return layOutHits(snap, request, hits, merch, {
    nameMatches: new Map(),
    correctedQuery: "",
    suggestions: [],
    ignoredWords: [],
    plans: [],
  });
}

/**
 * The layout of collected hits, one per product when the request groups variants, with what
 * the merchandising rules add (pins, redirect, banners).
 */
function layOutHits(
  snap: Snapshot,
  request: SearchRequest,
  collected: HitSet,
  merch: Merchandising | null,
  input: Omit<LayoutInput, "hits" | "variants" | "pins" | "redirect" | "banners">,
): SearchResult {
  const grouped = request.groupVariants ? collapseVariants(collected) : null;
  return layOut(snap, request, {
    ...input,
    hits: grouped?.hits ?? collected,
    variants: grouped?.variants ?? null,
    pins: merch?.pins ?? null,
    redirect: merch?.redirect ?? null,
    banners: merch?.banners ?? [],
  });
}
