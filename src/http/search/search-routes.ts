import { threadId } from "node:worker_threads";
import { parseActionBody } from "../../analytics/action-body.ts";
import type { ActionSeen } from "../../analytics/action-recorder.ts";
import type { Popularity } from "../../analytics/popular-queries.ts";
import type { SearchSeen } from "../../analytics/search-recorder.ts";
import type { RateLimit } from "../../config.ts";
import { AppError } from "../../errors.ts";
import type { DomainRecord } from "../../model/records.ts";
import type { SearchParams } from "../../model/search.ts";
import {
  hasCategory,
  laterSteps,
  offerEpoch,
  type Snapshot,
  search,
  stampAnswer,
} from "../../search/engine.ts";
import type { TokenState } from "../../tenancy/domains.ts";
import { SharedTokenBuckets } from "../limits/rate-limit.ts";
import type { SearchShedder } from "../limits/search-shedder.ts";
import { shed } from "../limits/shed.ts";
import { prepare, sendPrepared, tagged } from "../stack/browser-answer.ts";
import { noteDomain } from "../stack/observe.ts";
import { errorResponse, JSON_TYPE, json } from "../stack/respond.ts";
import type { Route, RouteContext } from "../stack/route-table.ts";
import { AnswerCache } from "./answer-cache.ts";
import { categoryTreeAnswer } from "./category-tree-answer.ts";
import { OPEN_CORS } from "./cors.ts";
import { LaterSteps } from "./later-steps.ts";
import { corsOf, refusedOrigin } from "./origin-check.ts";
import { parseSearchParams } from "./parse-params.ts";
import {
  answerBytes,
  emptyAnswer,
  ordersByPopularity,
  popularAnswer,
  searchRequest,
} from "./search-answer.ts";

/**
 * A snapshot's answers may be kept a few seconds by a CDN or the browser (an import shows after
 * at most this much more); a refusal or a bad request never (docs/ARCHITECTURE.md, "Answers fit
 * for browsers").
 */
/** Another store searched this recently: the shares of the search time apply. */
export const OTHERS_WINDOW_MS = 2000;

const CACHEABLE = { "cache-control": "public, max-age=5" };
const UNCACHEABLE = { ...OPEN_CORS, "cache-control": "no-store" };

/** PRODUCT.md "Paths": the specification's two readings of the search path, and the base. */
export const SEARCH_PATHS = ["/api/v2/search/", "/api/v2/search/search/v2/", "/search/v2/"];

/** Popular queries and categories for a search that found nothing (the widget, the results page). */
export const POPULAR_PATH = "/api/v2/search/popular/";

/** The store's category tree (the InstantSearch client's hierarchical menu). */
export const CATEGORIES_PATH = "/api/v2/search/categories/";

/**
 * What a search reads; the main thread gives its own services, a search thread its replicas
 * (http/threads/search-thread.ts).
 */
export interface SearchDeps {
  domains: {
    searchDomain(token: string): DomainRecord | undefined;
    tokenState(token: string): TokenState;
  };
  indexers: { get(domainId: number): { readonly snapshot: Snapshot } | undefined };
  recorder: { record(seen: SearchSeen): void };
  maxPageSize: number;
  popular: (domainId: number) => readonly string[];
  /** The domain's products' popularity (the `popular` order) and its version. */
  popularity: (domainId: number) => Popularity;
  /**
   * Where shoppers' actions after a search go (POST /api/v2/search/events/): the main thread's
   * recorder; the search threads pass those requests on to it and have none.
   */
  actions?: { record(seen: ActionSeen): void };
  /** Throws 421 when this node does not serve the domain (--partition). */
  assertServed: (domainName: string) => void;
  /** Searches per second per search token, that is per store (--search-rate). */
  rate: RateLimit;
  /** The token buckets' shared memory, the same on every search thread (SharedTokenBuckets). */
  rateMemory?: SharedArrayBuffer;
  /** Milliseconds of search time per second per store (--search-cpu-share), and its burst. */
  cost: RateLimit;
  /** The cost buckets' shared memory, the same on every search thread (SharedTokenBuckets). */
  costMemory?: SharedArrayBuffer;
  /** How many threads answer searches (--search-threads), each holding a share of the rate. */
  threads: number;
  /** Refuses the searches of the stores that overload the thread (--shed-lag). */
  shedder: SearchShedder;
}

