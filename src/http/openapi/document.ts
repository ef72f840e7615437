import type { TSchema } from "@sinclair/typebox";
import * as api from "../../model/api.ts";
import { ShopperEventBody } from "../../model/events.ts";
import {
  FEED_EVERY_MINUTES,
  FeedResult,
  FeedRuns,
  FeedsInput,
  FeedsView,
} from "../../model/feeds.ts";
import * as item from "../../model/import.ts";
import { MerchRules } from "../../model/merchandising.ts";
import { LANGUAGES } from "../../model/records.ts";
import * as search from "../../model/search.ts";
import { Synonyms } from "../../model/synonyms.ts";
import { SEARCH_TOKEN_GRACE } from "../../tenancy/domains.ts";
import { GRACE_PARAM } from "../admin/token-grace.ts";
import { QUERY_LIMITS } from "../search/parse-params.ts";
import {
  CATEGORIES_PATH,
  EVENTS_PATH,
  POPULAR_PATH,
  SEARCH_PATHS,
} from "../search/search-routes.ts";
import { type JsonSchema, toJsonSchema } from "./json-schema.ts";

// The OpenAPI 3.1 document of every route the server answers (docs/API.md is its prose). Its
// schemas are the TypeBox schemas the code validates with (model/import.ts, model/search.ts)
// and the answers' shapes (model/api.ts), converted by json-schema.ts: one source of truth.

export interface Operation {
  summary?: string;
  description?: string;
  tags?: string[];
  security?: Record<string, unknown>[];
  parameters?: {
    name: string;
    in: string;
    required?: boolean;
    description?: string;
    schema: JsonSchema;
  }[];
  requestBody?: { required?: boolean; content: Record<string, { schema: JsonSchema }> };
  responses: Record<
    string,
    {
      $ref?: string;
      description?: string;
      content?: Record<string, { schema: JsonSchema }>;
      headers?: object;
    }
  >;
}

export interface OpenApiDocument {
  openapi: string;
  jsonSchemaDialect: string;
  info: { title: string; version: string; description: string };
  tags: { name: string; description: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, JsonSchema>;
    responses: Record<
      string,
      { description: string; content: Record<string, { schema: JsonSchema }>; headers?: object }
    >;
    securitySchemes: Record<
      string,
      { type: string; in?: string; name?: string; scheme?: string; description: string }
    >;
  };
}

export interface DocumentOptions {
  /** --max-page-size: the bound of the page size parameters. */
  maxPageSize: number;
  /** --max-items and --max-bytes: the bounds of an import request. */
  maxItems: number;
  maxBytes: number;
  /** --analytics-retention-days: the most `days` of an analytics report. */
  retentionDays: number;
}

/** The schemas of components/schemas, by name; a nested one is referenced, not repeated. */
const SCHEMAS: Record<string, TSchema> = {
  ProductItem: item.ProductItem,
  ProductTranslationItem: item.ProductTranslationItem,
  ParamItem: item.ParamItem,
  LabelItem: item.LabelItem,
  WarehouseItem: item.WarehouseItem,
  CategoryItem: item.CategoryItem,
  CategoryTranslationItem: item.CategoryTranslationItem,
  ProductImportResult: api.ProductImportResult,
  CategoryImportResult: api.CategoryImportResult,
  ReindexQueued: api.ReindexQueued,
  SearchResponse: search.SearchResponse,
  SearchProduct: search.SearchProduct,
  SearchGroup: search.SearchGroup,
  SearchCategory: search.SearchCategory,
  PopularResponse: search.PopularResponse,
  CategoryTreeResponse: search.CategoryTreeResponse,
  ShopperEventBody: ShopperEventBody,
  SearchLabel: search.SearchLabel,
  Filter: search.Filter,
  FilterValue: search.FilterValue,
  Pagination: search.Pagination,
  Detail: api.Detail,
  FieldErrors: api.FieldErrorsBody,
  Domain: api.Domain,
  DomainName: api.DomainName,
  AnalyticsReport: api.AnalyticsReport,
  SuggestionQuery: api.SuggestionQuery,
  BlockedSuggestions: api.BlockedSuggestions,
  Synonyms: Synonyms,
  MerchRules: MerchRules,
  Feeds: FeedsInput,
  FeedsView: FeedsView,
  FeedRuns: FeedRuns,
  FeedResult: FeedResult,
  DomainOverview: api.DomainOverview,
  DomainOrigins: api.DomainOrigins,
  DomainOriginsSet: api.DomainOriginsSet,
  Healthy: api.Healthy,
  Starting: api.Starting,
  Ready: api.Ready,
  NotReady: api.NotReady,
};
const NAMES = new Map(Object.entries(SCHEMAS).map(([name, schema]) => [schema, name]));

const ref = (name: keyof typeof SCHEMAS) => ({ $ref: `#/components/schemas/${name}` });
const jsonBody = (schema: JsonSchema, description: string) => ({
  description,
  content: { "application/json": { schema } },
});
const RETRY_AFTER = {
  "Retry-After": { description: "Seconds to wait before retrying.", schema: { type: "integer" } },
};

const REINDEX_RUNNING =
  "A reindex of the domain is still running (queued, or not yet applied by this node's index).";

