import { type Static, Type as t } from "@sinclair/typebox";

// Wire shapes of the answers that no code parses (the service writes them): declared here for
// the OpenAPI document (http/openapi/), beside the shapes the code validates with.

export const Detail = t.Object(
  { detail: t.String() },
  { description: "A refusal: one human-readable message." },
);

export const FieldErrorsBody = t.Object(
  {
    detail: t.String(),
    errors: t.Record(t.String(), t.Array(t.String()), {
      description: "Per field or parameter, its messages (DRF style).",
    }),
  },
  { description: "A request with malformed values: every one of them reported." },
);

const Successful = t.Object({
  index: t.Integer({ description: "Position of the item in the request array." }),
  status: t.Union([t.Literal(200), t.Literal(201)], {
    description: "201 for a created record, 200 for an updated one.",
  }),
  data: t.Object({}, { description: "The record as saved.", additionalProperties: true }),
});

export const ProductImportResult = t.Object({
  successful: t.Array(Successful),
  errors: t.Array(
    t.Object({
      index: t.Integer(),
      errors: t.Record(t.String(), t.Array(t.String()), {
        description: "Dotted field path (`translations.0.url`) to its messages.",
      }),
    }),
  ),
});

export const CategoryImportResult = t.Object({
  successful: t.Array(Successful),
  errors: t.Array(
    t.Object({
      index: t.Integer(),
      errors: t.Record(t.String(), t.String(), {
        description: "Field path to its message (specification 2.6: one string per field).",
      }),
    }),
  ),
});

export const ReindexQueued = t.Object({
  detail: t.Literal("Reindex queued."),
  seq: t.Integer({ description: "The change-log position of the reindex entry." }),
});

export const Domain = t.Object({
  id: t.Integer(),
  name: t.String(),
  secret_token: t.String({ description: "For the import API (X-Secret-Token)." }),
  search_token: t.String({ description: "For the search API (`token`); public." }),
  created_at: t.Integer({ description: "Milliseconds since the epoch." }),
  retired_search_token: t.Optional(
    t.String({
      description:
        "The search token before the last rotation: it answers until retired_search_until, then searches with it get the empty answer and X-Search-Token: expired.",
    }),
  ),
  retired_search_until: t.Optional(
    t.Integer({
      description: "Milliseconds since the epoch: the end of the old search token's grace.",
    }),
  ),
});

export const DomainName = t.Object({
  name: t.String({
    pattern: "^[a-z0-9._-]{1,64}$",
    description: "1 to 64 lowercase letters, digits, '-', '_' or '.'.",
  }),
});

const QueryCount = { q: t.String(), count: t.Integer() };

export const AnalyticsReport = t.Object({
  period: t.Object({
    from: t.String({ format: "date" }),
    to: t.String({ format: "date" }),
  }),
  top_queries: t.Array(
    t.Object({ ...QueryCount, corrected_query: t.String({ description: '"" when none.' }) }),
  ),
  zero_result_queries: t.Array(t.Object(QueryCount)),
  searches_per_day: t.Array(t.Object({ day: t.String({ format: "date" }), count: t.Integer() })),
});

export const SuggestionQuery = t.Object({
  query: t.String({ description: "A suggestion as shoppers type it; compared normalised." }),
});

export const BlockedSuggestions = t.Object({ blocked: t.Array(t.String()) });

export const Healthy = t.Object({ status: t.Literal("ok") });
export const Starting = t.Object(
  { detail: t.String(), loading: t.Array(t.String()) },
  { description: "What the command line asked for that is still loading (`--demo`)." },
);
export const Ready = t.Object({ status: t.Literal("ready") });
export const NotReady = t.Object(
  { detail: t.String() },
  { additionalProperties: true, description: "What is missing: the store, or indexes loading." },
);

/** The most categories the overview's tree lists (a store's menu rarely has more). */
export const OVERVIEW_TREE_ROWS = 500;

/** A category of the overview's tree (issue 33, point 2: the tree shows in /admin). */
export const CategoryTreeRow = t.Object({
  source_category_id: t.Integer(),
  name: t.String({ description: "In uk, else the first translation." }),
  parent_id: t.Union([t.Integer(), t.Null()]),
  depth: t.Integer({
    description: "0 at the top; a category whose parent is not imported is at the top.",
  }),
});
export type CategoryTreeRow = Static<typeof CategoryTreeRow>;

/** The domain's administration overview (/admin; http/admin/overview.ts builds it). */
export const DomainOverview = t.Object({
  domain: t.String(),
  tokens: t.Object({ secret_token: t.String(), search_token: t.String() }),
  catalog: t.Union([
    t.Object({
      categories: t.Integer(),
      products: t.Integer(),
      unavailable: t.Integer(),
      warehouses: t.Integer(),
    }),
    t.Null(),
  ]),
  index: t.Union([
    t.Object({
      documents: t.Integer(),
      applied_seq: t.Integer(),
      log_head: t.Integer(),
      lag: t.Integer(),
      applied_at: t.Union([t.String({ format: "date-time" }), t.Null()]),
    }),
    t.Null(),
  ]),
  import_errors: t.Array(
    t.Object(
      {
        at: t.String({ format: "date-time" }),
        kind: t.Union([t.Literal("products"), t.Literal("categories")]),
        status: t.Integer(),
        detail: t.Optional(t.String()),
        failed: t.Optional(t.Integer()),
        errors: t.Optional(t.Array(t.Unknown())),
        source_ids: t.Optional(
          t.Array(t.Union([t.String(), t.Null()]), {
            description: "Per error kept, its item's source id as sent (null when none).",
          }),
        ),
      },
      { description: "A recent failed batch (this node's, since its start)." },
    ),
    { description: "The last 20 failed import batches, newest first, 10 item errors each." },
  ),
  allowed_origins: t.Array(t.String(), { description: "[] when any site may search." }),
  stored: t.Object(
    { products: t.Integer(), categories: t.Integer() },
    { description: "The catalog as the store holds it." },
  ),
  not_searchable: t.Object(
    {
      count: t.Integer(),
      reason: t.Union([t.Literal("failed batch"), t.Literal("catching up"), t.Null()]),
    },
    {
      description:
        "Products and categories stored but not in this node's index: a failed batch's valid items wait for the next batch that fully succeeds or a reindex; or the index is catching up.",
    },
  ),
  category_tree: t.Array(CategoryTreeRow, {
    maxItems: OVERVIEW_TREE_ROWS,
    description:
      "The categories as this node's index holds them, depth first (each parent before its children, siblings by id), at most 500.",
  }),
});

/** The origins a domain's search answers to (PUT /api/v2/admin/domains/NAME/origins/). */
export const DomainOrigins = t.Object({
  origins: t.Array(t.String({ description: "scheme://host[:port], http or https" }), {
    maxItems: 20,
    description: "Empty: every site may search (the default).",
  }),
});

export const DomainOriginsSet = t.Object({
  name: t.String(),
  allowed_origins: t.Array(t.String()),
});
