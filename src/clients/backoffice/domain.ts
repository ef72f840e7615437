import type { Static } from "@sinclair/typebox";
import type {
  AnalyticsReport,
  BlockedSuggestions,
  Domain,
  DomainOriginsSet,
  DomainOverview,
  ReindexQueued,
} from "../../model/api.ts";
import type { MerchRules } from "../../model/merchandising.ts";
import type { SearchResponse } from "../../model/search.ts";
import type { Synonyms } from "../../model/synonyms.ts";
import { registeredFeeds } from "./feeds.ts";
import { type SearchQuery, searchQuery } from "./search.ts";
import { bodyFor, queryString, type Request, type Send } from "./transport.ts";

// A domain's own area (docs/API.md, "Admin API"): the same calls under two prefixes, the store's
// with its secret token (/api/v2/content/...) and the operator's with the admin key
// (/api/v2/admin/domains/NAME/...).

/** Where a domain's area is and who calls it: the store itself, or the operator for `name`. */
export type Scope = { credential: "secret" } | { credential: "admin"; name: string };

/** The period of an analytics report: the last `days`, or `from` to `to` (YYYY-MM-DD). */
export type Period = { days?: number; from?: string; to?: string };

export function domainCalls(send: Send, scope: Scope) {
  const { credential } = scope;
  const prefix =
    scope.credential === "secret"
      ? "/api/v2/content"
      : `/api/v2/admin/domains/${encodeURIComponent(scope.name)}`;
  const call = <T>(
    method: Request["method"],
    path: string,
    json?: unknown,
    expected: readonly number[] = [200],
  ) => bodyFor<T>(send, { method, path: `${prefix}${path}`, credential, json }, expected);
  return {
    overview: () => call<Static<typeof DomainOverview>>("GET", "/overview/"),
    analytics: (period: Period = {}) =>
      call<Static<typeof AnalyticsReport>>("GET", `/analytics/${queryString(period)}`),
    /** Rebuilds the domain's index from its stored catalog (202); 409 while one runs. */
    reindex: () => call<Static<typeof ReindexQueued>>("POST", "/reindex/", undefined, [202]),
    /** Two new tokens; the old search token answers for `graceSeconds` (default a day). */
    rotateTokens: (graceSeconds?: number) =>
      call<Static<typeof Domain>>(
        "POST",
        `/rotate-tokens/${queryString({ search_token_grace: graceSeconds })}`,
      ),
    /** The sites whose pages may search the domain; [] opens it to every site. */
    setOrigins: (origins: string[]) =>
      call<Static<typeof DomainOriginsSet>>("PUT", "/origins/", { origins }),
    synonyms: {
      get: () => call<Synonyms>("GET", "/synonyms/"),
      /** Replaces them all; answers the sets now used, normalised. */
      put: (synonyms: Synonyms["synonyms"]) => call<Synonyms>("PUT", "/synonyms/", { synonyms }),
    },
    rules: {
      get: () => call<Static<typeof MerchRules>>("GET", "/rules/"),
      /** Replaces them all. */
      put: (rules: Static<typeof MerchRules>["rules"]) =>
        call<Static<typeof MerchRules>>("PUT", "/rules/", { rules }),
      /** The search answer with the rules in force and with `rules`, which are not saved. */
      preview: (rules: Static<typeof MerchRules>["rules"], params: SearchQuery & { q: string }) =>
        call<{ before: SearchResponse; after: SearchResponse }>(
          "POST",
          `/rules/preview/${searchQuery(params)}`,
          { rules },
        ),
    },
    blockedSuggestions: {
      list: () => call<Static<typeof BlockedSuggestions>>("GET", "/suggestions/blocked/"),
      /** Never suggested to shoppers again (201; 200 when it already was). */
      block: (query: string) =>
        call<{ query: string }>("POST", "/suggestions/blocked/", { query }, [200, 201]),
      unblock: (query: string) =>
        call<{ query: string }>("DELETE", "/suggestions/blocked/", { query }),
    },
    feeds: registeredFeeds(send, prefix, credential),
  };
}

export type DomainCalls = ReturnType<typeof domainCalls>;
