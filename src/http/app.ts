import { Elysia } from "elysia";
import type { AdminAnalytics } from "../analytics/admin-analytics.ts";
import { AppError } from "../errors.ts";
import { allowedMethods } from "./allowed-methods.ts";
import { observe, type RequestLog } from "./observe.ts";
import type { Overview } from "./overview.ts";
import { errorResponse, json } from "./respond.ts";
import { adminRoutes } from "./routes/admin.ts";
import { type DomainAdminDeps, ownerRoutes } from "./routes/domain-admin.ts";
import { type ImportDeps, importRoutes } from "./routes/import.ts";

export interface AppDeps extends ImportDeps {
  adminKey: string | null;
  /** Which requests get a JSON log line (observe.ts); "errors" when absent. */
  requestLog?: RequestLog;
  analytics: AdminAnalytics;
  /** A domain's state for the admin page (overview.ts). */
  overview: Overview;
  synonyms: DomainAdminDeps["synonyms"];
  /** Routes added by later stages (search, pages), mounted as they are. */
  plugins?: Elysia[];
}

/** The HTTP edge: routes are thin and call plain services; errors become answers here only. */
export function createApp(deps: AppDeps) {
  const observed = observe(deps.requestLog ?? "errors");
  // Built from the routes at the first miss, when every plugin is mounted.
  let allowed: ((path: string) => string[]) | undefined;
  const notFound = (request: Request): Response => {
    allowed ??= allowedMethods(app.routes);
    const methods = allowed(new URL(request.url).pathname);
    return methods.length === 0
      ? json({ detail: "Not found." }, 404)
      : errorResponse(
          new AppError("method_not_allowed", { method: request.method, allow: methods.join(", ") }),
        );
  };
  const app = new Elysia()
    .onError(({ code, error, request, route }) => {
      const response =
        code === "NOT_FOUND"
          ? notFound(request)
          : code === "PARSE"
            ? json({ detail: "Malformed request." }, 400)
            : errorResponse(error);
      // An error is never kept by a cache.
      response.headers.set("cache-control", "no-store");
      observed.failed(request, route, response);
      return response;
    })
    // Before every route: the hooks apply to the routes registered after them.
    .use(observed.app)
    .use(importRoutes(deps))
    .use(adminRoutes(deps))
    .use(ownerRoutes(deps.domains, deps));
  for (const plugin of deps.plugins ?? []) app.use(plugin);
  return app;
}
