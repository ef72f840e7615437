import type { Server } from "bun";
import { observeDirect, type RequestLog, type RequestSink } from "./observe.ts";
import { errorResponse } from "./respond.ts";
import { SEARCH_PATHS, type SearchAnswers } from "./routes/search.ts";

type Handler = (request: Request, server: Server<unknown>) => Response;

/**
 * The search paths (with and without their trailing slash) as `Bun.serve` routes, answered
 * without Elysia on every thread, the main thread included (server.ts): a search is most of a
 * node's requests. What Elysia did around the route is done here the same
 * way: the request id, metrics and log line (observe.ts), and an error as the app's `onError`
 * answers it. Other methods of these paths (405 with Allow) fall through to the server's
 * `fetch`; Bun answers HEAD with the GET route.
 */
export function searchServeRoutes(
  answers: SearchAnswers,
  log: RequestLog,
  /** Where the metrics go (a search thread's go to the main thread); this thread's registry. */
  sink?: RequestSink,
): Record<string, { GET: Handler; OPTIONS: Handler }> {
  const observed = observeDirect(log, sink);
  const route =
    (path: string, answer: (request: Request, server: Server<unknown>) => Response): Handler =>
    (request, server) => {
      const id = observed.begin(request);
      let response: Response;
      try {
        response = answer(request, server);
      } catch (error) {
        response = errorResponse(error);
        // An error is never kept by a cache.
        response.headers.set("cache-control", "no-store");
      }
      response.headers.set("x-request-id", id);
      observed.end(request, path, response.status);
      return response;
    };
  return Object.fromEntries(
    SEARCH_PATHS.flatMap((path) => {
      const methods = {
        GET: route(path, (request, server) =>
          answers.get(request, server.requestIP(request)?.address ?? null),
        ),
        OPTIONS: route(path, (request) => answers.options(request)),
      };
      // Bun matches a path exactly; Elysia's routes answered both forms.
      return [
        [path, methods],
        [path.replace(/\/$/, ""), methods],
      ];
    }),
  );
}
