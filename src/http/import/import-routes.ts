import type { RateLimit } from "../../config.ts";
import { AppError } from "../../errors.ts";
import { keepPace } from "../../feeds/writer-sink.ts";
import type { BatchLimits } from "../../import/read-batch.ts";
import type { DomainRecord } from "../../model/records.ts";
import type { FeedStore } from "../../store/store.ts";
import type { Domains } from "../../tenancy/domains.ts";
import type { Imports } from "../../writer/imports.ts";
import type { InFlight } from "../limits/in-flight.ts";
import { TokenBuckets } from "../limits/rate-limit.ts";
import { shed } from "../limits/shed.ts";
import { noteDomain } from "../stack/observe.ts";
import { assertJsonType } from "../stack/read-body.ts";
import { json, rawJson } from "../stack/respond.ts";
import { type Route, type RouteContext, SMALL_BODY } from "../stack/route-table.ts";
import { type FeedRouteOptions, feedHandler } from "./feed-route.ts";

/** What an import request may cost (docs/ARCHITECTURE.md, "Overload and slow clients"). */
export interface ImportGuards {
  /** Requests per second per secret token. */
  rate: RateLimit;
  /** Milliseconds of index patching per second per store (--import-cpu-share). */
  cost: RateLimit;
  /** What each store's patches cost so far, charged by its indexer (indexing/domain-indexer.ts). */
  costs: Pick<TokenBuckets<number>, "admit">;
  /** Whether a store other than this one searched on the node in the last seconds. */
  othersSearching: (domainId: number) => boolean;
  /** Whether the domain's index is far behind its writes: a batch waits for it (≤ 1 s). */
  indexBehind: (domainId: number) => boolean;
  /** Requests of one domain that may wait behind the one being written. */
  maxQueuedBatches: number;
  /** The import requests in progress per domain, bounded at maxQueuedBatches + 1 (its depths
   * are the import queue depths /metrics reports). */
  inFlight: InFlight<number>;
}

export interface ImportDeps {
  domains: Domains;
  imports: Pick<
    Imports,
    | "importProducts"
    | "importCategories"
    | "appendReindex"
    | "feedMissing"
    | "feedDigests"
    | "retireProducts"
    | "deleteProducts"
  >;
  /** Where an uploaded feed's run is kept in the history (the writer's feeds). */
  feedRuns: Pick<FeedStore, "recordFeedRun">;
  /** Feed runs (POST /api/v2/content/feed/): their caps and the hosts they may fetch. */
  feeds: FeedRouteOptions;
  /** Queues a reindex of the domain, one at a time (one-reindex.ts); its log position. */
  reindex: (domainId: number) => Promise<number>;
  limits: BatchLimits;
  guards: ImportGuards;
  /** Throws 421 when this node does not serve the domain (Redis mode, --partition). */
  assertServed: (domainName: string) => void;
}

export function importRoutes({
  domains,
  imports,
  feedRuns,
  reindex,
  limits,
  guards,
  assertServed,
  feeds,
}: ImportDeps): Route[] {
  const feed = feedHandler({ imports, runs: feedRuns, limits, options: feeds });
  const buckets = new TokenBuckets<number>(guards.rate);
  const { inFlight } = guards;
  // Specification 5: the secret token, never the search token; 401 with only `detail`.
  const authenticate = async (request: Request) => {
    const domain = await domains.bySecretToken(request.headers.get("x-secret-token"));
    if (!domain) throw new AppError("not_authenticated");
    noteDomain(request, domain.name);
    assertServed(domain.name);
    // Work-conserving: a store alone on the node imports as fast as the node goes; its share
    // holds while another store searches (imports are closed loops, and the bound on queued
    // batches caps what one can pile up meanwhile).
    const owed = guards.costs.admit(domain.id, performance.now());
    if (owed > 0 && guards.othersSearching(domain.id)) {
      shed.import_cost++;
      throw new AppError("import_cost", { rate: guards.cost.rate, retry_after: owed });
    }
    const wait = buckets.take(domain.id, performance.now());
    if (wait > 0) {
      shed.import_rate++;
      throw new AppError("throttled", { rate: guards.rate.rate, retry_after: wait });
    }
    return domain;
  };
  // Who (401), how often (429), how much is waiting (503), then the body (400, 413, 408); the
  // request holds a place of its domain's bound until `batch` has answered.
  const receive = async ({
    request,
    body,
  }: RouteContext): Promise<{ domain: DomainRecord; body: Uint8Array }> => {
    const domain = await authenticate(request);
    if (!inFlight.enter(domain.id)) {
      shed.import_queue++;
      throw new AppError("import_queue_full", {
        limit: guards.maxQueuedBatches + 1,
        retry_after: 1,
      });
    }
    try {
      assertJsonType(request);
      return { domain, body: await body() };
    } catch (error) {
      inFlight.leave(domain.id);
      throw error;
    }
  };
  const batch =
    (write: (domainId: number, body: Uint8Array) => ReturnType<Imports["importProducts"]>) =>
    async (context: RouteContext): Promise<Response> => {
      let received: { domain: DomainRecord; body: Uint8Array };
      try {
        received = await receive(context);
      } catch (error) {
        // The client left, or shutdown closed its connection: there is nobody to answer.
        if (context.request.signal.aborted) return new Response(null, { status: 499 });
        throw error;
      }
      try {
        const domainId = received.domain.id;
        await keepPace(() => guards.indexBehind(domainId));
        const r = await write(domainId, received.body);
        return rawJson(r.body, r.status);
      } finally {
        inFlight.leave(received.domain.id);
      }
    };
  const policy = {
    auth: "secret-token",
    body: limits.maxBytes,
    limits: "import",
    cors: "none",
  } as const;
  return [
    {
      method: "POST",
      path: "/api/v2/content/product/bulk/",
      policy,
      handler: batch((id, body) => imports.importProducts(id, body)),
    },
    {
      method: "POST",
      path: "/api/v2/content/category/bulk/",
      policy,
      handler: batch((id, body) => imports.importCategories(id, body)),
    },
    {
      method: "POST",
      path: "/api/v2/content/feed/",
      // The body is read by the feed's own reader as it arrives, bounded by --feed-max-bytes;
      // a {"url"} body by this policy's (a small JSON).
      policy: { ...policy, body: SMALL_BODY },
      handler: async (context) => {
        const domain = await authenticate(context.request);
        // One place of the domain's bound for the whole run: its batches queue behind it.
        if (!inFlight.enter(domain.id)) {
          shed.import_queue++;
          throw new AppError("import_queue_full", {
            limit: guards.maxQueuedBatches + 1,
            retry_after: 1,
          });
        }
        try {
          return await feed(context, domain);
        } finally {
          inFlight.leave(domain.id);
        }
      },
    },
    {
      method: "POST",
      path: "/api/v2/content/reindex/",
      policy: { ...policy, body: 0 },
      handler: async ({ request }) => {
        const domain = await authenticate(request);
        const seq = await reindex(domain.id);
        return json({ detail: "Reindex queued.", seq }, 202);
      },
    },
  ];
}
