import type { AdminAnalytics } from "../analytics/admin-analytics.ts";
import { adminRoutes } from "./admin/admin-routes.ts";
import { type DomainAdminDeps, ownerRoutes } from "./admin/domain-admin-routes.ts";
import type { Overview } from "./admin/overview.ts";
import { type HealthDeps, healthRoutes } from "./health-routes.ts";
import { type ImportDeps, importRoutes } from "./import/import-routes.ts";
import { docsRoutes } from "./openapi/docs-routes.ts";
import type { DocumentOptions } from "./openapi/document.ts";
import { type PagesDeps, pagesRoutes } from "./pages/page-routes.ts";
import { eventRoutes, type SearchAnswers, searchRoutes } from "./search/search-routes.ts";
import type { Route } from "./stack/route-table.ts";

export interface AppDeps extends ImportDeps {
  adminKey: string | null;
  analytics: AdminAnalytics;
  /** A domain's state for the admin page (overview.ts). */
  overview: Overview;
  synonyms: DomainAdminDeps["synonyms"];
  rules: DomainAdminDeps["rules"];
  registeredFeeds: DomainAdminDeps["registeredFeeds"];
  indexers: DomainAdminDeps["indexers"];
  readiness: HealthDeps["readiness"];
  loads: HealthDeps["loads"];
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
    ...healthRoutes({ readiness: deps.readiness, loads: deps.loads, adminKey: deps.adminKey }),
    ...searchRoutes(deps.search),
    ...eventRoutes(deps.search),
    ...importRoutes(deps),
    ...adminRoutes(deps),
    ...ownerRoutes(deps.domains, deps),
    ...pagesRoutes({ domains: deps.domains, demo: deps.demo }),
    ...docsRoutes(deps.docs),
  ];
}
