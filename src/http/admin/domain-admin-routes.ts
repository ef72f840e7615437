import type { AdminAnalytics } from "../../analytics/admin-analytics.ts";
import { parsePeriod } from "../../analytics/period.ts";
import {
  blockedForm,
  SUGGESTION_MAX_CHARS,
  SUGGESTION_MAX_WORDS,
} from "../../analytics/query-text.ts";
import { AppError } from "../../errors.ts";
import type { DomainRecord } from "../../model/records.ts";
import {
  MAX_SYNONYM_BYTES,
  MAX_SYNONYM_CHARS,
  MAX_SYNONYM_SETS,
  MAX_SYNONYM_WORDS,
  type SynonymSet,
} from "../../model/synonyms.ts";
import type { SynonymStore } from "../../store/store.ts";
import type { Domains } from "../../tenancy/domains.ts";
import { noteDomain } from "../stack/observe.ts";
import { assertJsonType, jsonOf } from "../stack/read-body.ts";
import { json } from "../stack/respond.ts";
import {
  POLICY,
  type Route,
  type RouteContext,
  type RoutePolicy,
  SMALL_BODY,
} from "../stack/route-table.ts";
import { type FeedsDeps, feedsRoutes } from "./feeds-routes.ts";
import type { Overview } from "./overview.ts";
import { type RulesDeps, rulesRoutes } from "./rules-routes.ts";
import { parseSynonyms } from "./synonyms-body.ts";
import { parseGrace } from "./token-grace.ts";

// What the admin page reads and changes of one domain, mounted twice: under
// /api/v2/admin/domains/:name/ for the operator (admin key), and under /api/v2/content/ for
// the store's owner, authenticated by the domain's secret token, which opens its own domain
// and no other (PRODUCT.md "Pages"; docs/ARCHITECTURE.md "Pages").

export interface DomainAdminDeps extends RulesDeps {
  /** The domain's registered feeds and their runs (feeds-routes.ts). */
  registeredFeeds: FeedsDeps;
  analytics: AdminAnalytics;
  overview: Overview;
  /** The domain's own synonyms, read and replaced on the writer thread (writer/settings.ts). */
  synonyms: SynonymStore;
}

/** The body of a PUT of synonyms, checked whole and normalised (http/admin/synonyms-body.ts). */
function synonymsOf(bytes: Uint8Array): SynonymSet[] {
  const parsed = parseSynonyms(jsonOf(bytes, '{"synonyms": [...]}'));
  if (!parsed.ok)
    throw new AppError(
      "invalid_synonyms",
      { sets: MAX_SYNONYM_SETS, words: MAX_SYNONYM_WORDS, chars: MAX_SYNONYM_CHARS },
      parsed.errors,
    );
  return parsed.sets;
}

/** The body {"query": "..."} of a block or unblock, in the form suggestions are compared in. */
function suggestionOf(bytes: Uint8Array): string {
  const raw = (jsonOf(bytes, '{"query": ...}') as { query?: unknown } | null)?.query;
  const q = typeof raw === "string" ? blockedForm(raw) : null;
  if (q === null)
    throw new AppError("invalid_suggestion", {
      chars: SUGGESTION_MAX_CHARS,
      words: SUGGESTION_MAX_WORDS,
    });
  return q;
}

/**
 * The domain's routes under `prefix`, guarded by `policy`'s credential; `resolve` authenticates
 * the request and names its domain (it runs before any body is read).
 */
