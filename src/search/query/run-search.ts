import type { SearchParams, SearchResponse } from "../../model/search.ts";
import type { Snapshot } from "../index/snapshot.ts";
import { codeToAnswer, nearestCodeDocs } from "./code-query.ts";
import { collectHits, exactCodeDocs } from "./collect-hits.ts";
import { correctQuery } from "./correct.ts";
import { layOut } from "./layout.ts";
import { type Candidates, matchWords, type WordPlan } from "./match.ts";
import { pagination } from "./pagination.ts";
import { parseQuery, type QueryWord } from "./parse-query.ts";
import { categoriesMatchingAll, planWords } from "./plan.ts";
import { suggest } from "./suggest.ts";

// One search, start to end: correct, match, filter, count, rank, lay out (PRODUCT.md "Search",
// specification 4.3).
//
// Matching decision: every query word must match. When nothing matches all of them, the words
// found in no product are dropped first; then one word whose absence lets all the others match,
// tried from the first word on (the words that disagree with the rest of a phrase are its
// adjectives and wishes: "легкий" in "легкий чорний екшн-камера sjcam", a colour the model
// does not come in); then the last word, then the one before, down to the first (Meilisearch's
// "last" strategy). Dropped words still rank the docs that do have them. A doc whose whole code equals the query matches regardless. A
// code-shaped query that is no code, whose words match nothing together and that reads as a code
// of this store (its letters begin codes, or name nothing but codes) answers with the codes one
// edit away, or nothing (code-query.ts).

export function emptyData(
  params: Pick<
    SearchParams,
    "q" | "group_by_category" | "category_id" | "product_page_size" | "category_page_size"
  >,
  filtersEnabled: boolean,
): SearchResponse {
  const grouped = params.group_by_category && params.category_id === null;
  return {
    total: 0,
    query: params.q,
    corrected_query: "",
    suggestions: [],
    filters_enabled: filtersEnabled,
    filters: [],
    categories: [],
    products: { groups: [] },
    pagination: pagination(
      grouped ? "categories" : "products",
      1,
      grouped ? params.category_page_size : params.product_page_size,
      0,
    ),
  };
}

export function runSearch(
  snap: Snapshot,
  params: SearchParams,
  popular: readonly string[] = [],
): SearchResponse {
  let words = parseQuery(params.q);
  if (!words.some((w) => !w.optional)) return emptyData(params, params.show_filters);

  let correctedQuery = "";
  if (params.use_corrections) {
    const correction = correctQuery(snap, params.q);
    if (correction?.words.some((w) => !w.optional)) {
      correctedQuery = correction.text;
      words = correction.words;
    }
  }
  const suggestions =
    !params.use_corrections && params.use_suggestions ? suggest(snap, params.q, popular) : [];

  const plans = planWords(snap, words);
  const required = words.map((w) => !w.optional);
  let codeDocs = exactCodeDocs(snap, params.q);
  const nowhere = plans.some((p, w) => required[w] && p.cost === 0);
  let candidates = nowhere ? null : matchWords(snap, plans, required);
  const unmatched = (candidates?.count ?? 0) === 0;
  const code = unmatched && codeDocs.size === 0 ? codeToAnswer(snap, params.q, plans) : null;
  if (unmatched && codeDocs.size > 0) {
    // A real code whose words match nothing together ("vy84493" of VY.844.93): its product
    // alone, not every code that shares its letters.
    required.fill(false);
  } else if (code !== null) {
    // A code that does not exist: its nearest codes, or nothing (code-query.ts).
    required.fill(false);
    codeDocs = nearestCodeDocs(snap, code);
  } else if (nowhere && plans.some((p, w) => required[w] && p.cost > 0)) {
    // A word found nowhere cannot be satisfied: it is the first to go (a stray preposition,
    // a word of another shop), before the last-word fallback below.
    plans.forEach((p, w) => {
      if (p.cost === 0) required[w] = false;
    });
  }
  candidates ??= matchWords(snap, plans, required);
  if (candidates.count === 0)
    candidates = withoutOneWord(snap, plans, required, codeParts(words)) ?? candidates;
  while (candidates.count === 0 && required.indexOf(true) !== required.lastIndexOf(true)) {
    required[required.lastIndexOf(true)] = false;
    candidates = matchWords(snap, plans, required);
  }
  const activePlans = plans.filter((_, w) => required[w]);

  const hits = collectHits(snap, params, words, candidates, codeDocs, plans);
  return layOut(snap, params, {
    hits,
    nameMatches: categoriesMatchingAll(activePlans),
    correctedQuery,
    suggestions,
    plans,
  });
}

/**
 * The candidates of the required words but one, the first word whose absence leaves any, or
 * null; `required` then marks that word dropped. Only for two required words or more, and
 * never a part of a joined code ("azur" of "azur5": a code loses its last part first). Words
 * naming a category (the product type) are tried last: a warm winter coat is a coat first.
 */
function withoutOneWord(
  snap: Snapshot,
  plans: readonly WordPlan[],
  required: boolean[],
  parts: readonly boolean[],
): Candidates | null {
  if (required.indexOf(true) === required.lastIndexOf(true)) return null;
  for (const types of [false, true]) {
    for (let w = 0; w < required.length; w++) {
      const type = (plans[w] as WordPlan).categorySlots.length > 0;
      if (!required[w] || parts[w] || type !== types) continue;
      required[w] = false;
      const candidates = matchWords(snap, plans, required);
      if (candidates.count > 0) return candidates;
      required[w] = true;
    }
  }
  return null;
}

/** Per word: true for the parts that follow a joined code ("fv", "4868" after "fv4868"). */
function codeParts(words: readonly QueryWord[]): boolean[] {
  const parts = words.map(() => false);
  words.forEach((code, i) => {
    if (!code.optional) return;
    let joined = "";
    for (let j = i + 1; j < words.length && joined.length < code.text.length; j++) {
      const part = words[j] as QueryWord;
      if (part.optional || !code.text.startsWith(joined + part.text)) break;
      joined += part.text;
      parts[j] = true;
    }
  });
  return parts;
}
