import { timingSafeEqual } from "node:crypto";
import { Elysia } from "elysia";
import type { AdminAnalytics } from "../../analytics/admin-analytics.ts";
import { parsePeriod } from "../../analytics/period.ts";
import {
  blockedForm,
  SUGGESTION_MAX_CHARS,
  SUGGESTION_MAX_WORDS,
} from "../../analytics/query-text.ts";
import { AppError } from "../../errors.ts";
import type { Domains } from "../../tenancy/domains.ts";
import { json, noStore } from "../respond.ts";

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
  analytics,
}: {
  domains: Domains;
  adminKey: string | null;
  analytics: AdminAnalytics;
}) {
  const guard = (request: Request) => {
    if (!adminKey) throw new AppError("admin_disabled");
    if (!adminKeyGiven(request, adminKey)) throw new AppError("not_authenticated");
  };
  const domainOf = (name: string) => {
    const domain = domains.byDomainName(name);
    if (!domain) throw new AppError("domain_not_found", { name });
    return domain;
  };
  /** The body {"query": "..."} of a block or unblock, in the form suggestions are compared in. */
  const suggestionOf = async (request: Request): Promise<string> => {
    let body: unknown;
    try {
      body = await request.json();
    } catch {
      throw new AppError("malformed_json", { reason: 'expected {"query": ...}' });
    }
    const raw = (body as { query?: unknown } | null)?.query;
    const q = typeof raw === "string" ? blockedForm(raw) : null;
    if (q === null)
      throw new AppError("invalid_suggestion", {
        chars: SUGGESTION_MAX_CHARS,
        words: SUGGESTION_MAX_WORDS,
      });
    return q;
  };
  const BLOCKED = "/api/v2/admin/domains/:name/suggestions/blocked/";
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
        guard(request);
        domainOf(params.name);
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
    .get("/api/v2/admin/domains/:name/analytics/", async ({ request, params }) => {
      guard(request);
      const domain = domainOf(params.name);
      const parsed = parsePeriod(
        new URL(request.url).searchParams,
        Date.now(),
        analytics.retentionDays,
      );
      if (!parsed.ok) throw new AppError("invalid_params", {}, parsed.errors);
      // The report is computed on the import thread: this thread answers searches.
      return json({ period: parsed.period, ...(await analytics.report(domain.id, parsed.period)) });
    })
    .get(BLOCKED, async ({ request, params }) => {
      guard(request);
      return json({ blocked: await analytics.blocked(domainOf(params.name).id) });
    })
    .post(
      BLOCKED,
      async ({ request, params }) => {
        guard(request);
        const domain = domainOf(params.name);
        const q = await suggestionOf(request);
        const added = await analytics.setBlocked(domain.id, q, true);
        return json({ query: q }, added ? 201 : 200);
      },
      { parse: "none" },
    )
    .delete(
      BLOCKED,
      async ({ request, params }) => {
        guard(request);
        const domain = domainOf(params.name);
        const q = await suggestionOf(request);
        if (!(await analytics.setBlocked(domain.id, q, false)))
          throw new AppError("suggestion_not_blocked", { query: q });
        return json({ query: q });
      },
      { parse: "none" },
    );
}
