import type { FailedBatch } from "../../import/failed-batches.ts";
import type { IndexView } from "../../indexing/index-thread-handle.ts";
import { type CategoryTreeRow, OVERVIEW_TREE_ROWS } from "../../model/api.ts";
import type { CategoryRecord, DomainRecord } from "../../model/records.ts";
import { catalogCounts, treeOrder } from "../../search/engine.ts";
import type { CatalogCounts, ChangeLog } from "../../store/store.ts";

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
  /** The sites allowed to search it from a browser; [] for any. */
  allowed_origins: string[];
  /** The catalog as the store holds it (every node alike). */
  stored: Pick<CatalogCounts, "products" | "categories">;
  /**
   * Products and categories stored but not in this node's index, and why: a failed batch's
   * valid items wait for the next batch that fully succeeds, or a reindex (rule 8); or the
   * index is catching up with the log.
   */
  not_searchable: { count: number; reason: "failed batch" | "catching up" | null };
  /** The category tree as this node's index holds it; [] when it does not index the domain. */
  category_tree: CategoryTreeRow[];
}

export type Overview = (domain: DomainRecord) => Promise<DomainOverview>;

export function overviewOf(deps: {
  indexers: Pick<IndexView, "get">;
  log: Pick<ChangeLog, "head">;
  imports: { failedBatches(domainId: number): Promise<FailedBatch[]> };
  store: { counts(domainId: number): Promise<CatalogCounts> };
}): Overview {
  return async (d) => {
    const indexer = deps.indexers.get(d.id);
    const [head, failed, stored] = await Promise.all([
      deps.log.head(d.id),
      deps.imports.failedBatches(d.id),
      deps.store.counts(d.id),
    ]);
    const catalog = indexer ? catalogCounts(indexer.snapshot) : null;
    const missing = catalog
      ? Math.max(0, stored.products - catalog.products) +
        Math.max(0, stored.categories - catalog.categories)
      : 0;
    const lag = indexer ? Math.max(0, head - indexer.position) : 0;
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
              lag,
              applied_at: indexer.appliedAt ? new Date(indexer.appliedAt).toISOString() : null,
            }
          : null,
      import_errors: failed,
      allowed_origins: d.allowed_origins ?? [],
      stored: { products: stored.products, categories: stored.categories },
      not_searchable: {
        count: missing,
        reason: missing === 0 ? null : lag > 0 ? "catching up" : "failed batch",
      },
      category_tree: indexer
        ? treeOrder(indexer.snapshot.categories, OVERVIEW_TREE_ROWS).map(({ record, depth }) => ({
            source_category_id: record.source_category_id,
            name: nameOf(record),
            parent_id: record.parent_id ?? null,
            depth,
          }))
        : [],
    };
  };
}

/** The name the admin area shows: uk, else the first translation (search's fallback). */
const nameOf = (record: CategoryRecord): string =>
  (record.translations.find((t) => t.language === "uk") ?? record.translations[0])?.name ?? "";
