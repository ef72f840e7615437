import type { Server } from "bun";
import { observeDirect, type RequestLog, type RequestSink } from "./observe.ts";
import { errorResponse } from "./respond.ts";
import { SEARCH_PATHS, type SearchAnswers } from "./routes/search.ts";

const PATHS = new Set(SEARCH_PATHS);

/** The path of an absolute request URL, without parsing the rest of it. */
function pathOf(url: string): string {
  const start = url.indexOf("/", url.indexOf("//") + 2);
  if (start < 0) return "/";
  const query = url.indexOf("?", start);
  return query < 0 ? url.slice(start) : url.slice(start, query);
}

/**
 * The search paths answered before Elysia, on every search thread: a search is most of a
 * node's requests, and Elysia's request handling was ~14% of the thread's time under search
 * load (BENCHMARKS.md). What Elysia did around the route is done here the same way: the request
 * id, metrics and log line (observe.ts), and an error as the app's `onError` answers it. Other
 * methods of these paths (405 with Allow) and HEAD fall through to Elysia: undefined.
 */
export function searchFetch(
  answers: SearchAnswers,
  log: RequestLog,
  thread?: { sink: RequestSink; index: number },
) {
  const observed = observeDirect(log, thread?.sink, thread?.index);
  return (request: Request, server: Server<unknown>): Response | undefined => {
    const method = request.method;
    if (method !== "GET" && method !== "OPTIONS") return undefined;
    const path = pathOf(request.url);
    if (!PATHS.has(path)) return undefined;
    const id = observed.begin(request);
    let response: Response;
    try {
      response =
        method === "GET"
          ? answers.get(request, server.requestIP(request)?.address ?? null)
          : answers.options(request);
    } catch (error) {
      response = errorResponse(error);
      // An error is never kept by a cache.
      response.headers.set("cache-control", "no-store");
    }
    response.headers.set("x-request-id", id);
    observed.end(request, path, response.status);
    return response;
  };
}
