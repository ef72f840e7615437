import { Elysia } from "elysia";
import type { AdminAnalytics } from "../analytics/admin-analytics.ts";
import type { PrimaryStore } from "../store/store.ts";
import { observe, type RequestLog } from "./observe.ts";
import type { Overview } from "./overview.ts";
import { errorResponse, json } from "./respond.ts";
import { adminRoutes } from "./routes/admin.ts";
import { ownerRoutes } from "./routes/domain-admin.ts";
import { type ImportDeps, importRoutes } from "./routes/import.ts";

export interface AppDeps extends ImportDeps {
  adminKey: string | null;
  store: PrimaryStore;
  /** Which requests get a JSON log line (observe.ts); "errors" when absent. */
  requestLog?: RequestLog;
  analytics: AdminAnalytics;
  /** A domain's state for the admin page (overview.ts). */
  overview: Overview;
  /** Routes added by later stages (search, pages), mounted as they are. */
  plugins?: Elysia[];
}

/** The HTTP edge: routes are thin and call plain services; errors become answers here only. */
export function createApp(deps: AppDeps) {
  const observed = observe(deps.requestLog ?? "errors");
  const app = new Elysia()
    .onError(({ code, error, request, route }) => {
      const response =
        code === "NOT_FOUND"
          ? json({ detail: "Not found." }, 404)
          : code === "PARSE"
            ? json({ detail: "Malformed request." }, 400)
            : errorResponse(error);
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
