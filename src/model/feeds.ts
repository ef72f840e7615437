import { type Static, Type as t } from "@sinclair/typebox";

// A domain's registered feeds (issue 33 points 1 and 5; docs/FEEDS.md "Registered feeds"):
// price feeds the service pulls itself every N minutes, and the history of every feed run.

/** The formats a feed may be registered with (feeds/feed-types.ts reads them). */
export const FEED_FORMAT_CHOICES = ["auto", "yml", "hotline", "google", "csv"] as const;
export type FeedFormatChoice = (typeof FEED_FORMAT_CHOICES)[number];

/** How often a feed may be pulled: every 5 minutes at most, once a day at least. */
export const FEED_EVERY_MINUTES = { min: 5, max: 1440 } as const;
/** At most this many feeds a domain. */
export const MAX_FEEDS = 20;
/** The longest URL, username, password and webhook secret. */
export const MAX_FEED_URL_CHARS = 2048;
export const MAX_FEED_CREDENTIAL_CHARS = 256;
export const WEBHOOK_SECRET_CHARS = { min: 16, max: 256 } as const;
/** A body of the most feeds with the longest fields, with room for spacing. */
export const MAX_FEEDS_BYTES = 256 * 1024;
/** Runs kept per domain, newest first. */
export const MAX_FEED_RUNS = 50;
/** Offer errors a run keeps in the history (`failed` counts them all). */
export const MAX_RUN_ERRORS = 100;

/** A registered feed as stored: its secrets with it, never answered (`has_password`). */
export interface RegisteredFeed {
  url: string;
  format: FeedFormatChoice;
  every_minutes: number;
  username: string | null;
  password: string | null;
  webhook_url: string | null;
  webhook_secret: string | null;
  /** Its runs delete the products it lacks; absent in a feed stored before it existed: false. */
  delete_missing?: boolean;
}

/** What the last run of a registered feed left for the next: when, and its validators. */
export interface FeedState {
  url: string;
  /** When the last run started (ms since the epoch): the next is due every_minutes later. */
  started_at: number;
  etag: string | null;
  last_modified: string | null;
}

const Url = t.String({
  minLength: 1,
  maxLength: MAX_FEED_URL_CHARS,
  description: "http or https.",
});
const Credential = t.String({ minLength: 1, maxLength: MAX_FEED_CREDENTIAL_CHARS });

export const FeedInput = t.Object(
  {
    url: { ...Url, description: "The feed's URL: its key in the list (unique)." },
    format: t.Optional(
      t.Union(
        FEED_FORMAT_CHOICES.map((f) => t.Literal(f)),
        { default: "auto" },
      ),
    ),
    every_minutes: t.Integer({
      minimum: FEED_EVERY_MINUTES.min,
      maximum: FEED_EVERY_MINUTES.max,
      description: "Minutes between two pulls.",
    }),
    delete_missing: t.Optional(
      t.Boolean({
        default: false,
        description:
          "Each run deletes the store's products the feed lacks instead of making them unavailable (the half rule applies).",
      }),
    ),
    username: t.Optional(t.Union([Credential, t.Null()], { description: "Basic auth." })),
    password: t.Optional(
      t.Union([Credential, t.Null()], {
        description:
          "Basic auth; never answered. Left out: the one stored for this url and username is kept; null removes it.",
      }),
    ),
    webhook_url: t.Optional(
      t.Union([Url, t.Null()], { description: "Where each run's result is POSTed." }),
    ),
    webhook_secret: t.Optional(
      t.Union(
        [
          t.String({ minLength: WEBHOOK_SECRET_CHARS.min, maxLength: WEBHOOK_SECRET_CHARS.max }),
          t.Null(),
        ],
        {
          description:
            "The HMAC-SHA256 key of X-Vitrina-Signature; required with webhook_url, never answered. Left out: the stored one is kept.",
        },
      ),
    ),
  },
  { additionalProperties: false },
);

export const FeedsInput = t.Object({ feeds: t.Array(FeedInput, { maxItems: MAX_FEEDS }) });

