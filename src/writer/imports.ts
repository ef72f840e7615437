import type { FailedBatch } from "../import/failed-batches.ts";
import type { ImportAnswer } from "../import/import-answer.ts";
import type { MissingProducts, ProductWriteOptions } from "../import/import-service.ts";
import { countImportItems } from "../telemetry/metrics.ts";
import type { Channel } from "./channel.ts";

/** The catalog's writes on the writer thread: import batches, feed runs' writes, reindexes. */
export class Imports {
  constructor(private readonly channel: Channel) {}

  private async batch(
    type: "products" | "categories",
    domainId: number,
    body: Uint8Array,
    write?: ProductWriteOptions,
  ): Promise<ImportAnswer> {
    // The request's bytes are transferred, not copied.
    const reply = await this.channel.logged(domainId, { type, domainId, body, write }, [
      body.buffer as ArrayBuffer,
    ]);
    if (!reply.answer) throw new Error("writer thread: no response");
    if (reply.items) countImportItems(type, reply.items);
    return reply.answer;
  }

  /** Specification 4.1: the body's bytes, as read by `readBody` (http/stack/read-body.ts). */
  importProducts(
    domainId: number,
    body: Uint8Array,
    write?: ProductWriteOptions,
  ): Promise<ImportAnswer> {
    return this.batch("products", domainId, body, write);
  }

  /** Specification 4.2. */
  importCategories(domainId: number, body: Uint8Array): Promise<ImportAnswer> {
    return this.batch("categories", domainId, body);
  }

  /** Appends a reindex entry; returns its position. */
  async appendReindex(domainId: number): Promise<number> {
    return (await this.channel.logged(domainId, { type: "reindex", domainId })).seq ?? 0;
  }

  /** A feed run's missing products (import-service.ts); `deleting`: all of them, not only the available. */
  async feedMissing(
    domainId: number,
    present: readonly string[],
    deleting = false,
  ): Promise<MissingProducts> {
    const { missing } = await this.channel.send({
      type: "feed-missing",
      domainId,
      present: [...present],
      deleting,
    });
    if (!missing) throw new Error("writer thread: no answer");
    return missing;
  }

  /** The offer digests the domain's feed runs kept (CatalogReader.feedDigests). */
  async feedDigests(domainId: number): Promise<Map<string, string>> {
    const { digests } = await this.channel.send({ type: "feed-digests", domainId });
    if (!digests) throw new Error("writer thread: no answer");
    return digests;
  }

  /** Makes a feed run's missing products unavailable; returns the last batch's log position. */
  async retireProducts(domainId: number, sourceIds: readonly string[]): Promise<number> {
    const reply = await this.channel.logged(domainId, {
      type: "feed-retire",
      domainId,
      sourceIds: [...sourceIds],
    });
    return reply.seq ?? 0;
  }

  /** Deletes a feed run's missing products; returns how many were deleted. */
  async deleteProducts(domainId: number, sourceIds: readonly string[]): Promise<number> {
    const reply = await this.channel.logged(domainId, {
      type: "feed-delete",
      domainId,
      sourceIds: [...sourceIds],
    });
    return reply.deleted ?? 0;
  }

  /** The domain's recent failed import batches, newest first (import/failed-batches.ts). */
  async failedBatches(domainId: number): Promise<FailedBatch[]> {
    return (await this.channel.send({ type: "failures", domainId })).failures ?? [];
  }
}