/**
 * The answers kept by the node, split evenly between its search threads so that a thread added
 * adds no memory: with two threads, the query mix's 4,372 distinct searches against 100,000
 * products (18.4 MiB of JSON, charged 37 MiB with room for their forms) fit in each
 * (BENCHMARKS.md, "The search path").
 */
const ANSWER_CACHE_BYTES = 128 * 1024 * 1024;

/**
 * Which thread answered (its worker id: 0 the main thread, another a search thread): the
 * kernel picks the thread per connection (SO_REUSEPORT), and the mixed-load benchmark measures
 * how soon each one shows a change (bench/mixed-load.ts). Made once: a concatenation an answer.
 */
const THREAD_TIMING = `, thread;desc=${threadId}`;

/** The answers of the search paths: a GET (with the client's address) and a preflight. */
export interface SearchAnswers {
  get(request: Request, client: string | null): Response;
  options(request: Request): Response;
  /** GET /api/v2/search/popular/: what to offer when nothing matches. */
  popular(request: Request): Response;
  /** GET /api/v2/search/categories/: the category tree, for a menu of category pages. */
  categories(request: Request): Response;
  /** POST /api/v2/search/events/: a shopper's action after a search, and its preflight. */
  event(context: RouteContext): Promise<Response>;
  eventOptions(request: Request): Response;
}

