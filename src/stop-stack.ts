import { logLine } from "./telemetry/log-lines.ts";

/**
 * What a start has started, stopped in the reverse order (server.ts): each stage registers the
 * stop of what it started as soon as it has started it, so that the stop order follows from the
 * start order, and a start that fails half-way stops what it had started.
 */
export class StopStack {
  private readonly stops: { name: string; stop: () => unknown }[] = [];

  /** `stop` runs once everything registered after it has stopped. */
  push(name: string, stop: () => unknown): void {
    this.stops.push({ name, stop });
  }

  /** Runs every stop, the last registered first; one that fails is logged, the next still runs. */
  async stop(): Promise<void> {
    for (let s = this.stops.pop(); s; s = this.stops.pop()) {
      try {
        await s.stop();
      } catch (error) {
        logLine({ level: "error", msg: "stop", stage: s.name, error: String(error) });
      }
    }
  }
}
