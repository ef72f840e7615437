import { statSync } from "node:fs";
import type { Config } from "../config.ts";
import { AppError, Refused } from "../errors.ts";
import { bulkSink } from "../feeds/bulk-sink.ts";
import { FEED_FORMATS, type FeedFormat } from "../feeds/feed-types.ts";
import { boundedBody, fetchFeed } from "../feeds/fetch-url.ts";
import { type FeedImport, importFeed } from "../feeds/import-feed.ts";
import type { FeedRunResult } from "../feeds/run-feed.ts";
import { ImportService } from "../import/import-service.ts";
import type { FieldErrors } from "../model/import.ts";
import type { CatalogReader, CatalogWriter, ChangeLog } from "../store/store.ts";
import type { Domains } from "../tenancy/domains.ts";
import { type Progress, SILENT, terminalProgress } from "./progress.ts";

// `vitrina feed import FILE|URL|- --domain NAME` (docs/FEEDS.md, "The CLI"): the route's
// pipeline (importFeed) written straight into the store through the import service the
// server's writer thread runs, so a feed run from the CLI obeys every rule a bulk batch does.

export interface FeedArgs {
  source: string;
  domain: string;
  format: FeedFormat | "auto";
  dryRun: boolean;
  force: boolean;
  deleteMissing: boolean;
  json: boolean;
}

/** The command's own flags checked: a missing --domain or a format that is none is exit 2. */
export function feedArgs(source: string, own: Map<string, string>): FeedArgs {
  const domain = own.get("domain");
  if (!domain) throw new Refused("feed import needs --domain NAME");
  const format = own.get("format") ?? "auto";
  if (format !== "auto" && !(FEED_FORMATS as readonly string[]).includes(format))
    throw new Refused(
      `--format must be one of auto, ${FEED_FORMATS.join(", ")}, not ${JSON.stringify(format)}`,
    );
  return {
    source,
    domain,
    format: format as FeedFormat | "auto",
    dryRun: own.has("dry-run"),
    force: own.has("force"),
    deleteMissing: own.has("delete-missing"),
    json: own.has("json"),
  };
}

/**
 * The feed's bytes and, when known, their size. A URL is fetched with the route's caps but from
 * any host: the CLI is run by the operator, on the operator's machine, so its own network is its
 * to read (--feed-allow-host is the server's). `-` is stdin; a file is read as it streams.
 */