export function searchAnswers(deps: SearchDeps): SearchAnswers {
  const buckets = new SharedTokenBuckets(deps.rate, deps.rateMemory, deps.threads);
  // Cost, not count: a store's searches pay the time they took, after; one in debt waits.
  const costs = new SharedTokenBuckets(deps.cost, deps.costMemory, deps.threads);
  const cache = new AnswerCache(ANSWER_CACHE_BYTES / deps.threads);
  const later = new LaterSteps((domainId, started, ended) =>
    costs.charge(domainId, performance.timeOrigin + ended, ended - started),
  );
  const refuse = (error: AppError): Response => {
    const response = errorResponse(error);
    for (const [name, value] of Object.entries(UNCACHEABLE)) response.headers.set(name, value);
    return response;
  };
  // First of all, so that a shed search costs next to nothing. An unknown token is not counted
  // (its answer is the empty data set, and its bucket would be memory an attacker could grow).
  const refusal = (domain: DomainRecord | undefined, now: number): Response | null => {
    if (!domain) return null;
    const wall = performance.timeOrigin + now;
    // A store alone on the node may use all of it: its share protects the others.
    const owed = costs.admit(domain.id, wall);
    if (owed > 0 && costs.usedByOthers(domain.id, wall, OTHERS_WINDOW_MS)) {
      shed.search_cost++;
      return refuse(new AppError("search_cost", { rate: deps.cost.rate, retry_after: owed }));
    }
    const wait = buckets.take(domain.id, wall);
    if (wait > 0) {
      shed.search_rate++;
      return refuse(new AppError("throttled", { rate: deps.rate.rate, retry_after: wait }));
    }
    if (deps.shedder.shed(domain.id, now)) {
      shed.search_overload++;
      return refuse(new AppError("overloaded", { retry_after: 1 }));
    }
    return null;
  };
  /** The node serves the domain (noted for the log); its CORS headers, or the origin's refusal. */
  const served = (
    request: Request,
    domain: DomainRecord | undefined,
  ): Record<string, string> | Response => {
    if (domain) {
      noteDomain(request, domain.name);
      deps.assertServed(domain.name);
    }
    return corsOf(request, domain) ?? refusedOrigin(request);
  };
  /** PRODUCT.md: a wrong or expired token says so, for the store's developer (X-Search-Token). */
  const tokenSaid = (
    token: string | null,
    domain: DomainRecord | undefined,
  ): Record<string, string> =>
    token && !domain ? { "x-search-token": deps.domains.tokenState(token) } : {};
  const handle = (request: Request, client: string | null): Response => {
    const started = performance.now();
    const url = new URL(request.url);
    const token = url.searchParams.get("token");
    const domain = token ? deps.domains.searchDomain(token) : undefined;
    const refused = refusal(domain, started);
    if (refused) return refused;
    const parsed = parseSearchParams(url.searchParams, deps.maxPageSize);
    if (!parsed.ok)
      return json({ detail: "Invalid query parameters.", errors: parsed.errors }, 400, UNCACHEABLE);
    const { params } = parsed;
    const cors = served(request, domain);
    if (cors instanceof Response) return cors;
    const indexer = domain && deps.indexers.get(domain.id);
    // A category page (browse=true) asks no words.
    const browsing = params.browse && params.q.trim() === "";
    // Specification 4.3 rule 1 and PRODUCT.md: no q, or no valid token, is the empty data set.
    if (!domain || !indexer || (params.q.trim() === "" && !browsing))
      return tagged(request, JSON.stringify(emptyAnswer(searchRequest(params), false)), {
        ...cors,
        ...CACHEABLE,
        ...JSON_TYPE,
        ...tokenSaid(token, domain),
      });
    const snap = indexer.snapshot;
    // An answer in the order of popularity is kept only while the scores stay the same.
    const popularity = ordersByPopularity(params) ? deps.popularity(domain.id) : null;
    const kept = cache.keyOf(snap, params);
    const key = kept === null || popularity === null ? kept : `${kept}\u0001${popularity.version}`;
    let answer = key === null ? undefined : cache.get(key, snap);
    const computed = answer === undefined;
    if (answer === undefined) {
      const epoch = offerEpoch(snap);
      const asked = searchRequest(params, deps.popular(domain.id), popularity?.scores ?? []);
      const result = search(snap, asked);
      answer = {
        ...prepare(answerBytes(snap, asked, result, params.highlight)),
        total: result?.total ?? 0,
        corrected_query: result?.correctedQuery ?? "",
        stamp: stampAnswer(epoch, asked, result),
      };
      if (key !== null) cache.put(key, answer);
      // A category page's listing: what its next pages, sorts and sliders would make, made on
      // later turns (later-steps.ts), the popular order by the scores it is asked with now.
      if (browsing) {
        const scores = deps.popularity(domain.id).scores;
        const steps = laterSteps(snap, asked, scores);
        later.add(domain.id, () => indexer.snapshot === snap, steps);
      }
    }
    // A category page counts as a view of its category (one the store has), apart from searches.
    const viewed =
      browsing && (params.category_id === null || hasCategory(snap, params.category_id));
    if (!params.demo && (!browsing || viewed))
      deps.recorder.record({
        domain_id: domain.id,
        at: Date.now(),
        q: params.q,
        language: params.language,
        total: answer.total,
        corrected_query: answer.corrected_query,
        uuid: params.uuid,
        client,
        filtered: params.filters.length > 0,
        ...(browsing ? { category_view: params.category_id ?? "" } : {}),
      });
    // The server's own time (parse, search or cache look-up, serialise), for the benchmark's
    // server-side figures, and the thread that answered.
    const timing = `search;dur=${(performance.now() - started).toFixed(3)}${THREAD_TIMING}`;
    const sent = sendPrepared(request, answer, {
      ...cors,
      ...CACHEABLE,
      ...JSON_TYPE,
      "server-timing": timing,
    });
    // The thread time this store's search cost, its compression included. Only an answer
    // computed is charged to the store's share: one from the cache costs a few microseconds,
    // which the count (--search-rate) bounds, and a shopper's repeated query is no work.
    const ended = performance.now();
    deps.shedder.record(domain.id, ended - started, started);
    if (computed) costs.charge(domain.id, performance.timeOrigin + ended, ended - started);
    return sent;
  };
  // Limited and refused as a search is; it is not one, so it is neither counted nor charged.
  const aside =
    (answerOf: (domain: DomainRecord | undefined, params: SearchParams) => unknown) =>
    (request: Request): Response => {
      const url = new URL(request.url);
      const token = url.searchParams.get("token");
      const domain = token ? deps.domains.searchDomain(token) : undefined;
      const refused = refusal(domain, performance.now());
      if (refused) return refused;
      const parsed = parseSearchParams(url.searchParams, deps.maxPageSize);
      if (!parsed.ok)
        return json(
          { detail: "Invalid query parameters.", errors: parsed.errors },
          400,
          UNCACHEABLE,
        );
      const cors = served(request, domain);
      if (cors instanceof Response) return cors;
      return tagged(request, JSON.stringify(answerOf(domain, parsed.params)), {
        ...cors,
        ...CACHEABLE,
        ...JSON_TYPE,
        ...tokenSaid(token, domain),
      });
    };
  const snapshotOf = (domain: DomainRecord | undefined) =>
    domain && deps.indexers.get(domain.id)?.snapshot;
  const popular = aside((domain, params) =>
    popularAnswer(snapshotOf(domain), params.language, domain ? deps.popular(domain.id) : []),
  );
  const categories = aside((domain, params) =>
    categoryTreeAnswer(snapshotOf(domain), params.language),
  );
  // Limited and refused as a search is; counted per query, never shown to other shoppers.
  const event = async ({ request, body, client }: RouteContext): Promise<Response> => {
    const token = new URL(request.url).searchParams.get("token");
    const domain = token ? deps.domains.searchDomain(token) : undefined;
    const refused = refusal(domain, performance.now());
    if (refused) return refused;
    const cors = served(request, domain);
    if (cors instanceof Response) return cors;
    const parsed = parseActionBody(await body());
    if (!parsed.ok)
      return json(
        { detail: parsed.detail, ...(parsed.errors ? { errors: parsed.errors } : {}) },
        400,
        { ...UNCACHEABLE, ...cors },
      );
    const { event: e } = parsed;
    if (domain)
      deps.actions?.record({
        domain_id: domain.id,
        type: e.type,
        query: e.query,
        position: e.position ?? 0,
        source_id: e.source_id,
        uuid: e.uuid ?? null,
        client,
      });
    return new Response(null, {
      status: 204,
      headers: {
        ...cors,
        "cache-control": "no-store",
        ...tokenSaid(token, domain),
      },
    });
  };
  const preflight = (request: Request, methods: Record<string, string> = {}): Response => {
    const token = new URL(request.url).searchParams.get("token");
    const cors = corsOf(request, token ? deps.domains.searchDomain(token) : undefined);
    if (!cors) return refusedOrigin(request);
    return new Response(null, { status: 204, headers: { ...cors, ...methods } });
  };
  return {
    get: handle,
    popular,
    categories,
    event,
    // A preflight carries the call's URL, token included: a domain's origins apply to it too.
    options: (request) => preflight(request),
    eventOptions: (request) =>
      preflight(request, { "access-control-allow-methods": "POST, OPTIONS" }),
  };
}