export function domainAdminRoutes(
  prefix: string,
  policy: RoutePolicy,
  resolve: (context: RouteContext) => Promise<DomainRecord>,
  deps: DomainAdminDeps,
): Route[] {
  const { analytics, overview, synonyms } = deps;
  const BLOCKED = `${prefix}/suggestions/blocked/`;
  const SYNONYMS = `${prefix}/synonyms/`;
  const small = { ...policy, body: SMALL_BODY };
  return [
    {
      method: "GET",
      path: `${prefix}/overview/`,
      policy,
      handler: async (context) => json(await overview(await resolve(context))),
    },
    {
      method: "GET",
      path: `${prefix}/analytics/`,
      policy,
      handler: async (context) => {
        const domain = await resolve(context);
        const parsed = parsePeriod(
          new URL(context.request.url).searchParams,
          Date.now(),
          analytics.retentionDays,
        );
        if (!parsed.ok) throw new AppError("invalid_params", {}, parsed.errors);
        // The report is computed on the writer thread: this thread answers searches.
        return json({
          period: parsed.period,
          ...(await analytics.report(domain.id, parsed.period)),
        });
      },
    },
    {
      method: "GET",
      path: BLOCKED,
      policy,
      handler: async (context) => {
        const domain = await resolve(context);
        return json({ blocked: await analytics.blocked(domain.id) });
      },
    },
    {
      method: "POST",
      path: BLOCKED,
      policy: small,
      handler: async (context) => {
        const domain = await resolve(context);
        const q = suggestionOf(await context.body());
        const added = await analytics.setBlocked(domain.id, q, true);
        return json({ query: q }, added ? 201 : 200);
      },
    },
    {
      method: "DELETE",
      path: BLOCKED,
      policy: small,
      handler: async (context) => {
        const domain = await resolve(context);
        const q = suggestionOf(await context.body());
        if (!(await analytics.setBlocked(domain.id, q, false)))
          throw new AppError("suggestion_not_blocked", { query: q });
        return json({ query: q });
      },
    },
    {
      method: "GET",
      path: SYNONYMS,
      policy,
      handler: async (context) => {
        const domain = await resolve(context);
        return json({ synonyms: await synonyms.domainSynonyms(domain.id) });
      },
    },
    {
      method: "PUT",
      path: SYNONYMS,
      // Bounded as imports are: 413 past the largest valid body, the connection closed.
      policy: { ...policy, body: MAX_SYNONYM_BYTES },
      handler: async (context) => {
        const domain = await resolve(context);
        assertJsonType(context.request);
        const sets = synonymsOf(await context.body());
        // Searches on this node have them once its indexer applies the change-log entry
        // (at once: the write wakes it); other nodes as they tail the log.
        await synonyms.setDomainSynonyms(domain.id, sets);
        return json({ synonyms: sets });
      },
    },
    ...rulesRoutes(prefix, policy, resolve, deps),
    ...feedsRoutes(prefix, policy, resolve, deps.registeredFeeds),
  ];
}

/** A rotation of `name`'s tokens with the grace its URL asks (token-grace.ts), or its 400. */
export async function rotateTokens(domains: Domains, name: string, request: Request) {
  const grace = parseGrace(new URL(request.url));
  if (!grace.ok) return json({ detail: "Invalid query parameters.", errors: grace.errors }, 400);
  return json(await domains.rotateTokens(name, grace.seconds));
}

/** Replaces `name`'s allowed origins with those of a `{"origins": [...]}` body. */
export async function putOrigins(domains: Domains, name: string, bytes: Uint8Array) {
  const body = jsonOf(bytes, '{"origins": [...]}') as { origins?: unknown } | null;
  const d = await domains.setOrigins(name, body?.origins);
  return json({ name: d.name, allowed_origins: d.allowed_origins ?? [] });
}

/**
 * The store owner's side: the same routes under /api/v2/content/, opened by the domain's
 * secret token (X-Secret-Token, as imports are), and the rotation of its own tokens, after
 * which the old secret token opens nothing.
 */
export function ownerRoutes(domains: Domains, deps: DomainAdminDeps): Route[] {
  const resolve = async ({ request }: RouteContext) => {
    const domain = await domains.bySecretToken(request.headers.get("x-secret-token"));
    if (!domain) throw new AppError("not_authenticated");
    noteDomain(request, domain.name);
    return domain;
  };
  return [
    {
      method: "POST",
      path: "/api/v2/content/rotate-tokens/",
      policy: POLICY.owner,
      handler: async (context) =>
        rotateTokens(domains, (await resolve(context)).name, context.request),
    },
    // The owner sets its own sites (the operator: PUT /api/v2/admin/domains/NAME/origins/).
    {
      method: "PUT",
      path: "/api/v2/content/origins/",
      policy: { ...POLICY.owner, body: SMALL_BODY },
      handler: async (context) =>
        putOrigins(domains, (await resolve(context)).name, await context.body()),
    },
    ...domainAdminRoutes("/api/v2/content", POLICY.owner, resolve, deps),
  ];
}
