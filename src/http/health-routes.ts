import { AppError } from "../errors.ts";
import { registry } from "../telemetry/metrics.ts";
import type { Readiness, StartLoads } from "../telemetry/probes.ts";
import { adminKeyGiven } from "./admin/admin-routes.ts";
import { json } from "./stack/respond.ts";
import { POLICY, type Route } from "./stack/route-table.ts";

export interface HealthDeps {
  readiness: () => Promise<Readiness>;
  /** What the command line asked for that is still loading after the start (`--demo`). */
  loads: Pick<StartLoads, "loading">;
  adminKey: string | null;
}

/**
 * `/health`: the process is alive and serves all the command line asked for (a probe that
 * passes on 200 then finds `/demo` loaded); 503 with what is still loading before.
 * `/ready`: that, every served domain's index built and caught up, and the primary store
 * answering; 503 with what is missing otherwise.
 * `/metrics`: Prometheus text; guarded by the admin key when one is configured (it names
 * every domain), open otherwise, like the admin API's own rule.
 */
export function healthRoutes({ readiness, loads, adminKey }: HealthDeps): Route[] {
  return [
    {
      method: "GET",
      path: "/health",
      policy: POLICY.public,
      handler: () => {
        const { loading } = loads;
        if (loading.length === 0) return json({ status: "ok" });
        return json({ detail: `Starting: still loading: ${loading.join(", ")}.`, loading }, 503);
      },
    },
    {
      method: "GET",
      path: "/ready",
      policy: POLICY.public,
      handler: async () => {
        const r = await readiness();
        if (r.ready) return json({ status: "ready" });
        const why = [
          ...(r.store === "unavailable" ? ["the primary store is unavailable"] : []),
          ...(r.fault ? [r.fault] : []),
          ...(r.loading ? [`still loading: ${r.loading.join(", ")}`] : []),
          ...(r.pending.length ? [`indexes still loading: ${r.pending.join(", ")}`] : []),
        ];
        return json({ detail: `Not ready: ${why.join("; ")}.`, ...r }, 503);
      },
    },
    {
      method: "GET",
      path: "/metrics",
      policy: { ...POLICY.public, auth: adminKey ? "admin-key" : "none" },
      handler: async ({ request }) => {
        if (adminKey && !adminKeyGiven(request, adminKey)) throw new AppError("not_authenticated");
        return new Response(await registry.metrics(), {
          headers: { "content-type": registry.contentType },
        });
      },
    },
  ];
}
