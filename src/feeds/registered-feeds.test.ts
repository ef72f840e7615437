// The pure parts of registered feeds (docs/FEEDS.md "Registered feeds"):
//  1. a feed is due every_minutes after its last run started, at once when it never ran;
//     those waiting longest first
//  2. a run's history record: counts of an ok run with its first MAX_RUN_ERRORS errors (and
//     `gone` and `deleted` when the result has them), a 304 as "unchanged", an error's reason
//     as "failed"
//  3. the webhook's signature is HMAC-SHA256 of the body, hex, after "sha256=" (the
//     well-known example of "The quick brown fox")
import { describe, expect, test } from "bun:test";
import { AppError } from "../errors.ts";
import { MAX_RUN_ERRORS, type RegisteredFeed } from "../model/feeds.ts";
import { feedRun } from "./feed-runs.ts";
import { dueFeeds, nextRunAt } from "./feed-schedule.ts";
import type { FeedRunResult } from "./run-feed.ts";
import { signature } from "./webhook.ts";

const feed = (url: string, every: number): RegisteredFeed => ({
  url,
  format: "auto",
  every_minutes: every,
  username: null,
  password: null,
  webhook_url: null,
  webhook_secret: null,
});
const state = (url: string, at: number) => ({
  url,
  started_at: at,
  etag: null,
  last_modified: null,
});

describe("registered feeds", () => {
  test("1. when a feed is due", () => {
    const minute = 60_000;
    expect(nextRunAt(feed("a", 5), undefined, minute)).toBe(0);
    expect(nextRunAt(feed("a", 5), state("a", 1_000), minute)).toBe(301_000);
    const feeds = [feed("a", 5), feed("b", 10), feed("c", 5), feed("new", 60)];
    const states = [state("a", 0), state("b", 0), state("c", 100_000)];
    expect(dueFeeds(feeds, states, 300_000, minute).map((f) => f.url)).toEqual(["new", "a"]);
    expect(dueFeeds(feeds, states, 600_000, minute).map((f) => f.url)).toEqual([
      "new",
      "a",
      "c",
      "b",
    ]);
  });

  test("2. a run as the history keeps it", () => {
    const start = {
      url: "https://s.example/f.xml",
      trigger: "schedule" as const,
      startedAt: 1_000,
    };
    const times = {
      url: start.url,
      trigger: "schedule" as const,
      started_at: "1970-01-01T00:00:01.000Z",
      finished_at: "1970-01-01T00:00:03.500Z",
      took_ms: 2_500,
    };
    const errors = Array.from({ length: 150 }, (_, i) => ({
      offer_id: String(i),
      line: i + 1,
      errors: { new_price: ["Enter a number."] },
    }));
    const result: FeedRunResult = {
      format: "yml",
      encoding: "utf-8",
      language: "uk",
      dry_run: false,
      offers: 1_150,
      created: 900,
      updated: 100,
      unchanged: 0,
      gone: 0,
      deleted: 0,
      failed: 150,
      categories: { total: 3, created: 3, updated: 0, failed: 0 },
      errors,
      category_errors: [],
      seconds: 2.5,
    };
    const zero = { offers: 0, created: 0, updated: 0, unchanged: 0, failed: 0 };
    expect(feedRun(start, { result: { ...result, gone: 7, deleted: 2 } }, 3_500)).toEqual({
      ...times,
      status: "ok",
      format: "yml",
      offers: 1_150,
      created: 900,
      updated: 100,
      unchanged: 0,
      gone: 7,
      deleted: 2,
      failed: 150,
      categories: { total: 3, created: 3, updated: 0, failed: 0 },
      errors: errors.slice(0, MAX_RUN_ERRORS),
      errors_truncated: true,
    });
    expect(feedRun(start, { notModified: true }, 3_500)).toEqual({
      ...times,
      status: "unchanged",
      format: null,
      ...zero,
      categories: null,
      errors: [],
    });
    expect(
      feedRun(start, { error: new AppError("feed_timeout", { seconds: 300 }) }, 3_500),
    ).toEqual({
      ...times,
      status: "failed",
      format: null,
      ...zero,
      categories: null,
      errors: [],
      detail: "The feed did not arrive in full within 300 s. Nothing of this run was imported.",
    });
    // Not the service's insides: an unexpected error is named as such.
    expect(feedRun(start, { error: new Error("at /src/x.ts:1") }, 3_500).detail).toBe(
      "The run failed inside the service.",
    );
  });

  test("3. the webhook's signature", () => {
    expect(signature("The quick brown fox jumps over the lazy dog", "key")).toBe(
      "sha256=f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd8",
    );
  });
});
