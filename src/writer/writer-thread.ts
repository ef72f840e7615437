// The writer thread: it parses, validates and writes every import batch, and makes the other
// writes of the HTTP thread (reindex entries, synonyms and merchandising rules, feeds' runs,
// search analytics, and the analytics reports, which must not run where searches are
// answered) through a store connection of its own, so that the HTTP thread's time goes to
// requests, searches and the indexes' patches.
// A batch arrives as the request's bytes (transferred, not copied) and leaves as two things,
// transferred too: its HTTP answer in UTF-8 (import/import-answer.ts), and, when it logged products,
// its change batch (model/change-batch.ts), the records as stored, which the indexer patches
// and the answer's `data` is copied from. Handle: writer.ts.

import { setPriority } from "node:os";
import type { DomainPopular } from "../analytics/analytics-service.ts";
import { type AdminReport, AnalyticsService } from "../analytics/analytics-service.ts";
import type { Config } from "../config.ts";
import { AppError, type ErrorCode } from "../errors.ts";
import { type FailedBatch, FailedBatches } from "../import/failed-batches.ts";
import { encodeAnswer, type ImportAnswer } from "../import/import-answer.ts";
import {
  type ImportResponse,
  ImportService,
  type MissingProducts,
  type ProductWriteOptions,
} from "../import/import-service.ts";
import { batchBuffers, type ChangeBatch } from "../model/change-batch.ts";
import type { MerchRule } from "../model/merchandising.ts";
import type { SynonymSet } from "../model/synonyms.ts";
import { openStore } from "../store/open-store.ts";
import type {
  AnalyticsPeriod,
  ChangeLog,
  FeedStore,
  PrimaryStore,
  SearchEvent,
  ShopperAction,
} from "../store/store.ts";
import type { ItemCounts } from "../telemetry/metrics.ts";

declare const self: Worker;

/** One call of the store's registered feeds (FeedStore), made on this thread's connection. */
export type FeedStoreCall = {
  [K in keyof FeedStore]: { method: K; args: Parameters<FeedStore[K]> };
}[keyof FeedStore];

export type ToWriterThread =
  | { type: "init"; config: Config }
  | {
      type: "products" | "categories";
      id: number;
      domainId: number;
      body: Uint8Array;
      write?: ProductWriteOptions;
    }
  | { type: "feed-missing"; id: number; domainId: number; present: string[]; deleting: boolean }
  | { type: "feed-digests"; id: number; domainId: number }
  | { type: "feed-retire"; id: number; domainId: number; sourceIds: string[] }
  | { type: "feed-delete"; id: number; domainId: number; sourceIds: string[] }
  | { type: "reindex"; id: number; domainId: number }
  | { type: "searches"; id: number; events: SearchEvent[] }
  | { type: "actions"; id: number; actions: ShopperAction[] }
  | { type: "analytics"; id: number; domainId: number; period: AnalyticsPeriod }
  | { type: "suggestions"; id: number; domainIds: number[] }
  | { type: "blocked"; id: number; domainId: number }
  | { type: "block"; id: number; domainId: number; q: string; blocked: boolean }
  | { type: "failures"; id: number; domainId: number }
  | { type: "synonyms"; id: number; domainId: number }
  | { type: "set-synonyms"; id: number; domainId: number; sets: SynonymSet[] }
  | { type: "rules"; id: number; domainId: number }
  | { type: "set-rules"; id: number; domainId: number; rules: MerchRule[] }
  | { type: "feeds"; id: number; call: FeedStoreCall }
  | { type: "stop"; id: number };

export type Reply =
  | {
      ok: true;
      /** The HTTP answer of an import batch (its log position is `seq`). */
      answer?: ImportAnswer;
      /** What a product batch's entry wrote, for the indexer. */
      change?: ChangeBatch;
      /** The batch's items by outcome, for the metrics. */
      items?: ItemCounts;
      /**
       * The position of an import batch's entry, of an appended reindex entry (or of a
       * feed-retire's, feed-delete's last); 0 when none was written.
       */
      seq?: number;
      /** How many products a feed-delete deleted. */
      deleted?: number;
      missing?: MissingProducts;
      /** A feed-digests' answer: source id -> the digest a feed run kept. */
      digests?: Map<string, string>;
      analytics?: AdminReport;
      /** Per domain, its past queries that may be suggested. */
      suggestions?: [number, DomainPopular][];
      blocked?: string[];
      /** Whether a block or unblock changed anything. */
      changed?: boolean;
      /** The domain's recent failed batches, newest first. */
      failures?: FailedBatch[];
      /** The domain's own synonyms. */
      synonyms?: SynonymSet[];
      /** The domain's merchandising rules. */
      rules?: MerchRule[];
      /** What a FeedStore call returned. */
      value?: unknown;
    }
  | { ok: false; error: ErrorOf | string };

/** An AppError as it crosses threads. */
type ErrorOf = { code: ErrorCode; vars: Record<string, string | number> };

export type FromWriterThread =
  | { type: "ready" }
  | { type: "failed"; error: string }
  | ({
      type: "reply";
      id: number;
      /** The fault this thread's store meets now (store/write-faults.ts), after this call. */
      fault: ErrorOf | null;
    } & Reply);

let store: PrimaryStore | null = null;
let log: ChangeLog | null = null;
let imports: ImportService | null = null;
let analytics: AnalyticsService | null = null;
const failures = new FailedBatches();

