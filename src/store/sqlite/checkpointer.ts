import type { ToCheckpointThread } from "./checkpoint-thread.ts";

/** How often the WAL is copied into the database file: ~10 MB of WAL at full import speed. */
const EVERY_MS = 100;

/** The HTTP thread's handle on the checkpoint thread (checkpoint-thread.ts) of a SQLite file. */
export class Checkpointer {
  private constructor(private readonly worker: Worker) {}

  static async start(file: string): Promise<Checkpointer> {
    const worker = new Worker(new URL("./checkpoint-thread.ts", import.meta.url).href);
    const checkpointer = new Checkpointer(worker);
    await checkpointer.send({ type: "start", file, everyMs: EVERY_MS });
    return checkpointer;
  }

  private send(message: ToCheckpointThread): Promise<void> {
    return new Promise((resolve) => {
      this.worker.onmessage = () => resolve();
      this.worker.postMessage(message);
    });
  }

  /** Closes the thread's connection and ends the thread. */
  async stop(): Promise<void> {
    await this.send({ type: "stop" });
    this.worker.terminate();
  }
}
