// A search thread (a Worker started by http/threads/search-thread-pool.ts): it listens on the node's port
// beside the main thread (SO_REUSEPORT), answers the search paths from its replicas of the
// indexes (shared memory, indexing/snapshot-replica.ts) and hands every other request to the
// main thread over its private socket, as it came. docs/ARCHITECTURE.md, "Threads".

import { threadId } from "node:worker_threads";
import type { DomainPopular } from "../../analytics/analytics-service.ts";
import { PopularQueries } from "../../analytics/popular-queries.ts";
import type { SearchSeen } from "../../analytics/search-recorder.ts";
import { SnapshotReplicas } from "../../indexing/snapshot-replica.ts";
import { flushLog, logLine } from "../../telemetry/log-lines.ts";
import { SearchTokens } from "../../tenancy/domains.ts";
import { assertServedBy } from "../../tenancy/partition.ts";
import { threadShedder } from "../limits/search-shedder.ts";
import { shed } from "../limits/shed.ts";
import { searchAnswers, searchRoutes } from "../search/search-routes.ts";
import { warmedUpLine, warmUpSearches } from "../search/search-warm-up.ts";
import { clientOf } from "../stack/client-address.ts";
import { requestWrapper } from "../stack/request-wrapper.ts";
import { json } from "../stack/respond.ts";
import { type Listening, serveAndDrain } from "../stack/serve-and-drain.ts";
import {
  FORWARDED_CLIENT,
  type FromSearchThread,
  HAND_OVER_SECRET,
  type HandOver,
  type RequestSeen,
  type SearchThreadData,
  type ToSearchThread,
} from "./messages.ts";

declare const self: Worker;

const send = (message: FromSearchThread) => self.postMessage(message);

/**
 * Any other request goes to the main thread as it came, with the client's address and this
 * start's secret; its answer comes back as it is.
 */
async function handOver(request: Request, client: string, to: HandOver): Promise<Response> {
  const url = request.url;
  // An HTTP/1.0 request without Host has a URL of its path alone.
  const path = url.startsWith("/") ? url : url.slice(url.indexOf("/", url.indexOf("//") + 2));
  const headers = new Headers(request.headers);
  // The client's connection is this thread's, not the hand-over's (RFC 9110 7.6.1): an upgrade
  // asked of it must not make the fetch below wait for one (the main thread serves none).
  headers.delete("connection");
  headers.delete("upgrade");
  headers.set(FORWARDED_CLIENT, client);
  headers.set(HAND_OVER_SECRET, to.secret);
  try {
    return await fetch(`http://localhost${path}`, {
      method: request.method,
      headers,
      body: request.body,
      unix: to.socket,
      // The main thread's answer is passed on byte for byte, compressed or not.
      decompress: false,
      redirect: "manual",
    });
  } catch {
    // The main thread stopped (shutdown) or failed: nothing was acknowledged.
    return json({ detail: "Service unavailable." }, 503, { "retry-after": "1" });
  }
}

/** This thread's services, made from the main thread's first message. */
function start({
  config,
  rateMemory,
  costMemory,
}: SearchThreadData): (message: ToSearchThread) => void {
  const replicas = new SnapshotReplicas((next) => setImmediate(next));
  let tokens = new SearchTokens([]);

  // What the main thread needs of this thread's work, sent once per turn of the loop.
  let searches: SearchSeen[] = [];
  let requests: RequestSeen[] = [];
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    const counts: Record<string, number> = {};
    for (const [reason, n] of Object.entries(shed))
      if (n > 0) {
        counts[reason] = n;
        shed[reason as keyof typeof shed] = 0;
      }
    send({ type: "batch", searches, requests, shed: counts });
    searches = [];
    requests = [];
  };
  const later = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(flush);
  };

  // Suggestions come from the writer thread through the main thread, refreshed as there.
  const asked = new Map<number, (lists: [number, DomainPopular][]) => void>();
  let asks = 0;
  const popular = new PopularQueries(
    {
      suggestions: (domainIds) =>
        new Promise((resolve) => {
          const id = ++asks;
          asked.set(id, resolve);
          send({ type: "suggest", id, domains: [...domainIds] });
        }),
    },
    config.suggestionRefreshMs,
  );

  const { shedder, loopLag } = threadShedder(config.shedLag);
  const answers = searchAnswers({
    domains: {
      searchDomain: (token) => tokens.searchDomain(token),
      tokenState: (token) => tokens.tokenState(token),
    },
    indexers: replicas,
    recorder: {
      record: (seen) => {
        searches.push(seen);
        later();
      },
    },
    maxPageSize: config.maxPageSize,
    popular: (id) => popular.get(id),
    popularity: (id) => popular.popularity(id),
    assertServed: assertServedBy(config.partition),
    rate: config.searchRate,
    rateMemory,
    cost: config.searchCost,
    costMemory,
    threads: config.searchThreads,
    shedder,
  });
  const routes = searchRoutes(answers);
  const wrapper = requestWrapper({
    log: config.requestLog,
    sink: (method, route, status, seconds) => {
      requests.push([method, route, status, seconds]);
      later();
    },
    readTimeout: config.readTimeout,
    // A wrong search token is answered as none: no route here checks a secret.
    throttle: null,
    // As the main thread's port: the client a trusted proxy names (--trust-proxy).
    clientOf: clientOf(config.trustProxy),
  });

  // Once the indexes of the start are all here, and before listening: no shopper meets a path
  // the JIT has not compiled yet (http/search/search-warm-up.ts).
  let warmed: Promise<void> | null = null;
  const warmUp = () => {
    warmed ??= replicas.idle().then(() => {
      // As the main thread before it warms up: the clones of the first build are garbage.
      Bun.gc(true);
      logLine(warmedUpLine(threadId, warmUpSearches(replicas.snapshots(), config.maxPageSize)));
      // Written before the thread says it listens: the server's "listening" line comes last.
      flushLog();
    });
    return warmed;
  };

  let listening: Listening | undefined;
  const listen = async (port: number, to: HandOver) => {
    await warmUp();
    try {
      listening = serveAndDrain({
        routes,
        wrapper,
        fallback: wrapper.passOn((request, client) => handOver(request, client ?? "", to)),
        at: { hostname: config.host, port, reusePort: true },
      });
      send({ type: "listening" });
    } catch (error) {
      send({ type: "failed", message: String(error), code: (error as { code?: string }).code });
    }
  };
  const stop = async () => {
    // As the main thread's stop: in-flight requests get --shutdown-timeout, then are closed.
    await listening?.drain(config.shutdownTimeout);
    loopLag.stop();
    popular.stop();
    flush();
    flushLog();
    send({ type: "stopped" });
  };

  return (message) => {
    switch (message.type) {
      case "snapshot":
      case "drop":
        replicas.apply(message);
        return;
      case "domains":
        tokens = new SearchTokens(message.all);
        return;
      case "suggestions":
        asked.get(message.id)?.(message.lists);
        asked.delete(message.id);
        return;
      case "popular":
        popular.put(message.lists);
        return;
      case "warm-up":
        void warmUp();
        return;
      case "listen":
        void listen(message.port, message.to);
        return;
      case "stop":
        void stop();
        return;
      case "init":
        return;
    }
  };
}

self.onmessage = (event: MessageEvent<ToSearchThread>) => {
  const first = event.data;
  if (first.type !== "init") return;
  const handle = start(first.data);
  self.onmessage = (e: MessageEvent<ToSearchThread>) => handle(e.data);
};