/** Reusable answers: the error shapes every route shares (src/errors.ts). */
const RESPONSES = {
  BadRequest: jsonBody(
    { anyOf: [ref("Detail"), ref("FieldErrors")] },
    "Malformed request: `detail`, and `errors` per field when values are wrong.",
  ),
  Unauthorized: jsonBody(
    ref("Detail"),
    'Missing or wrong token: `{"detail": "Authentication credentials were not provided."}`.',
  ),
  NotFound: jsonBody(ref("Detail"), "Not found (the admin API is off without an admin key)."),
  RequestTimeout: jsonBody(ref("Detail"), "The body did not arrive within --read-timeout."),
  PayloadTooLarge: jsonBody(
    ref("Detail"),
    "The body is over its route's limit (an import's items or bytes, 65536 bytes for a small admin body), declared or chunked; the connection is closed without reading the rest.",
  ),
  Misdirected: jsonBody(
    ref("Detail"),
    "Redis mode with --partition: this node does not serve the domain; the detail names the partition that does.",
  ),
  TooManyRequests: {
    ...jsonBody(
      ref("Detail"),
      "The token's rate is exceeded, its store's searches or index patches cost more than its share of the node's time, or its store overloads searches; or, on a route that checks a secret token or the admin key, this client failed authentication with this key 30 times within 60 s.",
    ),
    headers: RETRY_AFTER,
  },
  Unavailable: {
    ...jsonBody(
      ref("Detail"),
      "Too many import requests of the domain are in progress, or the store cannot take the write now: Redis away or not answering within --redis-timeout, the database file damaged or not writable. `detail` says which.",
    ),
    headers: RETRY_AFTER,
  },
  InsufficientStorage: {
    ...jsonBody(
      ref("Detail"),
      "The store is full (the disk of the database file, Redis over its maxmemory): nothing of the request was stored.",
    ),
    headers: RETRY_AFTER,
  },
};
const STATUS_OF: Record<keyof typeof RESPONSES, string> = {
  BadRequest: "400",
  Unauthorized: "401",
  NotFound: "404",
  RequestTimeout: "408",
  PayloadTooLarge: "413",
  Misdirected: "421",
  TooManyRequests: "429",
  Unavailable: "503",
  InsufficientStorage: "507",
};
/** The `responses` entries of these shared refusals, by status. */
const refused = (...codes: (keyof typeof RESPONSES)[]) =>
  Object.fromEntries(codes.map((c) => [STATUS_OF[c], { $ref: `#/components/responses/${c}` }]));

/** The query parameters of a search, with the bounds parse-params.ts enforces. */
function searchParameters(maxPageSize: number) {
  const D = search.SEARCH_DEFAULTS;
  const bool = { type: "boolean" };
  const pageSize = { type: "integer", minimum: 1, maximum: maxPageSize };
  const id = { type: "string", maxLength: QUERY_LIMITS.id };
  const price = { type: "number", minimum: 0, maximum: QUERY_LIMITS.price };
  const p = (name: string, schema: JsonSchema, description: string, dflt?: unknown) => ({
    name,
    in: "query",
    required: false,
    description,
    schema: dflt === undefined || dflt === null ? schema : { ...schema, default: dflt },
  });
  return [
    p(
      "q",
      { type: "string" },
      `The query. Cut, not refused, to its first ${QUERY_LIMITS.qWords} words and ${QUERY_LIMITS.qChars} characters (the answer's \`query\` shows what was searched). Missing or blank: the empty answer.`,
    ),
    p(
      "token",
      { type: "string" },
      "The domain's search token; unknown: the empty answer, with the header `X-Search-Token: unknown`.",
    ),
    p(
      "language",
      { type: "string", enum: [...LANGUAGES] },
      'Names in this language; a locale like "ru-UA" reads as "ru", any other language as uk.',
      D.language,
    ),
    p(
      "filters",
      { type: "string", pattern: "^\\s*(\\d+\\s*(,\\s*\\d+\\s*)*)?$" },
      `Comma-separated attribute value ids (from the answer's \`filters\`), at most ${QUERY_LIMITS.filters}; values of one attribute are ORed, attributes ANDed.`,
    ),
    p("price_from", price, "Lowest price, a plain decimal (`10`, `10.5`; not `1e3`)."),
    p("price_to", price, "Highest price, a plain decimal."),
    p("category_id", id, "Only products of this category (its source_category_id)."),
    p("group_by_category", bool, "Group products by category.", D.group_by_category),
    p("show_unavailable", bool, "Include products out of stock.", D.show_unavailable),
    p("page", { type: "integer", minimum: 1, maximum: 1_000_000 }, "Page number.", D.page),
    p("product_page_size", pageSize, "Products per page.", D.product_page_size),
    p("category_page_size", pageSize, "Categories per page.", D.category_page_size),
    p(
      "per_category_limit",
      { anyOf: [{ const: -1 }, pageSize] },
      "Products per category group; -1: no limit.",
      D.per_category_limit,
    ),
    p("show_filters", bool, "Compute the filters with their counts.", D.show_filters),
    p(
      "use_corrections",
      bool,
      "Correct the words not in the domain's vocabulary (typo, wrong keyboard layout, transliteration, a Latin brand said in Cyrillic, two errors at once, two words without the space): the answer is the corrected query's, and `corrected_query` holds it.",
      D.use_corrections,
    ),
    p(
      "use_suggestions",
      bool,
      "Together with use_corrections=false: fill `suggestions`, up to 10: other shoppers' popular queries that start with the query, then the query with its last word completed from product names.",
      D.use_suggestions,
    ),
    p(
      "wid",
      id,
      "A warehouse's external_id: prices and availability are that warehouse's; a product without warehouse data keeps its own; an unknown wid is ignored.",
    ),
    p("uuid", id, "The shopper's browser id, for analytics (distinct shoppers)."),
    p("demo", bool, "A demo search: not counted in analytics.", D.demo),
    p(
      "highlight",
      { type: "string", enum: ["ranges", "html", "true", "false", "1", "0", "yes", "no"] },
      "Mark the matched words of each product name: `ranges` adds `name_highlight`, `html` adds `name_html`, true adds both. Off by default.",
    ),
    p(
      "sort",
      { type: "string", enum: [...search.SORTS] },
      "The order within each tier of relevance (the products matching every kept word and the named product type first): by discounted_price up or down, newest first import, or largest discount; available first, boosts and pins kept.",
      D.sort,
    ),
    p(
      "browse",
      bool,
      "With q absent or empty: a category page, every product of category_id (or of the store) through the filters, newest first unless sorted; not counted in analytics.",
      D.browse,
    ),
    p(
      "ranges",
      { type: "string", pattern: "^(\\d+:[\\d.]*:[\\d.]*)(,\\d+:[\\d.]*:[\\d.]*)*$" },
      `Numeric attributes' bounds, ATTRIBUTE_ID:MIN:MAX (either bound may be empty; comma-separated or repeated, at most ${QUERY_LIMITS.ranges}, AND-ed), in the unit of the answer's \`stats.attributes\`: "1,7 л" and "1700 мл" compare as one.`,
    ),
    p(
      "group_variants",
      bool,
      "One item per group_id: the main variant (under a filter, the variant that has the value), with `variants`, `price_from` and `variations`; total, filter counts and pages count products.",
      D.group_variants,
    ),
  ];
}

