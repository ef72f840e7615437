import type { Reply, ToWriterThread } from "./writer-thread.ts";

/** A request to the writer thread, before the writer numbers it. */
export type Call = ToWriterThread extends infer T
  ? T extends { id: number }
    ? Omit<T, "id">
    : never
  : never;

/** What a service of the writer (writer.ts) sends its calls through. */
export interface Channel {
  /** Posts the call (transferring `transfer`) and resolves with its reply; an error rejects. */
  send(message: Call, transfer?: ArrayBuffer[]): Promise<Reply & { ok: true }>;
  /**
   * `send` of a call that may append to the domain's change log: the indexer is told that it
   * went and what came back (WriterHooks), also when it failed.
   */
  logged(domainId: number, message: Call, transfer?: ArrayBuffer[]): Promise<Reply & { ok: true }>;
}
