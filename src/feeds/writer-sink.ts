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
 * Waits, at most a second, while the domain's index is far behind its writes (the index
 * thread's handle, `farBehind`): a feed, as a bulk client, wrote faster than the index was
 * patched, which then read the records that had fallen out of the fresh records back from the
 * store (~3 s in a run of 150,000 offers), and an acknowledged write was searchable late.
 */
export async function keepPace(behind: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && behind(); i++) await Bun.sleep(10);
}

const answer = async (a: Promise<{ body: Uint8Array }>) => answerOf((await a).body);

export function writerSink(
  imports: FeedWriter,
  domainId: number,
  indexBehind: (domainId: number) => boolean,
): FeedSink {
  return bulkSink({
    categories: (b) => answer(imports.importCategories(domainId, b)),
    products: async (b, digests) => {
      await keepPace(() => indexBehind(domainId));
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
