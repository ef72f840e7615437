import { Elysia } from "elysia";
import type { AdminAnalytics } from "../../analytics/admin-analytics.ts";
import { parsePeriod } from "../../analytics/period.ts";
import {
  blockedForm,
  SUGGESTION_MAX_CHARS,
  SUGGESTION_MAX_WORDS,
} from "../../analytics/query-text.ts";
import { AppError } from "../../errors.ts";
import { readBody } from "../../import/read-batch.ts";
import type { DomainRecord } from "../../model/records.ts";
import {
  MAX_SYNONYM_BYTES,
  MAX_SYNONYM_CHARS,
  MAX_SYNONYM_SETS,
  MAX_SYNONYM_WORDS,
  type SynonymSet,
} from "../../model/synonyms.ts";
import { parseSynonyms } from "../../search/synonyms.ts";
import type { SynonymStore } from "../../store/store.ts";
import type { Domains } from "../../tenancy/domains.ts";
import { noteDomain } from "../observe.ts";
import type { Overview } from "../overview.ts";
import { json, noStore } from "../respond.ts";
import { closing } from "./import.ts";

// What the admin page reads and changes of one domain, mounted twice: under
// /api/v2/admin/domains/:name/ for the operator (admin key), and under /api/v2/content/ for
// the store's owner, authenticated by the domain's secret token, which opens its own domain
// and no other (PRODUCT.md "Pages"; docs/ARCHITECTURE.md "Pages").

export interface DomainAdminDeps {
  analytics: AdminAnalytics;
  overview: Overview;
  /** The domain's own synonyms, read and replaced on the import thread (ImportWriter). */
  synonyms: SynonymStore;
}

/** The body of a PUT of synonyms, checked whole and normalised (search/synonyms.ts). */
async function synonymsOf(bytes: Uint8Array): Promise<SynonymSet[]> {
  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    throw new AppError("malformed_json", { reason: 'expected {"synonyms": [...]}' });
  }
  const parsed = parseSynonyms(body);
  if (!parsed.ok)
    throw new AppError(
      "invalid_synonyms",
      { sets: MAX_SYNONYM_SETS, words: MAX_SYNONYM_WORDS, chars: MAX_SYNONYM_CHARS },
      parsed.errors,
    );
  return parsed.sets;
}

/** The body {"query": "..."} of a block or unblock, in the form suggestions are compared in. */
async function suggestionOf(request: Request): Promise<string> {
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
}

/**
 * The domain's routes under `prefix`; `resolve` authenticates the request and names its
 * domain (it runs before any body is read).
 */
export function domainAdminRoutes(
  name: string,
  prefix: string,
  resolve: (request: Request, params: Record<string, string>) => Promise<DomainRecord>,
  { analytics, overview, synonyms }: DomainAdminDeps,
) {
  const BLOCKED = `${prefix}/suggestions/blocked/`;
  const SYNONYMS = `${prefix}/synonyms/`;
  return new Elysia({ name })
    .onAfterHandle(noStore)
    .get(`${prefix}/overview/`, async ({ request, params }) =>
      json(await overview(await resolve(request, params))),
    )
    .get(`${prefix}/analytics/`, async ({ request, params }) => {
      const domain = await resolve(request, params);
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
      const domain = await resolve(request, params);
      return json({ blocked: await analytics.blocked(domain.id) });
    })
    .post(
      BLOCKED,
      async ({ request, params }) => {
        const domain = await resolve(request, params);
        const q = await suggestionOf(request);
        const added = await analytics.setBlocked(domain.id, q, true);
        return json({ query: q }, added ? 201 : 200);
      },
      { parse: "none" },
    )
    .delete(
      BLOCKED,
      async ({ request, params }) => {
        const domain = await resolve(request, params);
        const q = await suggestionOf(request);
        if (!(await analytics.setBlocked(domain.id, q, false)))
          throw new AppError("suggestion_not_blocked", { query: q });
        return json({ query: q });
      },
      { parse: "none" },
    )
    .get(SYNONYMS, async ({ request, params }) => {
      const domain = await resolve(request, params);
      return json({ synonyms: await synonyms.domainSynonyms(domain.id) });
    })
    .put(
      SYNONYMS,
      async ({ request, params }) => {
        const domain = await resolve(request, params);
        // Bounded as imports are: 413 past the largest valid body, the connection closed.
        const bytes = await readBody(request, { maxItems: 0, maxBytes: MAX_SYNONYM_BYTES }).catch(
          closing,
        );
        if (bytes instanceof Response) return bytes;
        const sets = await synonymsOf(bytes);
        // Searches on this node have them once its indexer applies the change-log entry
        // (at once: the write wakes it); other nodes as they tail the log.
        await synonyms.setDomainSynonyms(domain.id, sets);
        return json({ synonyms: sets });
      },
      { parse: "none" },
    );
}

/**
 * The store owner's side: the same routes under /api/v2/content/, opened by the domain's
 * secret token (X-Secret-Token, as imports are), and the rotation of its own tokens, after
 * which the old secret token opens nothing.
 */
export function ownerRoutes(domains: Domains, deps: DomainAdminDeps) {
  const resolve = async (request: Request) => {
    const domain = await domains.bySecretToken(request.headers.get("x-secret-token"));
    if (!domain) throw new AppError("not_authenticated");
    noteDomain(request, domain.name);
    return domain;
  };
  return new Elysia({ name: "owner" })
    .onAfterHandle(noStore)
    .post(
      "/api/v2/content/rotate-tokens/",
      async ({ request }) => json(await domains.rotateTokens((await resolve(request)).name)),
      { parse: "none" },
    )
    .use(domainAdminRoutes("owner-domain", "/api/v2/content", resolve, deps));
}
