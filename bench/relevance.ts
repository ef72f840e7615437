// Search quality on the judged queries of test/fixtures/relevance/, on both catalogs (the
// project's and the feed catalog of test/fixtures/catalogs/), as test/relevance.test.ts gates it:
//   bun bench/relevance.ts            a Markdown table of recall@10 and nDCG@10 per class
//   bun bench/relevance.ts --misses   also every query that missed a relevant product
import {
  evaluateRelevance,
  formatReport,
  relevanceSnapshot,
} from "../test/fixtures/relevance/evaluate.ts";
import { CATALOG_NAMES, CLASSES_OF, loadQueries } from "../test/fixtures/relevance/sets.ts";
import { commandSpec, flag, flagsOf } from "./suite/flags.ts";

const { misses } = flagsOf(
  commandSpec({
    command: "bun bench/relevance.ts",
    about:
      "recall@10 and nDCG@10 per class on the judged queries of both catalogs (test/fixtures/relevance/).",
    flags: { misses: flag.on("also every query that missed a relevant product") },
  }),
);
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
  if (misses)
    for (const o of report.outcomes.filter((x) => x.recall < 1))
      console.log(
        `${o.query.class}\t${JSON.stringify(o.query.q)}\t${o.query.language ?? "uk"}\t` +
          `recall ${o.recall.toFixed(2)}\twant ${o.query.relevant.join(",")}\tgot ${o.top.join(",")}`,
      );
}