/** A registered feed as answered: the secrets only as whether there is one. */
export const FeedView = t.Object({
  url: t.String(),
  format: t.Union(FEED_FORMAT_CHOICES.map((f) => t.Literal(f))),
  every_minutes: t.Integer(),
  delete_missing: t.Boolean(),
  username: t.Union([t.String(), t.Null()]),
  has_password: t.Boolean(),
  webhook_url: t.Union([t.String(), t.Null()]),
  has_webhook_secret: t.Boolean(),
  last_started_at: t.Union([t.String({ format: "date-time" }), t.Null()]),
  next_run_at: t.String({ format: "date-time" }),
});
export type FeedView = Static<typeof FeedView>;

export const FeedsView = t.Object({ feeds: t.Array(FeedView) });

const Counts = {
  offers: t.Integer(),
  created: t.Integer(),
  updated: t.Integer(),
  unchanged: t.Integer(),
  gone: t.Optional(
    t.Integer({
      description:
        "Products the feed lacks, made unavailable (the diff of runs); absent from a run that read nothing.",
    }),
  ),
  deleted: t.Optional(
    t.Integer({
      description:
        "Products the feed lacks, deleted (a run with delete_missing); absent from a run that read nothing.",
    }),
  ),
  failed: t.Integer(),
};

export const FeedRun = t.Object({
  url: t.Union([t.String(), t.Null()], { description: "null: a feed sent as the body." }),
  trigger: t.Union([t.Literal("schedule"), t.Literal("manual"), t.Literal("upload")]),
  status: t.Union([t.Literal("ok"), t.Literal("unchanged"), t.Literal("failed")]),
  started_at: t.String({ format: "date-time" }),
  finished_at: t.String({ format: "date-time" }),
  took_ms: t.Integer(),
  format: t.Union([t.String(), t.Null()]),
  ...Counts,
  categories: t.Union([
    t.Object({
      total: t.Integer(),
      created: t.Integer(),
      updated: t.Integer(),
      failed: t.Integer(),
    }),
    t.Null(),
  ]),
  errors: t.Array(
    t.Object({
      offer_id: t.String(),
      line: t.Integer(),
      errors: t.Record(t.String(), t.Array(t.String())),
    }),
    { maxItems: MAX_RUN_ERRORS, description: "The first offer errors; `failed` counts all." },
  ),
  errors_truncated: t.Optional(t.Literal(true)),
  detail: t.Optional(t.String({ description: "Why a failed run stopped." })),
});
export type FeedRun = Static<typeof FeedRun>;

export const FeedRuns = t.Object({ runs: t.Array(FeedRun, { maxItems: MAX_FEED_RUNS }) });

/** An offer's or a category's errors in a run's answer, with its line in the feed. */
const ItemErrors = {
  line: t.Integer({ description: "0 when unknown." }),
  errors: t.Record(t.String(), t.Array(t.String())),
};

/** What a feed run answers: an upload, a URL's import (POST /api/v2/content/feed/). */
export const FeedResult = t.Object({
  format: t.Union(FEED_FORMAT_CHOICES.filter((f) => f !== "auto").map((f) => t.Literal(f))),
  encoding: t.String({ description: "utf-8, windows-1251, utf-16le or utf-16be." }),
  language: t.String(),
  dry_run: t.Boolean(),
  offers: t.Integer({ description: "Offers in the feed." }),
  created: t.Integer(),
  updated: t.Integer(),
  unchanged: t.Integer({ description: "Offers the store already had as they are: not written." }),
  gone: t.Integer({
    description:
      "The store's available products the feed lacks, made unavailable (0 with delete_missing).",
  }),
  deleted: t.Integer({
    description:
      "With delete_missing: the store's products the feed lacks, deleted (a dry run: those it would delete); else 0.",
  }),
  failed: t.Integer(),
  categories: t.Object({
    total: t.Integer(),
    created: t.Integer(),
    updated: t.Integer(),
    failed: t.Integer(),
  }),
  errors: t.Array(t.Object({ offer_id: t.String(), ...ItemErrors }), {
    description: "At most 1,000 listed; `failed` counts all.",
  }),
  category_errors: t.Array(t.Object({ category_id: t.String(), ...ItemErrors })),
  errors_truncated: t.Optional(t.Literal(true, { description: "More errors than are listed." })),
  seconds: t.Number(),
});
export type FeedResult = Static<typeof FeedResult>;
