import type { AdminAnalytics } from "../analytics/admin-analytics.ts";
import type { DocumentOptions } from "./openapi/document.ts";
import type { Overview } from "./overview.ts";
import type { Route } from "./route-table.ts";
import { adminRoutes } from "./routes/admin.ts";
import { docsRoutes } from "./routes/docs.ts";
import { type DomainAdminDeps, ownerRoutes } from "./routes/domain-admin.ts";
import { type HealthDeps, healthRoutes } from "./routes/health.ts";
import { type ImportDeps, importRoutes } from "./routes/import.ts";
import { type PagesDeps, pagesRoutes } from "./routes/pages.ts";
import { type SearchAnswers, searchRoutes } from "./routes/search.ts";

export interface AppDeps extends ImportDeps {
  adminKey: string | null;
  analytics: AdminAnalytics;
  /** A domain's state for the admin page (overview.ts). */
  overview: Overview;
  synonyms: DomainAdminDeps["synonyms"];
  readiness: HealthDeps["readiness"];
  search: SearchAnswers;
  demo: PagesDeps["demo"];
  docs: DocumentOptions;
}

/**
 * The HTTP edge: the main thread's route table (route-table.ts), every route the server
 * answers; routes are thin and call plain services, errors become answers in one place
 * (request-wrapper.ts).
 */
export function appRoutes(deps: AppDeps): Route[] {
  return [
    ...healthRoutes({ readiness: deps.readiness, adminKey: deps.adminKey }),
    ...searchRoutes(deps.search),
    ...importRoutes(deps),
    ...adminRoutes(deps),
    ...ownerRoutes(deps.domains, deps),
    ...pagesRoutes({ domains: deps.domains, demo: deps.demo }),
    ...docsRoutes(deps.docs),
  ];
}
