import type { Static } from "@sinclair/typebox";
import type {
  FeedFormatChoice,
  FeedResult,
  FeedRuns,
  FeedsInput,
  FeedsView,
} from "../../model/feeds.ts";
import { bodyFor, queryString, type Send } from "./transport.ts";

// A store's price feeds (docs/FEEDS.md): a feed uploaded, or fetched from its URL, through the
// bulk import; the registered feeds the server pulls itself, their runs, and a run now.

export const FEED_PATH = "/api/v2/content/feed/";

export interface FeedOptions {
  format?: FeedFormatChoice;
  /** Reads, plans and checks, writes nothing. */
  dryRun?: boolean;
  /** Runs a feed that lacks more than half of the store's products (they become unavailable). */
  force?: boolean;
  /** Deletes the store's products the feed lacks instead of making them unavailable. */
  deleteMissing?: boolean;
}

/** A feed's bytes: a text, bytes, a file (Blob), or a stream (sent once, never retried). */
export type FeedBody = string | Uint8Array | Blob | ReadableStream<Uint8Array>;

const feedQuery = (o: FeedOptions) =>
  queryString({
    format: o.format,
    dry_run: o.dryRun,
    force: o.force,
    delete_missing: o.deleteMissing,
  });

/** POST /api/v2/content/feed/ with the feed as the body. */
export const uploadFeed = (
  send: Send,
  feed: FeedBody,
  options: FeedOptions & { contentType?: string } = {},
) =>
  bodyFor<FeedResult>(send, {
    method: "POST",
    path: `${FEED_PATH}${feedQuery(options)}`,
    credential: "secret",
    body: feed,
    headers: { "content-type": options.contentType ?? "application/xml" },
  });

/** POST /api/v2/content/feed/ with `{"url": ...}`: the server fetches the feed. */
export const importFeedUrl = (send: Send, url: string, options: FeedOptions = {}) =>
  bodyFor<FeedResult>(send, {
    method: "POST",
    path: `${FEED_PATH}${feedQuery(options)}`,
    credential: "secret",
    json: { url },
  });

/** The registered feeds of a domain, under `prefix` (the owner's or the operator's). */
export function registeredFeeds(send: Send, prefix: string, credential: "secret" | "admin") {
  const path = `${prefix}/feeds/`;
  return {
    list: () => bodyFor<Static<typeof FeedsView>>(send, { method: "GET", path, credential }),
    /** Replaces the list; a password or webhook secret left out is kept. */
    put: (feeds: Static<typeof FeedsInput>["feeds"]) =>
      bodyFor<Static<typeof FeedsView>>(send, { method: "PUT", path, credential, json: { feeds } }),
    /** The last runs, newest first. */
    runs: () =>
      bodyFor<Static<typeof FeedRuns>>(send, { method: "GET", path: `${path}runs/`, credential }),
    /** Starts a run of the registered feed `url` now (202); 409 while one runs. */
    run: (url: string, options: { force?: boolean } = {}) =>
      bodyFor<{ url: string; status: "started" }>(
        send,
        {
          method: "POST",
          path: `${path}run/`,
          credential,
          json: { url, force: options.force ?? false },
        },
        [202],
      ),
  };
}
