// Search quality on the judged queries of test/fixtures/relevance/:
//   bun bench/relevance.ts            a Markdown table of recall@10 and nDCG@10 per class
//   bun bench/relevance.ts --misses   also every query that missed a relevant product
// Builds an index of the fixture catalog with the engine's facade and runs every query flat
// (group_by_category=false), 10 per page, unavailable products included, corrections on.

import { SEARCH_DEFAULTS, type SearchParams } from "../src/model/search.ts";
import { buildSnapshot, type Snapshot, search } from "../src/search/engine.ts";
import { toRecords } from "./records.ts";
import {
  type JudgedQuery,
  loadCatalogSpec,
  loadQueries,
  QUERY_CLASSES,
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

/** nDCG@10 with binary gains (Järvelin and Kekäläinen, 2002). */
export function ndcgAt(top: readonly string[], relevant: readonly string[]): number {
  const wanted = new Set(relevant);
  let dcg = 0;
  top.slice(0, TOP).forEach((id, i) => {
    if (wanted.has(id)) dcg += 1 / Math.log2(i + 2);
  });
  let ideal = 0;
  for (let i = 0; i < Math.min(relevant.length, TOP); i++) ideal += 1 / Math.log2(i + 2);
  return ideal ? dcg / ideal : 0;
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

export function evaluateRelevance(
  snapshot: Snapshot = buildSnapshot(toRecords(relevanceCatalog(loadCatalogSpec()))),
  queries: readonly JudgedQuery[] = loadQueries(),
): RelevanceReport {
  const outcomes = queries.map((query): QueryOutcome => {
    const response = search(snapshot, searchParams(query.q, query.language ?? "uk"));
    const top = response.products.groups.flatMap((g) => g.items.map((item) => item.source_id));
    return {
      query,
      top,
      recall: recallAt(top, query.relevant),
      ndcg: ndcgAt(top, query.relevant),
    };
  });
  const perClass: Record<string, Scores> = {};
  for (const cls of QUERY_CLASSES)
    perClass[cls] = mean(outcomes.filter((o) => o.query.class === cls));
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

if (import.meta.main) {
  const started = performance.now();
  const snapshot = buildSnapshot(toRecords(relevanceCatalog(loadCatalogSpec())));
  const built = performance.now();
  const report = evaluateRelevance(snapshot);
  const done = performance.now();
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
