// Vitrina's client for a store's back office (docs/CLIENT.md), for Node (18 and later) and Bun:
//
//   import { vitrinaClient } from "vitrina/src/clients/backoffice/index.ts";
//   const vitrina = vitrinaClient({ host: "https://search.example", secretToken: "SECRET" });
//   const report = await vitrina.importProducts(products);
//   for (const r of report.items) if (!r.ok) console.log(r.item.source_id, r.errors);
//
// No dependency: fetch, URLSearchParams and timers only.

export type { BatchLimits } from "./batches.ts";
export { type ClientOptions, type VitrinaClient, vitrinaClient } from "./client.ts";
export type { Period, Scope } from "./domain.ts";
export type { FeedBody, FeedOptions } from "./feeds.ts";
export {
  type CategoryReport,
  ImportError,
  type ImportReport,
  type ItemResult,
  type ProductReport,
} from "./imports.ts";
export { DEFAULT_RETRY, type RetryPolicy } from "./retry.ts";
export type { SearchQuery } from "./search.ts";
export { type Answer, type Request, type RetryNotice, VitrinaError } from "./transport.ts";
