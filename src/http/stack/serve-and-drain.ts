import type { Server } from "bun";
import type { requestWrapper } from "./request-wrapper.ts";
import type { Route, ServeHandler } from "./route-table.ts";
import { bunRoutes } from "./route-table.ts";

// One listener of the route table, and its graceful stop: the main thread's port and private
// socket (server.ts) and each search thread's port (http/threads/search-thread.ts) are made here.

export interface ServeOptions {
  routes: readonly Route[];
  wrapper: ReturnType<typeof requestWrapper>;
  /** What no route takes: the 404 and 405 (the main thread), or the hand-over (a search thread). */
  fallback: ServeHandler<Server<unknown>>;
  /** A host and port (shared with SO_REUSEPORT when `reusePort`), or a unix socket. */
  at: { hostname: string; port: number; reusePort: boolean } | { unix: string };
}

export interface Listening {
  server: Server<unknown>;
  /**
   * Stops accepting, lets the requests already accepted finish for at most `seconds` (a
   * trickling client would hold them for ever), then closes what is left: a request cut off
   * was not answered, so nothing acknowledged is lost.
   */
  drain(seconds: number): Promise<void>;
}

export function serveAndDrain({ routes, wrapper, fallback, at }: ServeOptions): Listening {
  const server = Bun.serve({
    ...at,
    // Every body is read through http/stack/read-body.ts, bounded by its route's policy (413 with
    // `detail` at every size, declared or chunked, the connection closed). Bun's own limit
    // would answer first with a bare 413 (PRODUCT.md: "more gets 413 with detail"), and a
    // search thread passes import bodies on to the main thread: it stays out of the way.
    maxRequestBodySize: Number.MAX_SAFE_INTEGER,
    // Seconds a connection may stay silent: a keep-alive connection between requests, a body
    // that stops arriving, an answer being waited for (an import queued behind others).
    // Headers that never finish are closed by Bun itself after ~10 s whatever this says
    // (measured: docs/ARCHITECTURE.md, "Overload and slow clients").
    idleTimeout: 30,
    routes: bunRoutes(routes, wrapper.route),
    fetch: fallback,
  } as Parameters<typeof Bun.serve>[0]) as Server<unknown>;
  return {
    server,
    drain: async (seconds) => {
      const stopped = server.stop(false);
      const deadline = performance.now() + seconds * 1000;
      while (server.pendingRequests > 0 && performance.now() < deadline) await Bun.sleep(5);
      const bound = Bun.sleep(Math.max(0, deadline - performance.now())).then(() => "late");
      if ((await Promise.race([stopped, bound])) === "late") await server.stop(true);
    },
  };
}
