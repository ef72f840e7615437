import { AppError } from "../errors.ts";
import { type FeedRun, MAX_RUN_ERRORS } from "../model/feeds.ts";
import type { FeedRunResult } from "./run-feed.ts";

// A feed run's result as the history keeps it (model/feeds.ts FeedRun; docs/FEEDS.md "Run
// history"): when, how it was started, its counts and its first errors by offer id; the reason
// of a run that stopped. Pure: the puller and the feed route record what this makes.

export interface RunStart {
  /** The feed's URL, null for a feed sent as the body. */
  url: string | null;
  trigger: FeedRun["trigger"];
  /** ms since the epoch. */
  startedAt: number;
}

/** What a run came to: the pipeline's result, a 304, or the error that stopped it. */
export type RunOutcome = { result: FeedRunResult } | { notModified: true } | { error: unknown };

const iso = (ms: number) => new Date(ms).toISOString();

/** The reason of an error as the history shows it: the catalogue's message, or a generic one. */
const detailOf = (error: unknown): string =>
  error instanceof AppError ? error.message : "The run failed inside the service.";

export function feedRun(start: RunStart, outcome: RunOutcome, finishedAt: number): FeedRun {
  const base = {
    url: start.url,
    trigger: start.trigger,
    started_at: iso(start.startedAt),
    finished_at: iso(finishedAt),
    took_ms: Math.max(0, Math.round(finishedAt - start.startedAt)),
  };
  const none = { offers: 0, created: 0, updated: 0, unchanged: 0, failed: 0 };
  if ("notModified" in outcome)
    return { ...base, status: "unchanged", format: null, ...none, categories: null, errors: [] };
  if ("error" in outcome)
    return {
      ...base,
      status: "failed",
      format: null,
      ...none,
      categories: null,
      errors: [],
      detail: detailOf(outcome.error),
    };
  const r = outcome.result;
  return {
    ...base,
    status: "ok",
    format: r.format,
    offers: r.offers,
    created: r.created,
    updated: r.updated,
    unchanged: r.unchanged,
    gone: r.gone,
    deleted: r.deleted,
    failed: r.failed,
    categories: r.categories,
    errors: r.errors.slice(0, MAX_RUN_ERRORS),
    ...(r.failed > MAX_RUN_ERRORS || r.errors_truncated ? { errors_truncated: true as const } : {}),
  };
}
