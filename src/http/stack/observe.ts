import { randomUUID } from "node:crypto";
import { logLine } from "../../telemetry/log-lines.ts";
import { observeRequest } from "../../telemetry/metrics.ts";

/** Which requests get a log line: every one, those answered with a status >= 400, or none. */
export type RequestLog = "all" | "errors" | "off";

/** An incoming X-Request-Id is kept when it is this sane; otherwise one is made. */
const SANE_ID = /^[\w.:-]{1,128}$/;

interface Seen {
  start: number;
  id: string;
  domain?: string;
}

const seen = new WeakMap<Request, Seen>();

/** Names the request's domain in its log line, once a handler has found it. */
export function noteDomain(request: Request, name: string): void {
  const s = seen.get(request);
  if (s) s.domain = name;
}

/** Where a request's metrics go: this thread's registry, or the main thread's (search threads). */
export type RequestSink = typeof observeRequest;

/**
 * Every request (request-wrapper.ts): an `X-Request-Id` on its answer, the metrics of its route,
 * and (per `log`) a JSON line with method, route pattern, status, duration, request id and
 * domain. Never the URL's query string (the search token travels there), a header's value, or
 * a body. `begin` when the request arrives, `end` with its answer.
 */
export function observe(log: RequestLog, sink: RequestSink = observeRequest) {
  return {
    /** The request's id: an incoming sane `X-Request-Id`, else a new one; the request is timed. */
    begin(request: Request): string {
      const given = request.headers.get("x-request-id");
      const id = given !== null && SANE_ID.test(given) ? given : randomUUID();
      seen.set(request, { start: performance.now(), id });
      return id;
    },
    end(request: Request, route: string | undefined, status: number): void {
      const s = seen.get(request);
      if (!s) return;
      seen.delete(request);
      const ms = performance.now() - s.start;
      const pattern = route || "unmatched";
      sink(request.method, pattern, status, ms / 1000);
      if (log === "all" || (log === "errors" && status >= 400))
        logLine({
          level: status >= 500 ? "error" : "info",
          msg: "request",
          id: s.id,
          method: request.method,
          route: pattern,
          status,
          ms: Math.round(ms * 1000) / 1000,
          ...(s.domain === undefined ? {} : { domain: s.domain }),
        });
    },
  };
}
