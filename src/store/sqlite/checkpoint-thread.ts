// The checkpointer: copies the WAL's committed pages into the database file from a connection
// and a thread of its own, in passive checkpoints that never block the writer. Left to the
// writing connection (SQLite's auto-checkpoint), a checkpoint ran inside the commit that crossed
// the threshold: that import batch took ~240 ms instead of ~15, and every import waited behind
// it. The writer keeps a high auto-checkpoint threshold only as a safety net. Handle:
// checkpointer.ts.
import { Database } from "bun:sqlite";

declare const self: Worker;

export type ToCheckpointThread =
  | { type: "start"; file: string; everyMs: number }
  | { type: "stop" };

let db: Database | null = null;
let timer: ReturnType<typeof setInterval> | undefined;

self.onmessage = (event: MessageEvent<ToCheckpointThread>) => {
  const m = event.data;
  if (m.type === "start") {
    db = new Database(m.file);
    db.exec("PRAGMA busy_timeout = 5000");
    const checkpoint = db.prepare("PRAGMA wal_checkpoint(PASSIVE)");
    // Said once until it changes or a checkpoint succeeds: a full disk fails every tick.
    let failing = "";
    timer = setInterval(() => {
      try {
        checkpoint.get();
        failing = "";
      } catch (error) {
        // A busy database is retried at the next tick; the writer's safety net stays.
        if (String(error) !== failing)
          console.error(JSON.stringify({ level: "warn", msg: "checkpoint", error: String(error) }));
        failing = String(error);
      }
    }, m.everyMs);
  } else {
    clearInterval(timer);
    db?.close();
    db = null;
  }
  self.postMessage(m.type);
};
