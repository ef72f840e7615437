import { BULK_LIMITS } from "../../model/bulk-limits.ts";
import type { CategoryItem, ProductItem } from "../../model/import.ts";
import { adminCalls } from "./admin.ts";
import type { BatchLimits } from "./batches.ts";
import { domainCalls } from "./domain.ts";
import { type FeedBody, type FeedOptions, importFeedUrl, uploadFeed } from "./feeds.ts";
import {
  CATEGORIES_PATH,
  type CategoryReport,
  importItems,
  PRODUCTS_PATH,
  type ProductReport,
} from "./imports.ts";
import { searchCalls } from "./search.ts";
import { type Answer, type Request, type TransportOptions, transport } from "./transport.ts";

// A store's back office talking to Vitrina (docs/CLIENT.md): one object of the calls each
// credential opens, over one transport (its retries on 429 and 503).

export interface ClientOptions extends TransportOptions {
  /** The store's search token (the `token` of searches). */
  searchToken?: string;
  /**
   * The server's bounds of one bulk request (`--max-items`, `--max-bytes`); the defaults'
   * (model/bulk-limits.ts) when left out.
   */
  limits?: Partial<BatchLimits>;
}

export function vitrinaClient(options: ClientOptions) {
  const send = transport(options);
  const limits = { ...BULK_LIMITS, ...options.limits };
  const searchToken = () => {
    if (options.searchToken === undefined)
      throw new TypeError("this call needs the client's searchToken");
    return options.searchToken;
  };
  return {
    /** Categories created or updated, in batches under the limits; send them before products. */
    importCategories: (items: readonly CategoryItem[]): Promise<CategoryReport> =>
      importItems(send, CATEGORIES_PATH, items, limits),
    /** Products created or updated, in batches under the limits. */
    importProducts: (items: readonly ProductItem[]): Promise<ProductReport> =>
      importItems(send, PRODUCTS_PATH, items, limits),
    /** A feed sent as the body: imported through the bulk import (docs/FEEDS.md). */
    uploadFeed: (feed: FeedBody, options?: FeedOptions & { contentType?: string }) =>
      uploadFeed(send, feed, options),
    /** A feed the server fetches from `url`. */
    importFeedUrl: (url: string, options?: FeedOptions) => importFeedUrl(send, url, options),
    /** The store's own area with its secret token: overview, synonyms, rules, registered feeds... */
    store: domainCalls(send, { credential: "secret" }),
    /** The operator's API with the admin key. */
    admin: adminCalls(send),
    /** Searches with the search token. */
    search: searchCalls(send, searchToken),
    /**
     * Any request, answered raw whatever its status (retried as every call is): for what the
     * calls above do not cover, or a caller that reads the answer itself.
     */
    request: (request: Request): Promise<Answer> => send(request),
  };
}

export type VitrinaClient = ReturnType<typeof vitrinaClient>;
