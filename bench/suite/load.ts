import * as hdr from "hdr-histogram-js";

export interface LoadResult {
  /** Whole HTTP round trip, microseconds. */
  roundTrip: hdr.Histogram;
  /** The server's own time per search (its Server-Timing header), microseconds. */
  server: hdr.Histogram;
  requests: number;
  errors: number;
  seconds: number;
}

export const newHistogram = () =>
  hdr.build({
    lowestDiscernibleValue: 1,
    highestTrackableValue: 60_000_000,
    numberOfSignificantValueDigits: 3,
  });

/**
 * One GET, its answer read whole: the status, the round trip and the server's own time (its
 * `Server-Timing: search;dur=` header), in milliseconds.
 */
export async function timedGet(
  url: string,
): Promise<{ status: number; ms: number; serverMs: number | null }> {
  const t = performance.now();
  // The raw answer, as before compression existed: the figures stay comparable.
  const r = await fetch(url, { headers: { "accept-encoding": "identity" } });
  await r.arrayBuffer();
  const ms = performance.now() - t;
  const timing = /search;dur=([\d.]+)/.exec(r.headers.get("server-timing") ?? "");
  return { status: r.status, ms, serverMs: timing?.[1] ? Number(timing[1]) : null };
}

/**
 * A closed-loop load: `concurrency` workers each send the next URL as soon as their previous
 * answer is read, for `seconds`. Latency is recorded per request (round trip and the server's
 * Server-Timing figure) into HDR histograms.
 */
export async function runLoad(options: {
  urls: readonly string[];
  concurrency: number;
  seconds: number;
  onProgress?: (done: number, elapsed: number) => void;
}): Promise<LoadResult> {
  const roundTrip = newHistogram();
  const server = newHistogram();
  let next = 0;
  let requests = 0;
  let errors = 0;
  const started = performance.now();
  const deadline = started + options.seconds * 1000;
  const timer = setInterval(
    () => options.onProgress?.(requests, (performance.now() - started) / 1000),
    1000,
  );
  const us = (ms: number) => Math.max(1, Math.round(ms * 1000));
  const worker = async () => {
    while (performance.now() < deadline) {
      const url = options.urls[next++ % options.urls.length] as string;
      try {
        const r = await timedGet(url);
        if (r.status !== 200) errors++;
        roundTrip.recordValue(us(r.ms));
        if (r.serverMs !== null) server.recordValue(us(r.serverMs));
        requests++;
      } catch {
        errors++;
      }
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  clearInterval(timer);
  return { roundTrip, server, requests, errors, seconds: (performance.now() - started) / 1000 };
}

export const ms = (h: hdr.Histogram, percentile: number) =>
  h.getValueAtPercentile(percentile) / 1000;

/**
 * Import clients: each posts the body `body(client, round)` gives to the product bulk route of
 * the store of `secretToken` as soon as the last was answered, waiting Retry-After when told,
 * until `stop()`; answers counted by status (0: no answer).
 */
export function importClients(
  base: string,
  secretToken: string,
  clients: number,
  body: (client: number, round: number) => string,
) {
  const statuses: Record<number, number> = {};
  let running = true;
  const loops = Array.from({ length: clients }, async (_, k) => {
    for (let round = 0; running; round++) {
      try {
        const r = await fetch(`${base}/api/v2/content/product/bulk/`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-secret-token": secretToken },
          body: body(k, round),
        });
        await r.arrayBuffer();
        statuses[r.status] = (statuses[r.status] ?? 0) + 1;
        const retry = Number(r.headers.get("retry-after") ?? 0);
        if (retry > 0) await Bun.sleep(retry * 1000);
      } catch {
        statuses[0] = (statuses[0] ?? 0) + 1;
      }
    }
  });
  return {
    statuses,
    stop: async () => {
      running = false;
      await Promise.all(loops);
    },
  };
}
