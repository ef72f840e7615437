import { timingSafeEqual } from "node:crypto";
import { Elysia } from "elysia";
import { AppError } from "../../errors.ts";
import type { Domains } from "../../tenancy/domains.ts";
import { json, noStore } from "../respond.ts";
import { type DomainAdminDeps, domainAdminRoutes } from "./domain-admin.ts";

/** Whether the request carries the operator key (X-Admin-Key or a Bearer token). */
export function adminKeyGiven(request: Request, adminKey: string): boolean {
  const given = Buffer.from(
    request.headers.get("x-admin-key") ??
      request.headers.get("authorization")?.replace(/^Bearer\s+/i, "") ??
      "",
  );
  const key = Buffer.from(adminKey);
  return given.length === key.length && timingSafeEqual(given, key);
}

/** The operator's API; off (404) unless an admin key is configured. */
export function adminRoutes({
  domains,
  adminKey,
  ...deps
}: DomainAdminDeps & {
  domains: Domains;
  adminKey: string | null;
}) {
  const guard = (request: Request) => {
    if (!adminKey) throw new AppError("admin_disabled");
    if (!adminKeyGiven(request, adminKey)) throw new AppError("not_authenticated");
  };
  const domainOf = async (request: Request, params: Record<string, string>) => {
    guard(request);
    const name = params.name ?? "";
    const domain = domains.byDomainName(name);
    if (!domain) throw new AppError("domain_not_found", { name });
    return domain;
  };
  return new Elysia({ name: "admin" })
    .onAfterHandle(noStore)
    .get("/api/v2/admin/domains/", ({ request }) => {
      guard(request);
      return json(domains.all());
    })
    .post(
      "/api/v2/admin/domains/",
      async ({ request }) => {
        guard(request);
        let body: unknown;
        try {
          body = await request.json();
        } catch {
          throw new AppError("malformed_json", { reason: 'expected {"name": ...}' });
        }
        const name = (body as { name?: unknown } | null)?.name;
        if (typeof name !== "string") throw new AppError("invalid_domain_name");
        return json(await domains.create(name), 201);
      },
      { parse: "none" },
    )
    .post(
      "/api/v2/admin/domains/:name/rotate-tokens/",
      async ({ request, params }) => {
        guard(request);
        return json(await domains.rotateTokens(params.name));
      },
      { parse: "none" },
    )
    .put(
      "/api/v2/admin/domains/:name/origins/",
      async ({ request, params }) => {
        await domainOf(request, params);
        let body: unknown;
        try {
          body = await request.json();
        } catch {
          throw new AppError("malformed_json", { reason: 'expected {"origins": [...]}' });
        }
        const d = await domains.setOrigins(
          params.name,
          (body as { origins?: unknown } | null)?.origins,
        );
        return json({ name: d.name, allowed_origins: d.allowed_origins ?? [] });
      },
      { parse: "none" },
    )
    .delete(
      "/api/v2/admin/domains/:name/",
      async ({ request, params }) => {
        guard(request);
        await domains.delete(params.name);
        return new Response(null, { status: 204 });
      },
      { parse: "none" },
    )
    .use(domainAdminRoutes("admin-domain", "/api/v2/admin/domains/:name", domainOf, deps));
}
