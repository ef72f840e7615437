import { AppError } from "../../errors.ts";
import type { IndexView } from "../../indexing/index-thread-handle.ts";
import {
  MAX_PIN_POSITION,
  MAX_RULE_CHARS,
  MAX_RULE_ITEMS,
  MAX_RULES,
  MAX_RULES_BYTES,
  type MerchRule,
} from "../../model/merchandising.ts";
import type { DomainRecord } from "../../model/records.ts";
import type { MerchandisingStore } from "../../store/store.ts";
import { parseSearchParams } from "../search/parse-params.ts";
import { answerSearch } from "../search/search-answer.ts";
import { assertJsonType, jsonOf } from "../stack/read-body.ts";
import { json } from "../stack/respond.ts";
import type { Route, RouteContext, RoutePolicy } from "../stack/route-table.ts";
import { parseRules } from "./merchandising-body.ts";

// A domain's merchandising rules (model/merchandising.ts, docs/API.md "Merchandising rules"):
// read and replaced whole, as synonyms are, and previewed: the answer to a query with the rules
// in force and with the rules sent (not saved), on this node's current snapshot.

export interface RulesDeps {
  /** The domain's rules, read and replaced on the writer thread (writer/settings.ts). */
  rules: MerchandisingStore;
  /** The preview's snapshot: this node's index of the domain. */
  indexers: Pick<IndexView, "get">;
}

/** The largest page a preview shows. */
const PREVIEW_MAX_PAGE_SIZE = 100;

/** The body {"rules": [...]}, checked whole (http/admin/merchandising-body.ts). */
function rulesOf(bytes: Uint8Array): MerchRule[] {
  const parsed = parseRules(jsonOf(bytes, '{"rules": [...]}'));
  if (!parsed.ok)
    throw new AppError(
      "invalid_rules",
      {
        rules: MAX_RULES,
        items: MAX_RULE_ITEMS,
        chars: MAX_RULE_CHARS,
        position: MAX_PIN_POSITION,
      },
      parsed.errors,
    );
  return parsed.rules;
}

export function rulesRoutes(
  prefix: string,
  policy: RoutePolicy,
  resolve: (context: RouteContext) => Promise<DomainRecord>,
  { rules, indexers }: RulesDeps,
): Route[] {
  const RULES = `${prefix}/rules/`;
  // Bounded as imports are: 413 past the largest valid body, the connection closed.
  const big = { ...policy, body: MAX_RULES_BYTES };
  return [
    {
      method: "GET",
      path: RULES,
      policy,
      handler: async (context) => {
        const domain = await resolve(context);
        return json({ rules: await rules.domainRules(domain.id) });
      },
    },
    {
      method: "PUT",
      path: RULES,
      policy: big,
      handler: async (context) => {
        const domain = await resolve(context);
        assertJsonType(context.request);
        const list = rulesOf(await context.body());
        // Searches on this node apply them once its indexer applies the change-log entry (at
        // once: the write wakes it); other nodes as they tail the log.
        await rules.setDomainRules(domain.id, list);
        return json({ rules: list });
      },
    },
    {
      method: "POST",
      path: `${RULES}preview/`,
      policy: big,
      handler: async (context) => {
        const domain = await resolve(context);
        const parsed = parseSearchParams(
          new URL(context.request.url).searchParams,
          PREVIEW_MAX_PAGE_SIZE,
        );
        if (!parsed.ok) throw new AppError("invalid_params", {}, parsed.errors);
        if (parsed.params.q.trim() === "")
          throw new AppError("invalid_params", {}, { q: ["This field is required."] });
        assertJsonType(context.request);
        const list = rulesOf(await context.body());
        const indexer = indexers.get(domain.id);
        if (indexer === undefined) throw new AppError("not_found");
        const current = indexer.snapshot;
        return json({
          before: answerSearch(current, parsed.params),
          after: answerSearch({ ...current, merchandising: list }, parsed.params),
        });
      },
    },
  ];
}
