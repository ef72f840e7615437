// Search quality on the judged queries of test/fixtures/relevance/, on both catalogs (the
// project's and the feed catalog of bench/catalogs/):
//   bun bench/relevance.ts            a Markdown table of recall@10 and nDCG@10 per class
//   bun bench/relevance.ts --misses   also every query that missed a relevant product
// Builds an index of each fixture catalog with the engine's facade and runs every query flat
// (group_by_category=false), 10 per page, unavailable products included, corrections on. A query
// marked `exclusive` (a code no product has) scores 0 when its top 10 holds any other product,
// and 1 for an empty answer when nothing is relevant.

import { answerSearch } from "../src/http/search/search-answer.ts";
import { SEARCH_DEFAULTS, type SearchParams } from "../src/model/search.ts";
import { buildSnapshot, type Snapshot } from "../src/search/engine.ts";
import { toRecords } from "./records.ts";
import {
  CATALOG_NAMES,
  type CatalogName,
  CLASSES_OF,
  type JudgedQuery,
  loadCatalogSpec,
  loadQueries,
  relevanceCatalog,
} from "./relevance-fixture.ts";

export interface Scores {
  queries: number;
  recall: number;
  ndcg: number;
}

export interface QueryOutcome {
  query: JudgedQuery;
  top: string[];
  recall: number;
  ndcg: number;
}

export interface RelevanceReport {
  perClass: Record<string, Scores>;
  overall: Scores;
  outcomes: QueryOutcome[];
}

const TOP = 10;

export function searchParams(q: string, language: "uk" | "ru" | "en"): SearchParams {
  return {
    ...SEARCH_DEFAULTS,
    q,
    language,
    group_by_category: false,
    show_unavailable: true,
    product_page_size: TOP,
    show_filters: false,
    demo: true,
  };
}

/** Recall@10: the share of the relevant products found in the top 10. */
export function recallAt(top: readonly string[], relevant: readonly string[]): number {
  const set = new Set(top.slice(0, TOP));
  return relevant.filter((id) => set.has(id)).length / relevant.length;
}

/** Recall@10 of a judged query; an exclusive one is 0 with any product not relevant. */
export function scoreOf(top: readonly string[], query: JudgedQuery): number {
  if (!query.exclusive) return recallAt(top, query.relevant);
  const wanted = new Set(query.relevant);
  if (top.slice(0, TOP).some((id) => !wanted.has(id))) return 0;
  return query.relevant.length ? recallAt(top, query.relevant) : 1;
}

/** nDCG@10 with binary gains (Järvelin and Kekäläinen, 2002). */
export function ndcgAt(top: readonly string[], relevant: readonly string[]): number {
  const wanted = new Set(relevant);
  let dcg = 0;
  top.slice(0, TOP).forEach((id, i) => {
    if (wanted.has(id)) dcg += 1 / Math.log2(i + 2);
  });
  let ideal = 0;
  for (let i = 0; i < Math.min(relevant.length, TOP); i++) ideal += 1 / Math.log2(i + 2);
  return ideal ? dcg / ideal : top.length ? 0 : 1;
}

function mean(outcomes: readonly QueryOutcome[]): Scores {
  const n = outcomes.length;
  const sum = (f: (o: QueryOutcome) => number) => outcomes.reduce((s, o) => s + f(o), 0);
  return {
    queries: n,
    recall: n ? sum((o) => o.recall) / n : 0,
    ndcg: n ? sum((o) => o.ndcg) / n : 0,
  };
}

export function relevanceSnapshot(name: CatalogName = "project"): Snapshot {
  return buildSnapshot(toRecords(relevanceCatalog(loadCatalogSpec(name), name)));
}

export function evaluateRelevance(
  snapshot: Snapshot = relevanceSnapshot(),
  queries: readonly JudgedQuery[] = loadQueries(),
  classes: readonly string[] = CLASSES_OF.project,
): RelevanceReport {
  const outcomes = queries.map((query): QueryOutcome => {
    const response = answerSearch(snapshot, searchParams(query.q, query.language ?? "uk"));
    const top = response.products.groups.flatMap((g) => g.items.map((item) => item.source_id));
    return {
      query,
      top,
      recall: scoreOf(top, query),
      ndcg: query.exclusive && scoreOf(top, query) === 0 ? 0 : ndcgAt(top, query.relevant),
    };
  });
  const perClass: Record<string, Scores> = {};
  for (const cls of classes) perClass[cls] = mean(outcomes.filter((o) => o.query.class === cls));
  return { perClass, overall: mean(outcomes), outcomes };
}

export function formatReport(report: RelevanceReport): string {
  const row = (name: string, s: Scores) =>
    `| ${name} | ${s.queries} | ${s.recall.toFixed(3)} | ${s.ndcg.toFixed(3)} |`;
  return [
    "| class | queries | recall@10 | nDCG@10 |",
    "|---|---:|---:|---:|",
    ...Object.entries(report.perClass).map(([cls, s]) => row(cls, s)),
    row("**overall**", report.overall),
  ].join("\n");
}

/** Both judged sets: each catalog's index and report. */
export function evaluateBoth(): Record<CatalogName, RelevanceReport> {
  const reports = {} as Record<CatalogName, RelevanceReport>;
  for (const name of CATALOG_NAMES)
    reports[name] = evaluateRelevance(relevanceSnapshot(name), loadQueries(name), CLASSES_OF[name]);
  return reports;
}

if (import.meta.main) {
  for (const name of CATALOG_NAMES) {
    const started = performance.now();
    const snapshot = relevanceSnapshot(name);
    const built = performance.now();
    const report = evaluateRelevance(snapshot, loadQueries(name), CLASSES_OF[name]);
    const done = performance.now();
    console.log(`\n### The ${name} catalog\n`);
    console.log(formatReport(report));
    console.log(
      `\n${report.outcomes.length} queries; index built in ${(built - started).toFixed(0)} ms, ` +
        `queries run in ${(done - built).toFixed(0)} ms`,
    );
    if (process.argv.includes("--misses"))
      for (const o of report.outcomes.filter((x) => x.recall < 1))
        console.log(
          `${o.query.class}\t${JSON.stringify(o.query.q)}\t${o.query.language ?? "uk"}\t` +
            `recall ${o.recall.toFixed(2)}\twant ${o.query.relevant.join(",")}\tgot ${o.top.join(",")}`,
        );
  }
}
