import type { Imports } from "../writer/imports.ts";
import { answerOf, bulkSink } from "./bulk-sink.ts";
import type { FeedSink } from "./run-feed.ts";

// A feed run of the server written through the writer's imports (the writer thread), as the
// bulk routes write: the route's runs and the registered feeds' pulls alike. A run is a diff
// (docs/FEEDS.md): unchanged offers are not written, the products it lacks are retired (or
// deleted).

export type FeedWriter = Pick<
  Imports,
  | "importProducts"
  | "importCategories"
  | "appendReindex"
  | "feedMissing"
  | "feedDigests"
  | "retireProducts"
  | "deleteProducts"
>;

/**
 * Waits, at most a second, while the indexers are far behind: a feed maps its offers on the
 * thread that indexes them, and wrote faster than that thread patched the index, which then
 * read the records that had fallen out of the fresh records back from the store (~3 s of that
 * thread in a run of 150,000 offers; none since: BENCHMARKS.md, "Feeds").
 */
async function keepPace(behind: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && behind(); i++) await Bun.sleep(10);
}

const answer = async (a: Promise<{ body: Uint8Array }>) => answerOf((await a).body);

export function writerSink(
  imports: FeedWriter,
  domainId: number,
  indexBehind: () => boolean = () => false,
): FeedSink {
  return bulkSink({
    categories: (b) => answer(imports.importCategories(domainId, b)),
    products: async (b, digests) => {
      await keepPace(indexBehind);
      return answer(imports.importProducts(domainId, b, { skipUnchanged: true, digests }));
    },
    preview: (b, categories) =>
      answer(
        imports.importProducts(domainId, b, {
          skipUnchanged: true,
          dryRun: true,
          assumeCategories: categories,
        }),
      ),
    reindex: () => imports.appendReindex(domainId),
    missing: (present, deleting) => imports.feedMissing(domainId, present, deleting),
    digests: () => imports.feedDigests(domainId),
    retire: async (sourceIds) => {
      await imports.retireProducts(domainId, sourceIds);
    },
    delete: (sourceIds) => imports.deleteProducts(domainId, sourceIds),
  });
}
