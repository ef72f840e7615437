import { Elysia } from "elysia";
import type { PrimaryStore } from "../store/store.ts";
import { observe, type RequestLog } from "./observe.ts";
import { errorResponse, json } from "./respond.ts";
import { adminRoutes } from "./routes/admin.ts";
import { type ImportDeps, importRoutes } from "./routes/import.ts";

export interface AppDeps extends ImportDeps {
  adminKey: string | null;
  store: PrimaryStore;
  /** Which requests get a JSON log line (observe.ts); "errors" when absent. */
  requestLog?: RequestLog;
  /** Routes added by later stages (search, pages), mounted as they are. */
  plugins?: Elysia[];
}

/** The HTTP edge: routes are thin and call plain services; errors become answers here only. */
export function createApp(deps: AppDeps) {
  const app = new Elysia()
    .onError(({ code, error }) => {
      if (code === "NOT_FOUND") return json({ detail: "Not found." }, 404);
      if (code === "PARSE") return json({ detail: "Malformed request." }, 400);
      return errorResponse(error);
    })
    // Before every route: the hooks apply to the routes registered after them.
    .use(observe(deps.requestLog ?? "errors"))
    .use(importRoutes(deps))
    .use(adminRoutes(deps));
  for (const plugin of deps.plugins ?? []) app.use(plugin);
  return app;
}