/**
 * The search paths: a GET and its preflight under each of them, the same declaration for the
 * main thread and every search thread (http/threads/search-thread.ts).
 */
export function searchRoutes(answers: SearchAnswers): Route[] {
  const policy = { auth: "search-token", body: 0, limits: "search", cors: "domain" } as const;
  const aside = (path: string, handler: (request: Request) => Response): Route[] => [
    { method: "GET", path, policy, handler: ({ request }) => handler(request) },
    {
      method: "OPTIONS",
      path,
      policy: { ...policy, limits: "none" },
      handler: ({ request }) => answers.options(request),
    },
  ];
  return SEARCH_PATHS.flatMap((path): Route[] => [
    {
      method: "GET",
      path,
      policy,
      handler: ({ request, client }) => answers.get(request, client),
    },
    // A preflight is not rate limited: it runs no search.
    {
      method: "OPTIONS",
      path,
      policy: { ...policy, limits: "none" },
      handler: ({ request }) => answers.options(request),
    },
  ]).concat(aside(POPULAR_PATH, answers.popular), aside(CATEGORIES_PATH, answers.categories));
}

/** Shoppers' actions after a search (issue 23): a small JSON body, like a search otherwise. */
export const EVENTS_PATH = "/api/v2/search/events/";
const EVENT_BODY = 4096;

/**
 * The events route, on the main thread only: a search thread passes it on (its recorder is
 * the main thread's), so that analytics are never computed where searches are answered.
 */
export function eventRoutes(answers: SearchAnswers): Route[] {
  const policy = {
    auth: "search-token",
    body: EVENT_BODY,
    limits: "search",
    cors: "domain",
  } as const;
  return [
    { method: "POST", path: EVENTS_PATH, policy, handler: (context) => answers.event(context) },
    {
      method: "OPTIONS",
      path: EVENTS_PATH,
      policy: { ...policy, body: 0, limits: "none" },
      handler: ({ request }) => answers.eventOptions(request),
    },
  ];
}
