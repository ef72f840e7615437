import type { Static } from "@sinclair/typebox";
import type { Domain } from "../../model/api.ts";
import { type DomainCalls, domainCalls } from "./domain.ts";
import { bodyFor, type Send } from "./transport.ts";

// The operator's API (docs/API.md, "Admin API"), with the admin key: the domains, and each
// domain's area as its store reaches it (domain.ts).

const DOMAINS = "/api/v2/admin/domains/";

export type DomainWithTokens = Static<typeof Domain>;

export function adminCalls(send: Send) {
  const credential = "admin" as const;
  return {
    /** Every domain, with its tokens. */
    domains: () => bodyFor<DomainWithTokens[]>(send, { method: "GET", path: DOMAINS, credential }),
    /** A new domain (201) and its tokens; 409 when the name is taken. */
    createDomain: (name: string) =>
      bodyFor<DomainWithTokens>(
        send,
        { method: "POST", path: DOMAINS, credential, json: { name } },
        [201],
      ),
    /** Deletes the domain, its catalog, change log, analytics and tokens (204). */
    deleteDomain: async (name: string): Promise<void> => {
      const path = `${DOMAINS}${encodeURIComponent(name)}/`;
      await bodyFor(send, { method: "DELETE", path, credential }, [204]);
    },
    /** The domain's own area (overview, analytics, synonyms, rules, feeds...), as the operator. */
    domain: (name: string): DomainCalls => domainCalls(send, { credential, name }),
  };
}
