import { AppError } from "../../errors.ts";
import { type Domains, sameSecret } from "../../tenancy/domains.ts";
import { givenAdminKey } from "../stack/credentials.ts";
import { jsonOf } from "../stack/read-body.ts";
import { json } from "../stack/respond.ts";
import { POLICY, type Route, type RouteContext, SMALL_BODY } from "../stack/route-table.ts";
import {
  type DomainAdminDeps,
  domainAdminRoutes,
  putOrigins,
  rotateTokens,
} from "./domain-admin-routes.ts";

/** Whether the request carries the operator key (X-Admin-Key or a Bearer token). */
export function adminKeyGiven(request: Request, adminKey: string): boolean {
  return sameSecret(givenAdminKey(request.headers), adminKey);
}

/** The operator's API; off (404) unless an admin key is configured. */
export function adminRoutes({
  domains,
  adminKey,
  ...deps
}: DomainAdminDeps & {
  domains: Domains;
  adminKey: string | null;
  /** Queues a reindex of the domain, one at a time (http/import/one-reindex.ts). */
  reindex: (domainId: number) => Promise<number>;
}): Route[] {
  const guard = (request: Request) => {
    if (!adminKey) throw new AppError("admin_disabled");
    if (!adminKeyGiven(request, adminKey)) throw new AppError("not_authenticated");
  };
  const domainOf = async ({ request, params }: RouteContext) => {
    guard(request);
    const name = params.name ?? "";
    const domain = domains.byDomainName(name);
    if (!domain) throw new AppError("domain_not_found", { name });
    return domain;
  };
  const withBody = { ...POLICY.admin, body: SMALL_BODY };
  const DOMAINS = "/api/v2/admin/domains/";
  return [
    {
      method: "GET",
      path: DOMAINS,
      policy: POLICY.admin,
      handler: ({ request }) => {
        guard(request);
        return json(domains.all());
      },
    },
    {
      method: "POST",
      path: DOMAINS,
      policy: withBody,
      handler: async ({ request, body }) => {
        guard(request);
        const name = (jsonOf(await body(), '{"name": ...}') as { name?: unknown } | null)?.name;
        if (typeof name !== "string") throw new AppError("invalid_domain_name");
        return json(await domains.create(name), 201);
      },
    },
    {
      method: "POST",
      path: `${DOMAINS}:name/rotate-tokens/`,
      policy: POLICY.admin,
      handler: async ({ request, params }) => {
        guard(request);
        return rotateTokens(domains, params.name ?? "", request);
      },
    },
    // The operator's reindex of a domain (the owner's: POST /api/v2/content/reindex/).
    {
      method: "POST",
      path: `${DOMAINS}:name/reindex/`,
      policy: POLICY.admin,
      handler: async (context) => {
        const domain = await domainOf(context);
        const seq = await deps.reindex(domain.id);
        return json({ detail: "Reindex queued.", seq }, 202);
      },
    },
    {
      method: "PUT",
      path: `${DOMAINS}:name/origins/`,
      policy: withBody,
      handler: async (context) =>
        putOrigins(domains, (await domainOf(context)).name, await context.body()),
    },
    {
      method: "DELETE",
      path: `${DOMAINS}:name/`,
      policy: POLICY.admin,
      handler: async ({ request, params }) => {
        guard(request);
        await domains.delete(params.name ?? "");
        return new Response(null, { status: 204 });
      },
    },
    ...domainAdminRoutes(`${DOMAINS}:name`, POLICY.admin, domainOf, deps),
  ];
}
