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
  const worker = async () => {
    while (performance.now() < deadline) {
      const url = options.urls[next++ % options.urls.length] as string;
      const t = performance.now();
      try {
        // The raw answer, as before compression existed: the figures stay comparable.
        const r = await fetch(url, { headers: { "accept-encoding": "identity" } });
        await r.arrayBuffer();
        const us = Math.max(1, Math.round((performance.now() - t) * 1000));
        if (r.status !== 200) errors++;
        roundTrip.recordValue(us);
        const timing = /dur=([\d.]+)/.exec(r.headers.get("server-timing") ?? "");
        if (timing?.[1]) server.recordValue(Math.max(1, Math.round(Number(timing[1]) * 1000)));
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
