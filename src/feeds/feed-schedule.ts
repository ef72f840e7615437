import type { FeedState, RegisteredFeed } from "../model/feeds.ts";

// When a registered feed is due (docs/FEEDS.md "Registered feeds"): every_minutes after its
// last run started, at once when it never ran. Pure. `minuteMs` is a minute's length: 60,000,
// shorter only in tests (--feed-minute-ms).

/** When the feed's next run is due, ms since the epoch. */
export function nextRunAt(
  feed: Pick<RegisteredFeed, "every_minutes">,
  state: Pick<FeedState, "started_at"> | undefined,
  minuteMs: number,
): number {
  return state === undefined ? 0 : state.started_at + feed.every_minutes * minuteMs;
}

/** The feeds due at `now`, those waiting longest first. */
export function dueFeeds(
  feeds: readonly RegisteredFeed[],
  states: readonly FeedState[],
  now: number,
  minuteMs: number,
): RegisteredFeed[] {
  const byUrl = new Map(states.map((s) => [s.url, s]));
  return feeds
    .map((feed) => ({ feed, at: nextRunAt(feed, byUrl.get(feed.url), minuteMs) }))
    .filter((f) => f.at <= now)
    .sort((a, b) => a.at - b.at)
    .map((f) => f.feed);
}
