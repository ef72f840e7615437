import type { FailedBatch } from "../../import/failed-batches.ts";
import type { Indexers } from "../../indexing/indexers.ts";
import type { DomainRecord } from "../../model/records.ts";
import { catalogCounts } from "../../search/engine.ts";
import type { ChangeLog } from "../../store/store.ts";

/** What the admin page shows of one domain (GET .../overview/). */
export interface DomainOverview {
  domain: string;
  tokens: { secret_token: string; search_token: string };
  /** The catalog as this node's index holds it; null when this node does not index the domain. */
  catalog: ReturnType<typeof catalogCounts> | null;
  index: {
    /** Products and categories searchable. */
    documents: number;
    /** The last change-log position applied, and the log's head: lag = head - applied. */
    applied_seq: number;
    log_head: number;
    lag: number;
    /** When the index last applied a change or was built (ISO), null before. */
    applied_at: string | null;
  } | null;
  /** The domain's recent failed import batches on this node, newest first. */
  import_errors: FailedBatch[];
}

export type Overview = (domain: DomainRecord) => Promise<DomainOverview>;

export function overviewOf(deps: {
  indexers: Pick<Indexers, "get">;
  log: Pick<ChangeLog, "head">;
  imports: { failedBatches(domainId: number): Promise<FailedBatch[]> };
}): Overview {
  return async (d) => {
    const indexer = deps.indexers.get(d.id);
    const [head, failed] = await Promise.all([
      deps.log.head(d.id),
      deps.imports.failedBatches(d.id),
    ]);
    const catalog = indexer ? catalogCounts(indexer.snapshot) : null;
    return {
      domain: d.name,
      tokens: { secret_token: d.secret_token, search_token: d.search_token },
      catalog,
      index:
        indexer && catalog
          ? {
              documents: catalog.products + catalog.categories,
              applied_seq: indexer.position,
              log_head: head,
              lag: Math.max(0, head - indexer.position),
              applied_at: indexer.appliedAt ? new Date(indexer.appliedAt).toISOString() : null,
            }
          : null,
      import_errors: failed,
    };
  };
}