/** Runs a batch, keeping its errors when it fails (a 400 answer, or a refusal of the whole). */
async function batch(
  kind: "products" | "categories",
  domainId: number,
  run: () => Promise<ImportResponse<unknown>>,
  write?: ProductWriteOptions,
): Promise<Reply> {
  const at = () => new Date().toISOString();
  try {
    const r = await run();
    if (r.status === 400)
      failures.add(domainId, {
        at: at(),
        kind,
        status: 400,
        failed: r.errors.length,
        errors: r.errors,
        source_ids: r.errorSources,
      });
    return answer(r, write);
  } catch (error) {
    if (error instanceof AppError)
      failures.add(domainId, { at: at(), kind, status: error.status, detail: error.message });
    throw error;
  }
}

async function handle(m: Exclude<ToWriterThread, { type: "init" }>): Promise<Reply> {
  if (!store || !log || !imports || !analytics) throw new Error("writer thread not initialised");
  switch (m.type) {
    case "products":
      // A dry run wrote nothing: its errors are its answer's, not a failed batch of /admin.
      if (m.write?.dryRun)
        return answer(await imports.importProducts(m.domainId, m.body, m.write), m.write);
      return batch(
        m.type,
        m.domainId,
        () => (imports as ImportService).importProducts(m.domainId, m.body, m.write),
        m.write,
      );
    case "feed-missing":
      return { ok: true, missing: await imports.missing(m.domainId, m.present, m.deleting) };
    case "feed-digests":
      return { ok: true, digests: await store.feedDigests(m.domainId) };
    case "feed-retire":
      return { ok: true, seq: await imports.retire(m.domainId, m.sourceIds) };
    case "feed-delete":
      return { ok: true, ...(await imports.remove(m.domainId, m.sourceIds)) };
    case "categories":
      return batch(m.type, m.domainId, () =>
        (imports as ImportService).importCategories(m.domainId, m.body),
      );
    case "reindex":
      return { ok: true, seq: await log.appendReindex(m.domainId) };
    case "searches":
      await analytics.record(m.events);
      return { ok: true };
    case "actions":
      await analytics.recordActions(m.actions);
      return { ok: true };
    case "analytics":
      return { ok: true, analytics: await analytics.report(m.domainId, m.period) };
    case "suggestions":
      return { ok: true, suggestions: await analytics.suggestions(m.domainIds) };
    case "blocked":
      return { ok: true, blocked: await store.blockedSuggestions(m.domainId) };
    case "block":
      return { ok: true, changed: await store.setSuggestionBlocked(m.domainId, m.q, m.blocked) };
    case "failures":
      return { ok: true, failures: failures.of(m.domainId) };
    case "synonyms":
      return { ok: true, synonyms: await store.domainSynonyms(m.domainId) };
    case "set-synonyms":
      return { ok: true, seq: await store.setDomainSynonyms(m.domainId, m.sets) };
    case "rules":
      return { ok: true, rules: await store.domainRules(m.domainId) };
    case "set-rules":
      return { ok: true, seq: await store.setDomainRules(m.domainId, m.rules) };
    case "feeds": {
      const { method, args } = m.call;
      const call = store[method] as (...a: typeof args) => Promise<unknown>;
      return { ok: true, value: await call.apply(store, args) };
    }
    case "stop":
      analytics.stop();
      await store.close();
      store = log = imports = analytics = null;
      return { ok: true };
  }
}

/** A feed's batch (`skipUnchanged`; the bulk API sends none) answers no unchanged record. */
function answer(r: ImportResponse<unknown>, write?: ProductWriteOptions): Reply {
  const created = r.successful.filter((s) => s.status === 201).length;
  return {
    ok: true,
    answer: encodeAnswer(r, { unchangedData: !write?.skipUnchanged }),
    ...(r.change ? { change: r.change } : {}),
    seq: r.seq,
    items: { created, updated: r.successful.length - created, failed: r.errors.length },
  };
}

self.onmessage = async (event: MessageEvent<ToWriterThread>) => {
  const m = event.data;
  if (m.type === "init") {
    try {
      // This thread alone (Linux's setpriority of a thread id): searches first, imports in
      // the time they leave.
      setPriority(m.config.importNice);
      ({ store, log } = await openStore(m.config));
      imports = new ImportService(store, { maxItems: m.config.maxItems });
      analytics = new AnalyticsService(store, {
        retentionDays: m.config.analyticsRetentionDays,
        minShoppers: m.config.suggestionMinShoppers,
      });
      self.postMessage({ type: "ready" } satisfies FromWriterThread);
    } catch (error) {
      self.postMessage({ type: "failed", error: String(error) } satisfies FromWriterThread);
    }
    return;
  }
  let reply: Reply;
  try {
    reply = await handle(m);
  } catch (error) {
    reply = {
      ok: false,
      error:
        error instanceof AppError
          ? { code: error.code, vars: error.vars }
          : String((error as Error)?.stack ?? error),
    };
  }
  const transfer: ArrayBuffer[] = [];
  if (reply.ok && reply.answer) transfer.push(reply.answer.body.buffer as ArrayBuffer);
  if (reply.ok && reply.change) transfer.push(...batchBuffers(reply.change));
  const fault = store?.fault;
  self.postMessage(
    {
      type: "reply",
      id: m.id,
      fault: fault ? { code: fault.code, vars: fault.vars } : null,
      ...reply,
    } satisfies FromWriterThread,
    transfer,
  );
};
