// The third load of the mixed-load benchmark (issue 20, point 5): one client floods one store's
// public search token with expensive queries (random words, 200 characters, each new) at a
// steady rate, open loop: the next request leaves on time whatever the answers do, as a
// script that ignores them would send them.

import { Rng } from "../../src/sample-catalog/prng.ts";
import { expensiveQuery } from "../../test/fixtures/expensive-query.ts";

export interface FloodResult {
  sent: number;
  /** Not sent: `inFlight` requests were unanswered when it was due. */
  dropped: number;
  /** Answers by status (0: the request failed). */
  statuses: Record<number, number>;
  /** Round trips of the answered requests, ms. */
  ms: number[];
}

/**
 * Sends `rate` searches a second of new expensive queries on `token` for `seconds`, at most
 * `inFlight` unanswered at once (past that, a request is dropped and not counted as sent).
 */
export async function runFlood(o: {
  base: string;
  token: string;
  rate: number;
  seconds: number;
  seed: number;
  inFlight?: number;
}): Promise<FloodResult> {
  const rng = new Rng(o.seed ^ 0x0f100d);
  const result: FloodResult = { sent: 0, dropped: 0, statuses: {}, ms: [] };
  const pending = new Set<Promise<void>>();
  const started = performance.now();
  const one = async () => {
    const q = encodeURIComponent(expensiveQuery(rng));
    const t = performance.now();
    let status = 0;
    try {
      const r = await fetch(`${o.base}/api/v2/search/?q=${q}&token=${o.token}`);
      await r.arrayBuffer();
      status = r.status;
      result.ms.push(performance.now() - t);
    } catch {}
    result.statuses[status] = (result.statuses[status] ?? 0) + 1;
  };
  for (let k = 0; ; k++) {
    const due = started + (k * 1000) / o.rate;
    if (due > started + o.seconds * 1000) break;
    const wait = due - performance.now();
    if (wait > 0) await Bun.sleep(wait);
    if (pending.size >= (o.inFlight ?? 256)) {
      result.dropped++;
      continue;
    }
    result.sent++;
    const p = one().finally(() => pending.delete(p));
    pending.add(p);
  }
  await Promise.all(pending);
  return result;
}
