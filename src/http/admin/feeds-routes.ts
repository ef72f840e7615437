import { AppError } from "../../errors.ts";
import { nextRunAt } from "../../feeds/feed-schedule.ts";
import { checkHost, type FetchLimits } from "../../feeds/fetch-url.ts";
import {
  FEED_EVERY_MINUTES,
  type FeedState,
  type FeedView,
  MAX_FEEDS,
  MAX_FEEDS_BYTES,
  type RegisteredFeed,
} from "../../model/feeds.ts";
import type { DomainRecord } from "../../model/records.ts";
import type { FeedStore } from "../../store/store.ts";
import { assertJsonType, jsonOf } from "../stack/read-body.ts";
import { json } from "../stack/respond.ts";
import {
  type Route,
  type RouteContext,
  type RoutePolicy,
  SMALL_BODY,
} from "../stack/route-table.ts";
import { parseFeeds } from "./feeds-body.ts";

// A domain's registered feeds (docs/API.md "Registered feeds"): the list, read and replaced
// whole as synonyms are, the history of runs, and a run asked for now. Mounted with the other
// domain routes, for the owner (secret token) and the operator (admin key).

export interface FeedsDeps {
  /** The feeds and their runs, read and written on the writer thread (writer/feeds.ts). */
  feeds: FeedStore;
  /** Starts a registered feed's run now (feeds/feed-puller.ts). */
  /** `force`: past the half rule (docs/FEEDS.md, "A run is a diff"). */
  runFeed: (
    domain: DomainRecord,
    url: string,
    force: boolean,
  ) => Promise<"started" | "running" | "unknown">;
  /** Tells the puller that a list changed: a feed new to it runs at once. */
  changed: () => void;
  /** The hosts a feed or webhook URL may name whatever they resolve to (--feed-allow-host). */
  fetch: Pick<FetchLimits, "allowHosts">;
  /** A minute's length for next_run_at (--feed-minute-ms). */
  minuteMs: number;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** A feed as answered: the secrets only as whether there is one. */
function viewOf(feed: RegisteredFeed, state: FeedState | undefined, minuteMs: number): FeedView {
  return {
    url: feed.url,
    format: feed.format,
    every_minutes: feed.every_minutes,
    delete_missing: feed.delete_missing === true,
    username: feed.username,
    has_password: feed.password !== null,
    webhook_url: feed.webhook_url,
    has_webhook_secret: feed.webhook_secret !== null,
    last_started_at: state ? iso(state.started_at) : null,
    next_run_at: iso(Math.max(nextRunAt(feed, state, minuteMs), state ? 0 : Date.now())),
  };
}

/**
 * Per field, the URLs of the list that name an internal host not allowed: refused when they
 * are sent, as they would be at each run (the run checks again: a name's address may change).
 */
async function refusedHosts(
  feeds: readonly RegisteredFeed[],
  allowHosts: readonly string[],
): Promise<Record<string, string[]>> {
  const errors: Record<string, string[]> = {};
  const check = async (address: string, field: string) => {
    try {
      await checkHost(new URL(address), { maxBytes: 0, seconds: 0, allowHosts });
    } catch (error) {
      // A name not found now may be found at the run; only a refusal is the body's error.
      if (!(error instanceof AppError)) throw error;
      if (error.code === "feed_url_refused") errors[field] = [String(error.vars.reason)];
      // The catalogue's sentence without its opening: the field says what is refused.
      if (error.code === "feed_host_internal")
        errors[field] = [error.message.replace(/^The feed's URL is refused: /, "")];
    }
  };
  await Promise.all(
    feeds.flatMap((f, i) => [
      check(f.url, `feeds[${i}].url`),
      ...(f.webhook_url ? [check(f.webhook_url, `feeds[${i}].webhook_url`)] : []),
    ]),
  );
  return errors;
}

export function feedsRoutes(
  prefix: string,
  policy: RoutePolicy,
  resolve: (context: RouteContext) => Promise<DomainRecord>,
  { feeds, runFeed, changed, fetch, minuteMs }: FeedsDeps,
): Route[] {
  const FEEDS = `${prefix}/feeds/`;
  const list = async (domainId: number) => {
    const [all, states] = await Promise.all([
      feeds.domainFeeds(domainId),
      feeds.feedStates(domainId),
    ]);
    const byUrl = new Map(states.map((s) => [s.url, s]));
    return { feeds: all.map((f) => viewOf(f, byUrl.get(f.url), minuteMs)) };
  };
  return [
    {
      method: "GET",
      path: FEEDS,
      policy,
      handler: async (context) => json(await list((await resolve(context)).id)),
    },
    {
      method: "PUT",
      path: FEEDS,
      // Bounded as imports are: 413 past the largest valid body, the connection closed.
      policy: { ...policy, body: MAX_FEEDS_BYTES },
      handler: async (context) => {
        const domain = await resolve(context);
        assertJsonType(context.request);
        const body = jsonOf(await context.body(), '{"feeds": [...]}');
        const parsed = parseFeeds(body, await feeds.domainFeeds(domain.id));
        const errors = parsed.ok
          ? await refusedHosts(parsed.feeds, fetch.allowHosts)
          : parsed.errors;
        if (!parsed.ok || Object.keys(errors).length > 0)
          throw new AppError(
            "invalid_feeds",
            { feeds: MAX_FEEDS, min: FEED_EVERY_MINUTES.min, max: FEED_EVERY_MINUTES.max },
            errors,
          );
        // A feed new to the list (or never run) is due at once. Other nodes find it at their
        // next poll, this one now.
        await feeds.setDomainFeeds(domain.id, parsed.feeds);
        changed();
        return json(await list(domain.id));
      },
    },
    {
      method: "GET",
      path: `${FEEDS}runs/`,
      policy,
      handler: async (context) => {
        const domain = await resolve(context);
        return json({ runs: await feeds.feedRuns(domain.id) });
      },
    },
    {
      method: "POST",
      path: `${FEEDS}run/`,
      policy: { ...policy, body: SMALL_BODY },
      handler: async (context) => {
        const domain = await resolve(context);
        assertJsonType(context.request);
        const body = jsonOf(await context.body(), '{"url": ..., "force": false}') as {
          url?: unknown;
          force?: unknown;
        } | null;
        const url = body?.url;
        const force = body?.force ?? false;
        const errors: Record<string, string[]> = {};
        if (typeof url !== "string") errors.url = ["This field is required."];
        if (typeof force !== "boolean") errors.force = ["Must be a valid boolean."];
        if (typeof url !== "string" || typeof force !== "boolean")
          throw new AppError("invalid_params", {}, errors);
        const started = await runFeed(domain, url, force);
        if (started === "unknown") throw new AppError("feed_not_registered");
        if (started === "running") throw new AppError("feed_running");
        return json({ url, status: "started" }, 202);
      },
    },
  ];
}