export function feedBytes(
  source: string,
  config: Pick<Config, "feedMaxBytes" | "feedTimeout">,
): { bytes: AsyncIterable<Uint8Array>; totalBytes: number | null } {
  const limits = { maxBytes: config.feedMaxBytes, seconds: config.feedTimeout };
  if (/^https?:\/\//i.test(source))
    return {
      bytes: fetchFeed(source, { ...limits, allowHosts: [], anyHost: true }),
      totalBytes: null,
    };
  if (source === "-")
    return {
      bytes: boundedBody(Bun.stdin.stream() as unknown as AsyncIterable<Uint8Array>, limits),
      totalBytes: null,
    };
  let size: number;
  try {
    const stat = statSync(source);
    if (!stat.isFile()) throw new Error();
    size = stat.size;
  } catch {
    throw new Refused(`no feed file at ${source}`);
  }
  if (size > config.feedMaxBytes)
    throw new AppError("feed_too_large", { limit: config.feedMaxBytes });
  return {
    bytes: Bun.file(source).stream() as unknown as AsyncIterable<Uint8Array>,
    totalBytes: size,
  };
}

async function* counted(
  bytes: AsyncIterable<Uint8Array>,
  progress: Progress,
): AsyncGenerator<Uint8Array> {
  let read = 0;
  for await (const chunk of bytes) {
    read += chunk.byteLength;
    progress.read(read);
    yield chunk;
  }
  progress.planning(read);
}

/** The most errors of each kind the summary names; --json lists up to the run's 1,000. */
export const SUMMARY_ERRORS = 10;

const fieldText = (errors: FieldErrors) =>
  Object.entries(errors)
    .map(([field, messages]) => (field ? `${field}: ${messages.join(" ")}` : messages.join(" ")))
    .join("; ");

/** The run's summary as the CLI prints it without --json. */
export function summaryText(result: FeedRunResult, args: Pick<FeedArgs, "source" | "domain">) {
  const c = result.categories;
  const lines = [
    `${args.source === "-" ? "stdin" : args.source} -> ${args.domain}: ${result.format}, ${result.encoding}, ${result.language}; ${result.offers} offers in ${result.seconds} s${result.dry_run ? " (dry run: nothing written)" : ""}`,
    `created ${result.created}, updated ${result.updated}, unchanged ${result.unchanged}, gone ${result.gone}, deleted ${result.deleted}, failed ${result.failed}`,
    `categories ${c.total}: created ${c.created}, updated ${c.updated}, failed ${c.failed}`,
  ];
  const listed = [
    ...result.errors.map((e) => ({ what: `offer ${e.offer_id}`, ...e })),
    ...result.category_errors.map((e) => ({ what: `category ${e.category_id}`, ...e })),
  ];
  if (listed.length > 0) {
    lines.push("first errors:");
    for (const e of listed.slice(0, SUMMARY_ERRORS))
      lines.push(`  ${e.what}${e.line > 0 ? ` (line ${e.line})` : ""}: ${fieldText(e.errors)}`);
    const more = result.failed + c.failed - Math.min(listed.length, SUMMARY_ERRORS);
    if (more > 0) lines.push(`  and ${more} more (--json lists them)`);
  }
  return lines.join("\n");
}

/** 0: everything of the feed imported; 1: some offers or categories failed, the rest imported. */
export const exitCodeOf = (r: FeedRunResult) => (r.failed > 0 || r.categories.failed > 0 ? 1 : 0);

/**
 * Runs the import of `feed` (feedBytes: checked before the store is opened) into the open
 * store; the caller holds the data dir in embedded mode.
 */
export async function feedImport(
  args: FeedArgs,
  feed: ReturnType<typeof feedBytes>,
  config: Config,
  opened: {
    domains: Domains;
    log: ChangeLog;
    store: CatalogWriter &
      Pick<CatalogReader, "productSources" | "productsBySource" | "feedDigests">;
  },
): Promise<number> {
  const domain = opened.domains.byDomainName(args.domain);
  if (!domain) throw new AppError("domain_not_found", { name: args.domain });
  const { bytes, totalBytes } = feed;
  const imports = new ImportService(opened.store, { maxItems: config.maxItems });
  // A diff, as the server's runs (feeds/writer-sink.ts).
  const sink = bulkSink({
    categories: (body) => imports.importCategories(domain.id, body),
    products: (body, digests) =>
      imports.importProducts(domain.id, body, { skipUnchanged: true, digests }),
    preview: (body, categories) =>
      imports.importProducts(domain.id, body, {
        skipUnchanged: true,
        dryRun: true,
        assumeCategories: categories,
      }),
    reindex: () => opened.log.appendReindex(domain.id),
    missing: (present, deleting) => imports.missing(domain.id, present, deleting),
    digests: () => opened.store.feedDigests(domain.id),
    retire: async (sourceIds) => {
      await imports.retire(domain.id, sourceIds);
    },
    delete: async (sourceIds) => (await imports.remove(domain.id, sourceIds)).deleted,
  });
  const progress = process.stderr.isTTY ? terminalProgress(process.stderr, totalBytes) : SILENT;
  const run: FeedImport = {
    format: args.format,
    dryRun: args.dryRun,
    force: args.force,
    forceFlag: "--force",
    deleteMissing: args.deleteMissing,
    limits: { maxItems: config.maxItems, maxBytes: config.maxBytes },
    onProgress: (done, total) => progress.wrote(done, total),
  };
  let result: FeedRunResult;
  try {
    result = await importFeed(counted(bytes, progress), sink, run);
  } finally {
    progress.end();
  }
  console.log(args.json ? JSON.stringify(result) : summaryText(result, args));
  return exitCodeOf(result);
}
