import { AppError } from "../../errors.ts";
import { feedRun, type RunOutcome } from "../../feeds/feed-runs.ts";
import { FEED_FORMATS, type FeedFormat } from "../../feeds/feed-types.ts";
import { boundedBody, fetchFeed } from "../../feeds/fetch-url.ts";
import { importFeed } from "../../feeds/import-feed.ts";
import type { FeedRunResult } from "../../feeds/run-feed.ts";
import { type FeedWriter, writerSink } from "../../feeds/writer-sink.ts";
import type { BatchLimits } from "../../import/read-batch.ts";
import type { DomainRecord } from "../../model/records.ts";
import type { FeedStore } from "../../store/store.ts";
import { logLine } from "../../telemetry/log-lines.ts";
import { jsonOf } from "../stack/read-body.ts";
import { json } from "../stack/respond.ts";
import type { RouteContext } from "../stack/route-table.ts";

// POST /api/v2/content/feed/ (docs/API.md, "Feeds"): the feed itself as the body, or
// {"url": ...} as JSON; the run's counts and its errors by offer id as the answer. Each run but
// a dry one goes to the domain's run history (trigger "upload"; docs/FEEDS.md "Run history").

export interface FeedRouteOptions {
  allowHosts: readonly string[];
  maxBytes: number;
  seconds: number;
  /** Whether the domain's index is far behind its writes (the index thread's `farBehind`). */
  indexBehind: (domainId: number) => boolean;
}

/** A URL as the history keeps it: credentials in it (`https://user:pass@…`) are never answered. */
function withoutCredentials(address: string): string {
  try {
    const url = new URL(address);
    if (url.username === "" && url.password === "") return address;
    url.username = "";
    url.password = "";
    return url.href;
  } catch {
    return address;
  }
}

/** `format`, `dry_run`, `force` and `delete_missing` of the query; 400 for a value they cannot take. */
function queryOf(url: URL): {
  format: FeedFormat | "auto";
  dryRun: boolean;
  force: boolean;
  deleteMissing: boolean;
} {
  const format = url.searchParams.get("format") ?? "auto";
  const errors: Record<string, string[]> = {};
  if (format !== "auto" && !(FEED_FORMATS as readonly string[]).includes(format))
    errors.format = [`"${format.slice(0, 50)}" is not a valid choice.`];
  const flag = (name: string) => {
    const value = url.searchParams.get(name) ?? "false";
    if (value !== "true" && value !== "false") errors[name] = ["Must be a valid boolean."];
    return value === "true";
  };
  const dryRun = flag("dry_run");
  const force = flag("force");
  const deleteMissing = flag("delete_missing");
  if (Object.keys(errors).length > 0) throw new AppError("invalid_params", {}, errors);
  return { format: format as FeedFormat | "auto", dryRun, force, deleteMissing };
}

export function feedHandler(deps: {
  imports: FeedWriter;
  runs: Pick<FeedStore, "recordFeedRun">;
  limits: BatchLimits;
  options: FeedRouteOptions;
}) {
  const { imports, runs, limits, options } = deps;
  /** The run in the history; a store that cannot keep it now does not undo the import. */
  const record = async (
    domain: DomainRecord,
    url: string | null,
    startedAt: number,
    outcome: RunOutcome,
  ) => {
    const run = feedRun(
      { url: url && withoutCredentials(url), trigger: "upload", startedAt },
      outcome,
      Date.now(),
    );
    await runs.recordFeedRun(domain.id, run, null).catch((error) =>
      logLine({
        level: "error",
        msg: "feed run record",
        domain: domain.name,
        error: String(error),
      }),
    );
  };
  return async (context: RouteContext, domain: DomainRecord): Promise<Response> => {
    const { request } = context;
    const query = queryOf(new URL(request.url));
    const type = request.headers.get("content-type") ?? "";
    let bytes: AsyncIterable<Uint8Array>;
    let url: string | null = null;
    if (/^application\/json\b/i.test(type)) {
      const body = jsonOf(await context.body(), 'an object {"url": "https://..."}');
      const asked = (body as { url?: unknown } | null)?.url;
      if (typeof asked !== "string")
        throw new AppError("invalid_params", {}, { url: ["This field is required."] });
      url = asked;
      bytes = fetchFeed(url, { ...options, allowHosts: options.allowHosts });
    } else {
      if (!request.body)
        throw new AppError("feed_malformed", { line: 1, column: 0, reason: "the body is empty" });
      bytes = boundedBody(request.body as unknown as AsyncIterable<Uint8Array>, options);
    }
    const startedAt = Date.now();
    let result: FeedRunResult;
    try {
      const sink = writerSink(imports, domain.id, options.indexBehind);
      result = await importFeed(bytes, sink, { ...query, limits });
    } catch (error) {
      if (!query.dryRun) await record(domain, url, startedAt, { error });
      throw error;
    }
    if (!query.dryRun) await record(domain, url, startedAt, { result });
    return json(result, 200);
  };
}