const SECRET = [{ SecretToken: [] }];
const ADMIN = [{ AdminKey: [] }, { AdminBearer: [] }];
const NAME_PARAM = {
  name: "name",
  in: "path",
  required: true,
  description: "The domain's name.",
  schema: { type: "string" },
};
const HTML = (description: string) => ({
  200: { description, content: { "text/html": { schema: { type: "string" } } } },
});

export function openApiDocument(o: DocumentOptions): OpenApiDocument {
  const bulk = (what: "product" | "category", itemRef: JsonSchema, result: JsonSchema) => ({
    post: {
      tags: ["import"],
      summary: `Create or update ${what === "product" ? "products" : "categories"} in bulk`,
      description: `A JSON array of at most ${o.maxItems} items and ${o.maxBytes} bytes. Every item is validated, every field; the valid items are saved even when others fail, but reach the search index only with the next batch that fully succeeds or a reindex.${what === "product" ? " An update changes what it sends: a field left out keeps its stored value, one sent as null is cleared." : ""}`,
      security: SECRET,
      requestBody: {
        required: true,
        content: { "application/json": { schema: { type: "array", items: itemRef } } },
      },
      responses: {
        ...(what === "product"
          ? { 201: jsonBody(result, "Every item succeeded and one at least was created.") }
          : {}),
        200: jsonBody(result, "Every item succeeded."),
        400: jsonBody(
          { anyOf: [result, ref("Detail")] },
          "An item failed (`successful` and `errors`), or the body is no JSON array of objects (`detail`).",
        ),
        ...refused(
          "Unauthorized",
          "RequestTimeout",
          "PayloadTooLarge",
          "Misdirected",
          "TooManyRequests",
          "Unavailable",
          "InsufficientStorage",
        ),
      },
    },
  });
  const searchOp = {
    get: {
      tags: ["search"],
      summary: "Search a domain's catalog",
      description:
        "Public, with the domain's search token; CORS open unless the domain lists its allowed origins. Typos, wrong keyboard layout, transliteration, prefixes and stems match, and a Ukrainian word finds the same word in Russian and the other way round. Answers over 1 KB are br or gzip when Accept-Encoding allows; they carry a weak ETag and Cache-Control: public, max-age=5.",
      security: [{ SearchToken: [] }],
      parameters: searchParameters(o.maxPageSize),
      responses: {
        200: jsonBody(ref("SearchResponse"), "The answer (the empty one without q or token)."),
        304: { description: "Not modified: If-None-Match named this answer's ETag." },
        400: jsonBody(ref("FieldErrors"), "Malformed parameters, each reported."),
        403: jsonBody(
          ref("Detail"),
          "The request's Origin is not among the domain's allowed origins.",
        ),
        ...refused("Misdirected", "TooManyRequests"),
      },
    },
    options: {
      tags: ["search"],
      summary: "CORS preflight",
      responses: { 204: { description: "CORS headers." } },
    },
  };
  const popularOp = {
    get: {
      tags: ["search"],
      summary: "Popular queries and categories, for a search that found nothing",
      description:
        "Public, with the domain's search token, limited and refused as a search is (not counted in analytics). Up to 10 past queries that the domain's suggestions would offer (asked by several distinct shoppers, with results, not blocked) and the 10 categories holding the most products, in the asked language. An unknown token: both lists empty and the header X-Search-Token: unknown.",
      security: [{ SearchToken: [] }],
      parameters: searchParameters(o.maxPageSize).filter(
        (p) => p.name === "token" || p.name === "language",
      ),
      responses: {
        200: jsonBody(ref("PopularResponse"), "The queries and the categories."),
        304: searchOp.get.responses[304],
        400: searchOp.get.responses[400],
        403: searchOp.get.responses[403],
        ...refused("Misdirected", "TooManyRequests"),
      },
    },
    options: searchOp.options,
  };
  const categoriesOp = {
    get: {
      ...popularOp.get,
      summary: "The store's category tree, for a menu of category pages",
      description:
        "Public, with the domain's search token, limited and refused as a search is (not counted in analytics). Every category the domain's index holds, depth first (each parent before its children, siblings by source id), at most 5000, each with its parent's source_id, names and urls in the asked language (the search's fallback). What a menu links to `browse=true&category_id=...`, and the InstantSearch client's hierarchical menu. An unknown token: an empty list and the header X-Search-Token: unknown.",
      responses: {
        ...popularOp.get.responses,
        200: jsonBody(ref("CategoryTreeResponse"), "The categories."),
      },
    },
    options: searchOp.options,
  };
  const admin = (summary: string, extra: Omit<Operation, "tags" | "summary" | "security">) => ({
    tags: ["admin"],
    summary,
    security: ADMIN,
    ...extra,
  });
  const adminRefused = refused("Unauthorized", "NotFound", "TooManyRequests");
  /** A small JSON body's refusals (route-table.ts SMALL_BODY). */
  const bodyRefused = refused("BadRequest", "RequestTimeout", "PayloadTooLarge");
  const owner = (summary: string, extra: Omit<Operation, "tags" | "summary" | "security">) => ({
    tags: ["admin"],
    summary,
    security: SECRET,
    ...extra,
    responses: { ...extra.responses, ...refused("Unauthorized", "TooManyRequests") },
  });
  /** PUT of a domain's allowed origins: the operator's and the owner's. */
  const ORIGINS = {
    summary: "The sites whose pages may search this domain (CORS); empty opens it to all",
    requestBody: {
      required: true,
      content: { "application/json": { schema: ref("DomainOrigins") } },
    },
    responses: {
      200: jsonBody(ref("DomainOriginsSet"), "The origins now allowed."),
      ...bodyRefused,
    },
  };
  const ROTATE_SUMMARY =
    "Replace both tokens: the old secret token stops at once, the old search token answers through its grace";
  const GRACE = {
    name: GRACE_PARAM,
    in: "query",
    description: `Seconds the old search token keeps answering (a store's live widget carries it): 0 ends it at once; at most ${SEARCH_TOKEN_GRACE.max}. Past it, a search with it gets the empty answer and X-Search-Token: expired.`,
    schema: {
      type: "integer",
      minimum: 0,
      maximum: SEARCH_TOKEN_GRACE.max,
      default: SEARCH_TOKEN_GRACE.default,
    },
  };
  const PERIOD_PARAMS = [
    {
      name: "days",
      in: "query",
      description: "The last N days, today included (or from and to; default 30 days).",
      schema: { type: "integer", minimum: 1, maximum: o.retentionDays },
    },
    { name: "from", in: "query", schema: { type: "string", format: "date" } },
    { name: "to", in: "query", schema: { type: "string", format: "date" } },
  ];
  const suggestionBody = {
    required: true,
    content: { "application/json": { schema: ref("SuggestionQuery") } },
  };
  const synonymsBody = {
    required: true,
    content: { "application/json": { schema: ref("Synonyms") } },
  };
  // Merchandising rules (docs/API.md "Merchandising rules"), alike for both credentials.
  const rulesBody = {
    required: true,
    content: { "application/json": { schema: ref("MerchRules") } },
  };
  type Op = (summary: string, extra: Omit<Operation, "tags" | "summary" | "security">) => Operation;
  type Params = NonNullable<Operation["parameters"]>;
  type Refusals = ReturnType<typeof refused>;
  const rulesOps = (op: Op, parameters: Params, more: Refusals) => ({
    get: op("The domain's merchandising rules", {
      parameters,
      responses: { 200: jsonBody(ref("MerchRules"), "The rules, dates in UTC."), ...more },
    }),
    put: op("Replace the domain's merchandising rules (an empty list clears them)", {
      parameters,
      requestBody: rulesBody,
      responses: {
        200: jsonBody(ref("MerchRules"), "The rules now applied by search, dates in UTC."),
        400: jsonBody(ref("FieldErrors"), "A bad body: nothing of it is saved."),
        ...refused("RequestTimeout", "PayloadTooLarge"),
        ...more,
      },
    }),
  });
  // Registered feeds (docs/API.md "Registered feeds"), alike for both credentials.
  const feedsOps = (op: Op, parameters: Params, more: Refusals) => ({
    list: {
      get: op("The domain's registered feeds, without their secrets", {
        parameters,
        responses: { 200: jsonBody(ref("FeedsView"), "The feeds, with their next run."), ...more },
      }),
      put: op("Replace the domain's registered feeds (an empty list removes them)", {
        parameters,
        description: `Each feed is pulled every every_minutes (${FEED_EVERY_MINUTES.min} to ${FEED_EVERY_MINUTES.max}) with If-None-Match / If-Modified-Since from its last run; a feed new to the list runs at once. A password or webhook_secret left out keeps the stored one; null removes it. URLs on loopback, private or link-local hosts are refused unless allowed by --feed-allow-host.`,
        requestBody: { required: true, content: { "application/json": { schema: ref("Feeds") } } },
        responses: {
          200: jsonBody(ref("FeedsView"), "The feeds now registered."),
          400: jsonBody(ref("FieldErrors"), "A bad body: nothing of it is saved."),
          ...refused("RequestTimeout", "PayloadTooLarge"),
          ...more,
        },
      }),
    },
    runs: {
      get: op("The domain's last feed runs, newest first", {
        parameters,
        description:
          "Runs of registered feeds (trigger schedule or manual) and of POST /api/v2/content/feed/ (upload; dry runs are not kept), the last 50.",
        responses: { 200: jsonBody(ref("FeedRuns"), "The runs."), ...more },
      }),
    },
    run: {
      post: op("Run a registered feed now, unconditionally", {
        parameters,
        requestBody: {
          required: true,
          content: {
            "application/json": {
              schema: {
                type: "object",
                properties: {
                  url: { type: "string" },
                  force: {
                    type: "boolean",
                    default: false,
                    description:
                      "Runs past the half rule: a feed that lacks more than half of the store's products (a run is a diff: they become unavailable).",
                  },
                },
                required: ["url"],
              },
            },
          },
        },
        responses: {
          202: jsonBody(
            {
              type: "object",
              properties: { url: { type: "string" }, status: { const: "started" } },
              required: ["url", "status"],
            },
            "Started: its result will be in the runs.",
          ),
          ...bodyRefused,
          ...refused("Misdirected"),
          ...more,
          404: jsonBody(ref("Detail"), "No feed of the domain has that url (or no such domain)."),
          409: jsonBody(
            ref("Detail"),
            "A run of this feed is in progress, on this node or another.",
          ),
        },
      }),
    },
  });
  const adminFeeds = feedsOps(admin, [NAME_PARAM], adminRefused);
  const ownerFeeds = feedsOps(owner, [], {});
  const previewOp = (op: Op, parameters: Params, more: Refusals) => ({
    post: op("A search answered with the rules in force and with the rules sent (not saved)", {
      parameters: [...parameters, ...searchParameters(100).filter((p) => p.name !== "token")],
      requestBody: rulesBody,
      responses: {
        200: jsonBody(
          {
            type: "object",
            properties: { before: ref("SearchResponse"), after: ref("SearchResponse") },
            required: ["before", "after"],
          },
          "The answer to the query's parameters before and after the rules sent.",
        ),
        400: jsonBody(ref("FieldErrors"), "A bad body or parameters (q is required)."),
        ...refused("RequestTimeout", "PayloadTooLarge"),
        ...more,
      },
    }),
  });
  return {
    openapi: "3.1.0",
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    info: {
      title: "Vitrina",
      version: "2",
      description:
        "Catalog import and product search for online stores. The prose is docs/API.md in the repository.",
    },
    tags: [
      { name: "import", description: "The store's back office pushes its catalog." },
      { name: "search", description: "The store's widget asks as the shopper types." },
      { name: "admin", description: "The operator's API, on with --admin-key." },
      { name: "operations", description: "Probes and metrics." },
      { name: "pages", description: "What a browser opens." },
    ],
    paths: {
      "/api/v2/content/product/bulk/": bulk(
        "product",
        ref("ProductItem"),
        ref("ProductImportResult"),
      ),
      "/api/v2/content/category/bulk/": bulk(
        "category",
        ref("CategoryItem"),
        ref("CategoryImportResult"),
      ),
      "/api/v2/content/feed/": {
        post: {
          tags: ["import"],
          summary: "Import a feed (YML, Hotline, Google Merchant, CSV) through the bulk import",
          description:
            "The feed itself as the body (any content type but JSON; read as it arrives, at most --feed-max-bytes), or `{\"url\": ...}` as JSON: fetched with the same cap, --feed-timeout, at most 5 redirects, never from loopback, private or link-local addresses unless the host is given to --feed-allow-host. The whole feed is read and validated before the first write: a feed that breaks is 400 with its line and column and nothing of the run is written. A run is a diff: offers as stored are not written (`unchanged`), the store's available products the feed lacks become unavailable (`gone`), or with delete_missing=true are deleted (`deleted`). Field mapping and every flaw's outcome: docs/FEEDS.md.",
          security: SECRET,
          parameters: [
            {
              name: "format",
              in: "query",
              schema: { enum: ["auto", "yml", "hotline", "google", "csv"], default: "auto" },
            },
            { name: "dry_run", in: "query", schema: { type: "boolean", default: false } },
            {
              name: "force",
              in: "query",
              description:
                "Run a feed that lacks more than half of the store's products (else 409).",
              schema: { type: "boolean", default: false },
            },
            {
              name: "delete_missing",
              in: "query",
              description:
                "Delete the store's products the feed lacks (all of them, available or not) instead of making them unavailable; the half rule counts them. A dry run deletes nothing.",
              schema: { type: "boolean", default: false },
            },
          ],
          requestBody: {
            required: true,
            content: {
              "application/xml": { schema: { type: "string" } },
              "text/csv": { schema: { type: "string" } },
              "application/json": {
                schema: {
                  type: "object",
                  properties: { url: { type: "string" } },
                  required: ["url"],
                },
              },
            },
          },
          responses: {
            200: jsonBody(
              ref("FeedResult"),
              "The run's counts and its errors by offer id (at most 1,000 listed).",
            ),
            400: jsonBody(
              ref("Detail"),
              "A feed that is not well-formed (its line and column), of no known format, or a URL refused.",
            ),
            409: jsonBody(
              ref("Detail"),
              "The feed lacks more than half of the store's products: nothing written (force=true runs it).",
            ),
            502: jsonBody(ref("Detail"), "The feed's URL could not be fetched."),
            504: jsonBody(ref("Detail"), "The feed did not arrive within --feed-timeout."),
            ...refused(
              "Unauthorized",
              "PayloadTooLarge",
              "RequestTimeout",
              "Misdirected",
              "TooManyRequests",
              "Unavailable",
            ),
          },
        },
      },
      "/api/v2/content/reindex/": {
        post: {
          tags: ["import"],
          summary: "Rebuild the domain's search index from its stored catalog",
          security: SECRET,
          responses: {
            202: jsonBody(ref("ReindexQueued"), "Queued."),
            409: jsonBody(ref("Detail"), REINDEX_RUNNING),
            ...refused("Unauthorized", "Misdirected", "TooManyRequests", "Unavailable"),
          },
        },
      },
      ...Object.fromEntries(SEARCH_PATHS.map((path) => [path, searchOp])),
      [POPULAR_PATH]: popularOp,
      [CATEGORIES_PATH]: categoriesOp,
      [EVENTS_PATH]: {
        post: {
          tags: ["search"],
          summary: "Report what a shopper did after a search: a click, an add to cart, a purchase",
          description:
            "Public, with the domain's search token in `token`; limited and refused as a search is. The body is JSON, sent as application/json or text/plain (navigator.sendBeacon needs no preflight). Counted per query and day for the admin report (click-through rate, average click position, conversions, searches without clicks); source_id is checked, not stored. An unknown token: 204, nothing recorded, X-Search-Token: unknown.",
          security: [{ SearchToken: [] }],
          parameters: searchParameters(o.maxPageSize).filter((p) => p.name === "token"),
          requestBody: {
            required: true,
            content: {
              "application/json": { schema: ref("ShopperEventBody") },
              "text/plain": { schema: ref("ShopperEventBody") },
            },
          },
          responses: {
            204: { description: "Recorded (or, for an unknown token, ignored)." },
            400: jsonBody(ref("FieldErrors"), "A body that is no event, each bad field named."),
            403: searchOp.get.responses[403],
            ...refused("PayloadTooLarge", "RequestTimeout", "Misdirected", "TooManyRequests"),
          },
        },
        options: {
          tags: ["search"],
          summary: "CORS preflight",
          responses: { 204: { description: "CORS headers." } },
        },
      },
      "/api/v2/admin/domains/": {
        get: admin("List every domain with its tokens", {
          responses: {
            200: jsonBody({ type: "array", items: ref("Domain") }, "The domains."),
            ...adminRefused,
          },
        }),
        post: admin("Create a domain", {
          requestBody: {
            required: true,
            content: { "application/json": { schema: ref("DomainName") } },
          },
          responses: {
            201: jsonBody(ref("Domain"), "Created, with its two tokens."),
            ...bodyRefused,
            ...adminRefused,
            409: jsonBody(ref("Detail"), "The name is taken."),
          },
        }),
      },
      "/api/v2/admin/domains/{name}/": {
        delete: admin("Delete a domain with its catalog and analytics", {
          parameters: [NAME_PARAM],
          responses: { 204: { description: "Deleted." }, ...adminRefused },
        }),
      },
      "/api/v2/admin/domains/{name}/rotate-tokens/": {
        post: admin(ROTATE_SUMMARY, {
          parameters: [NAME_PARAM, GRACE],
          responses: {
            200: jsonBody(ref("Domain"), "The new tokens, and the old search token's grace."),
            400: jsonBody(ref("FieldErrors"), "A bad search_token_grace."),
            ...adminRefused,
          },
        }),
      },
      "/api/v2/admin/domains/{name}/analytics/": {
        get: admin("Top queries, queries without results and searches per day", {
          parameters: [NAME_PARAM, ...PERIOD_PARAMS],
          responses: {
            200: jsonBody(ref("AnalyticsReport"), "The report of the period."),
            400: jsonBody(ref("FieldErrors"), "A malformed period."),
            ...adminRefused,
          },
        }),
      },
      "/api/v2/admin/domains/{name}/suggestions/blocked/": {
        get: admin("The suggestions never offered to shoppers", {
          parameters: [NAME_PARAM],
          responses: { 200: jsonBody(ref("BlockedSuggestions"), "Blocked."), ...adminRefused },
        }),
        post: admin("Block a suggestion", {
          parameters: [NAME_PARAM],
          requestBody: suggestionBody,
          responses: {
            201: jsonBody(ref("SuggestionQuery"), "Blocked now, in the form compared."),
            200: jsonBody(ref("SuggestionQuery"), "Was blocked already."),
            ...bodyRefused,
            ...adminRefused,
          },
        }),
        delete: admin("Unblock a suggestion", {
          parameters: [NAME_PARAM],
          requestBody: suggestionBody,
          responses: {
            200: jsonBody(ref("SuggestionQuery"), "Unblocked."),
            ...bodyRefused,
            ...adminRefused,
          },
        }),
      },
      "/api/v2/admin/domains/{name}/synonyms/": {
        get: admin("The domain's own synonyms", {
          parameters: [NAME_PARAM],
          responses: { 200: jsonBody(ref("Synonyms"), "The sets, normalised."), ...adminRefused },
        }),
        put: admin("Replace the domain's own synonyms (an empty list clears them)", {
          parameters: [NAME_PARAM],
          requestBody: synonymsBody,
          responses: {
            200: jsonBody(ref("Synonyms"), "The sets now used by search, normalised."),
            400: jsonBody(ref("FieldErrors"), "A bad body: nothing of it is saved."),
            ...refused("RequestTimeout", "PayloadTooLarge"),
            ...adminRefused,
          },
        }),
      },
      "/api/v2/admin/domains/{name}/rules/": rulesOps(admin, [NAME_PARAM], adminRefused),
      "/api/v2/admin/domains/{name}/feeds/": adminFeeds.list,
      "/api/v2/admin/domains/{name}/feeds/runs/": adminFeeds.runs,
      "/api/v2/admin/domains/{name}/feeds/run/": adminFeeds.run,
      "/api/v2/admin/domains/{name}/rules/preview/": previewOp(admin, [NAME_PARAM], adminRefused),
      "/api/v2/admin/domains/{name}/origins/": {
        put: admin(ORIGINS.summary, {
          parameters: [NAME_PARAM],
          requestBody: ORIGINS.requestBody,
          responses: { ...ORIGINS.responses, ...adminRefused },
        }),
      },
      "/api/v2/admin/domains/{name}/reindex/": {
        post: admin("Rebuild the domain's search index from its stored catalog", {
          parameters: [NAME_PARAM],
          responses: {
            202: jsonBody(ref("ReindexQueued"), "Queued."),
            409: jsonBody(ref("Detail"), REINDEX_RUNNING),
            ...adminRefused,
          },
        }),
      },
      "/api/v2/content/origins/": {
        put: owner(ORIGINS.summary, {
          requestBody: ORIGINS.requestBody,
          responses: ORIGINS.responses,
        }),
      },
      "/api/v2/admin/domains/{name}/overview/": {
        get: admin("Tokens, catalog counts, index state and recent import errors", {
          parameters: [NAME_PARAM],
          responses: { 200: jsonBody(ref("DomainOverview"), "The overview."), ...adminRefused },
        }),
      },
      // The same views for the store itself, with its secret token (the /admin page).
      "/api/v2/content/overview/": {
        get: owner("Tokens, catalog counts, index state and recent import errors", {
          responses: { 200: jsonBody(ref("DomainOverview"), "The overview.") },
        }),
      },
      "/api/v2/content/rotate-tokens/": {
        post: owner(ROTATE_SUMMARY, {
          parameters: [GRACE],
          responses: {
            200: jsonBody(ref("Domain"), "The new tokens, and the old search token's grace."),
            400: jsonBody(ref("FieldErrors"), "A bad search_token_grace."),
          },
        }),
      },
      "/api/v2/content/analytics/": {
        get: owner("Top queries, queries without results and searches per day", {
          parameters: PERIOD_PARAMS,
          responses: {
            200: jsonBody(ref("AnalyticsReport"), "The report of the period."),
            400: jsonBody(ref("FieldErrors"), "A malformed period."),
          },
        }),
      },
      "/api/v2/content/suggestions/blocked/": {
        get: owner("The suggestions never offered to shoppers", {
          responses: { 200: jsonBody(ref("BlockedSuggestions"), "Blocked.") },
        }),
        post: owner("Block a suggestion", {
          requestBody: suggestionBody,
          responses: {
            201: jsonBody(ref("SuggestionQuery"), "Blocked now, in the form compared."),
            200: jsonBody(ref("SuggestionQuery"), "Was blocked already."),
            ...bodyRefused,
          },
        }),
        delete: owner("Unblock a suggestion", {
          requestBody: suggestionBody,
          responses: {
            200: jsonBody(ref("SuggestionQuery"), "Unblocked."),
            ...bodyRefused,
          },
        }),
      },
      "/api/v2/content/synonyms/": {
        get: owner("The domain's own synonyms", {
          responses: { 200: jsonBody(ref("Synonyms"), "The sets, normalised.") },
        }),
        put: owner("Replace the domain's own synonyms (an empty list clears them)", {
          requestBody: synonymsBody,
          responses: {
            200: jsonBody(ref("Synonyms"), "The sets now used by search, normalised."),
            400: jsonBody(ref("FieldErrors"), "A bad body: nothing of it is saved."),
            ...refused("RequestTimeout", "PayloadTooLarge"),
          },
        }),
      },
      "/api/v2/content/rules/": rulesOps(owner, [], {}),
      "/api/v2/content/feeds/": ownerFeeds.list,
      "/api/v2/content/feeds/runs/": ownerFeeds.runs,
      "/api/v2/content/feeds/run/": ownerFeeds.run,
      "/api/v2/content/rules/preview/": previewOp(owner, [], {}),
      "/health": {
        get: {
          tags: ["operations"],
          summary: "The process is alive and serves all its command line asked for",
          responses: {
            200: jsonBody(ref("Healthy"), "Up."),
            503: jsonBody(ref("Starting"), "Still loading (`serve --demo`: the demo catalog)."),
          },
        },
      },
      "/ready": {
        get: {
          tags: ["operations"],
          summary: "Every served index is built and caught up, and the store answers",
          responses: {
            200: jsonBody(ref("Ready"), "Ready."),
            503: jsonBody(ref("NotReady"), "Not ready, and why."),
          },
        },
      },
      "/metrics": {
        get: {
          tags: ["operations"],
          summary: "Prometheus metrics",
          description: "Needs the admin key when one is configured; open otherwise.",
          security: [...ADMIN, {}],
          responses: {
            200: {
              description: "Prometheus text format.",
              content: { "text/plain": { schema: { type: "string" } } },
            },
            ...refused("Unauthorized", "TooManyRequests"),
          },
        },
      },
      "/": { get: { tags: ["pages"], summary: "The landing page", responses: HTML("HTML.") } },
      "/demo": {
        get: {
          tags: ["pages"],
          summary: "The demo storefront's results page, with the widget (serve --demo)",
          responses: HTML("HTML."),
        },
      },
      "/admin": {
        get: {
          tags: ["pages"],
          summary: "The administration area (the token is typed in, never put in a URL)",
          responses: HTML("HTML."),
        },
        post: {
          tags: ["pages"],
          summary: "The login form without its script: sent back to /admin, the body unread",
          responses: { 303: { description: "See /admin." } },
        },
      },
      "/widget.js": {
        get: {
          tags: ["pages"],
          summary: "The embeddable search widget",
          responses: {
            200: {
              description: "JavaScript.",
              content: { "text/javascript": { schema: { type: "string" } } },
            },
          },
        },
      },
      "/instantsearch-client.js": {
        get: {
          tags: ["pages"],
          summary:
            "The InstantSearch search client, an ES module: vitrinaSearchClient, vitrinaInsights (docs/INSTANTSEARCH.md)",
          responses: {
            200: {
              description: "JavaScript.",
              content: { "text/javascript": { schema: { type: "string" } } },
            },
          },
        },
      },
      "/demo/instantsearch": {
        get: {
          tags: ["pages"],
          summary:
            "The demo catalog in a storefront of InstantSearch.js widgets (with the instantsearch.js dev dependency installed)",
          responses: HTML("HTML."),
        },
      },
      "/demo/instantsearch.js": {
        get: {
          tags: ["pages"],
          summary: "That storefront's script, bundled at its first request",
          responses: {
            200: {
              description: "JavaScript.",
              content: { "text/javascript": { schema: { type: "string" } } },
            },
            ...refused("NotFound"),
          },
        },
      },
      "/widget.css": {
        get: {
          tags: ["pages"],
          summary: 'The widget\'s stylesheet, which it links (docs/WIDGET.md, "CSP")',
          responses: {
            200: { description: "CSS.", content: { "text/css": { schema: { type: "string" } } } },
          },
        },
      },
      "/demo-img/{name}": {
        get: {
          tags: ["pages"],
          summary:
            "A picture of the demo catalog, drawn by the service (`N.svg`, N a hue 0-359, or `swatch-rrggbb.svg`)",
          parameters: [{ name: "name", in: "path", required: true, schema: { type: "string" } }],
          responses: {
            200: {
              description: "SVG.",
              content: { "image/svg+xml": { schema: { type: "string" } } },
            },
            ...refused("NotFound"),
          },
        },
      },
      "/results-page.js": {
        get: {
          tags: ["pages"],
          summary: 'The results page kit\'s script (docs/WIDGET.md, "Results page")',
          responses: {
            200: {
              description: "JavaScript.",
              content: { "text/javascript": { schema: { type: "string" } } },
            },
          },
        },
      },
      "/results-page.css": {
        get: {
          tags: ["pages"],
          summary: "The results page kit's stylesheet",
          responses: {
            200: { description: "CSS.", content: { "text/css": { schema: { type: "string" } } } },
          },
        },
      },
      "/docs": {
        get: { tags: ["pages"], summary: "This document, as a page", responses: HTML("HTML.") },
      },
      "/openapi.json": {
        get: {
          tags: ["pages"],
          summary: "This document",
          responses: {
            200: jsonBody({ type: "object" }, "The OpenAPI 3.1 document."),
          },
        },
      },
    },
    components: {
      schemas: Object.fromEntries(
        Object.entries(SCHEMAS).map(([name, schema]) => [name, toJsonSchema(schema, NAMES)]),
      ),
      responses: RESPONSES,
      securitySchemes: {
        SecretToken: {
          type: "apiKey",
          in: "header",
          name: "X-Secret-Token",
          description: "The domain's secret token: import only. Never put it in a page.",
        },
        SearchToken: {
          type: "apiKey",
          in: "query",
          name: "token",
          description: "The domain's search token: public, in the store's pages.",
        },
        AdminKey: {
          type: "apiKey",
          in: "header",
          name: "X-Admin-Key",
          description: "The operator key (--admin-key).",
        },
        AdminBearer: {
          type: "http",
          scheme: "bearer",
          description: "The operator key as `Authorization: Bearer KEY`.",
        },
      },
    },
  };
}
