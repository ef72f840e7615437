import { Elysia } from "elysia";
import type { AdminAnalytics } from "../analytics/admin-analytics.ts";
import type { PrimaryStore } from "../store/store.ts";
import { errorResponse, json } from "./respond.ts";
import { adminRoutes } from "./routes/admin.ts";
import { type ImportDeps, importRoutes } from "./routes/import.ts";

export interface AppDeps extends ImportDeps {
  adminKey: string | null;
  store: PrimaryStore;
  analytics: AdminAnalytics;
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
    .get("/health", () => json({ status: "ok" }))
    .use(importRoutes(deps))
    .use(adminRoutes(deps));
  for (const plugin of deps.plugins ?? []) app.use(plugin);
  return app;
}
