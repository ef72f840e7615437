import type { Snapshot } from "./index/snapshot.ts";

// The search engine's facade: pure and synchronous, no I/O, and the only module of src/search/
// that other folders import (test/layers.test.ts). The indexer builds and patches snapshots and
// swaps the current one; the HTTP layer calls `search` on whichever snapshot it holds, with a
// request of the engine's own (engine-types.ts), and shapes the specification's answer from the
// result (http/search/search-answer.ts). A snapshot is immutable: a patch returns a new one and the
// old stays valid.
//
// Design (details in the files named):
// - index/segment.ts: dense doc ids per segment; one 64-byte "hot" record per doc (price,
//   availability, category, updated_at, product id, its filter-value list per language:
//   facet-lists.ts); display fields as one UTF-8 buffer (doc-store.ts); warehouse stock as CSR.
// - index/term-index.ts: sorted term dictionary, postings as Uint32Array docs + one byte
//   (field, position) each, strong-field postings first; stems map to dictionary terms
//   (stem-index.ts) instead of being posted; typo candidates by a bit-parallel Levenshtein
//   walk over the sorted terms as a trie (fuzzy-terms.ts, shared-prefixes.ts); transliteration
//   keys as hashed typed arrays.
// - index/snapshot.ts: segments in a log-structured merge with tombstone bitsets; categories
//   are indexed once in their own table (category-table.ts) and stand for their products.
// - query/: parse -> correct -> expand (per segment, memoised) -> match (rarest word drives,
//   others annotate or probe) -> collect hits (filters, disjunctive counts, rank keys) ->
//   lay out (bounded heaps for the pages).
//
// Decisions where the spec and PRODUCT.md leave room:
// - matching: every word must match; when not every word can, words are given up by kind (found
//   nowhere, a number without its unit, descriptive, attribute value, model word, brand,
//   product type last), first the weakest whose absence lets the others match, and while the
//   answer is short of a page, descriptive words; words given up still rank, and the answer's
//   `ignored_words` names those no product of it matches (query/give-up.ts, word-kinds.ts,
//   ignored-words.ts). A doc whose whole code equals the query (punctuation removed) always
//   matches and ranks first. A code-shaped query (one chunk of letters and digits joined by - /
//   . or glued, with a digit, key of 4+ characters) that is no code, whose words match nothing
//   together and whose letter words are no word of product names, keywords, brands or category
//   names ("sku", not "galaxy" of "galaxy-a56") drops no word: it answers with the products
//   whose code is one edit away, or nothing (query/code-query.ts).
// - the last word is a prefix unless the query ends in a space or punctuation; prefixes of one
//   or two letters complete only words of the strong fields (name, keywords, vendor, code);
//   a prefix tolerates typos only when it completes no word as typed (query/expand.ts).
// - ranking: words given up that match, words matched, product type (a word names the
//   category), typos, proximity, field, exactness, then available before unavailable, then
//   newest content_updated_at, then lower product id (query/rank.ts).
// - a product without prices shows 0 and 0 (so price_from > 0 excludes it); with `wid`, the
//   warehouse entry's price pair replaces the product's when it sets either price, a product
//   with entries but none for that warehouse is unavailable there, a product without any keeps
//   its own price and availability, and an unknown `wid` is ignored (query/offer.ts).
// - filters: ids unknown to the snapshot are ignored; values listed per attribute by count
//   then name, attributes by total count then name; selected values stay listed; filter
//   counts honour category_id (query/facets.ts, collect-hits.ts); one attribute is one filter
//   in the asked language, translations matched param by param (index/facet-registry.ts).
// - layouts: single-category and flat modes always hold exactly one group (possibly empty);
//   in single-category mode `total` and pagination count that category's products; products
//   of a never-imported category group under its source id with an empty name and are not in
//   `categories` (query/layout.ts).
// - corrections (use_corrections): per word not in the vocabulary, tried in order: keyboard
//   layout (per space-separated piece of the raw query), transliteration, closest word within
//   the typo budget; words with digits are never corrected; corrected_query is the normalised
//   corrected query. Without corrections, typos are still tolerated as typed.
// - suggestions (use_corrections=false, use_suggestions=true): popular queries that start
//   with the query, in their order, then the query with its last word completed by product
//   name words, most frequent first; normalised, at most 10, never the query itself.
// - a query without any word has no result (null): the HTTP side answers the empty data set.
// - the engine keeps no answers: the HTTP side keeps them as sent, each stamped here and
//   checked against the offers written in place since (query/answer-stamp.ts).
// - merchandising rules (merchandising.ts), after the match: hidden products are never
//   collected, boost weights rank before relevance, pins take their positions in a flat or
//   single-category list when the request's filters pass them.
// - a write that changed only a product's offer (prices, availability, stock) is written into
//   its columns in place, not indexed again (index/offer-columns.ts: writeOffers).

// Feeds tell the language of a text without one by the same test (feeds/feed-language.ts).
export { cyrillicLanguageOf, normalise } from "./analysis/index.ts";
export type {
  CategoryCount,
  Facet,
  FacetValue,
  Hit,
  HitGroup,
  Range,
  SearchRequest,
  SearchResult,
} from "./engine-types.ts";
export { treeOrder } from "./index/category-tree.ts";
export { writeOffers } from "./index/offer-columns.ts";
export type { Segment } from "./index/segment.ts";
export type { Snapshot } from "./index/snapshot.ts";
export {
  buildSnapshot,
  catalogCounts,
  type ProductPatch,
  patchSnapshot,
  removeProducts,
  settleSnapshot,
  snapshotStats,
  startProductPatch,
} from "./index/snapshot.ts";
export {
  frameSnapshot,
  type PackedSegment,
  packSegment,
  type SnapshotFrame,
  sharedSegment,
  sharedSnapshot,
  snapshotFrame,
  unpackSegment,
} from "./index/snapshot-shipping.ts";
export { ruleWords } from "./merchandising.ts";
export {
  type AnswerStamp,
  answerHolds,
  offerEpoch,
  stampAnswer,
} from "./query/answer-stamp.ts";
export { laterSteps } from "./query/category-page.ts";
export {
  categoryView,
  productVariations,
  productView,
  readCategory,
  readProduct,
} from "./query/items.ts";
export { largestCategories } from "./query/largest-categories.ts";
export { MAX_QUERY_WORDS } from "./query/parse-query.ts";
/**
 * Everything of PRODUCT.md "Search" and specification 4.3 but the shape of the answer: the
 * ranked page of `request` on `snap`, its counts, correction and suggestions; null when the
 * query holds no word to search.
 */
export { runSearch as search } from "./query/run-search.ts";
export { NO_SYNONYMS, type SynonymTable, synonymTable, synonymWord } from "./synonyms.ts";
export { prepareIfSearched, prepareSnapshot, WARM_UP_SET, warmUpQueries } from "./warm-up.ts";

/** Whether the snapshot holds the category that products name by this source id. */
export function hasCategory(snap: Snapshot, sourceCategoryId: string): boolean {
  const slot = snap.categories.slots.get(sourceCategoryId);
  return slot !== undefined && snap.categories.entries[slot]?.record != null;
}
