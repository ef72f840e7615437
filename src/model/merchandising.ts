import { type Static, Type as t } from "@sinclair/typebox";

// A store's merchandising rules (issue 23 point 3, PRODUCT.md "Merchandising rules"): for a
// query (the same words, or containing them) or for every query, pin products at positions,
// hide products, boost or bury by brand, category or attribute value, optionally within dates.
// Replaced whole, as synonyms are; applied by the engine after ranking (search/merchandising.ts).

/** At most this many rules a domain. */
export const MAX_RULES = 200;
/** At most this many pins, hidden products or boosts a rule (each). */
export const MAX_RULE_ITEMS = 50;
/** At most this many characters a query text, source id or value. */
export const MAX_RULE_CHARS = 200;
/** The largest pin position (1-based, over the whole list, not a page). */
export const MAX_PIN_POSITION = 1000;
/** The weight of a boost: positive raises, negative buries. */
export const MAX_BOOST_WEIGHT = 10;
/** At most this many characters a redirect, banner image or link URL (as an import's URL). */
export const MAX_RULE_URL_CHARS = 2048;
/** A body of the most rules, items and characters, with room for spacing. */
export const MAX_RULES_BYTES = 2_000_000;

const Text = t.String({ minLength: 1, maxLength: MAX_RULE_CHARS });
const Items = <T extends ReturnType<typeof t.Object> | typeof Text>(item: T, description: string) =>
  t.Array(item, { maxItems: MAX_RULE_ITEMS, description });

export const RuleQuery = t.Object(
  {
    match: t.Union([t.Literal("exact"), t.Literal("contains")], {
      description:
        "exact: the query's words are these words, in this order; contains: the query has every one of these words, anywhere.",
    }),
    text: t.String({
      minLength: 1,
      maxLength: MAX_RULE_CHARS,
      description:
        "Compared as the search compares words (lower case, ё as е, punctuation dropped).",
    }),
  },
  { additionalProperties: false },
);

export const Pin = t.Object(
  {
    source_id: Text,
    position: t.Integer({ minimum: 1, maximum: MAX_PIN_POSITION }),
  },
  { additionalProperties: false },
);

export const Boost = t.Object(
  {
    field: t.Union([t.Literal("brand"), t.Literal("category"), t.Literal("attribute")]),
    value: t.String({
      minLength: 1,
      maxLength: MAX_RULE_CHARS,
      description:
        "brand: the vendor as imported (case ignored); category: the category's source id; attribute: the value's name in any language (case ignored).",
    }),
    attribute: t.Optional(
      t.String({
        minLength: 1,
        maxLength: MAX_RULE_CHARS,
        description:
          "The attribute's name (any language, case ignored); only with field attribute, where it is required.",
      }),
    ),
    weight: t.Integer({ minimum: -MAX_BOOST_WEIGHT, maximum: MAX_BOOST_WEIGHT }),
  },
  { additionalProperties: false },
);

/** A link a rule sends the shopper to, or a banner's image or link. */
const ruleUrl = (description: string) =>
  t.String({ maxLength: MAX_RULE_URL_CHARS, pattern: "^https?://\\S+$", description });

/** A campaign's banner over (or under) the results of the rule's queries. */
export const Banner = t.Object(
  {
    image_url: ruleUrl("The image shown."),
    link: t.Optional(ruleUrl("Where a click on it goes.")),
    alt: t.String({ minLength: 1, maxLength: MAX_RULE_CHARS, description: "The image's text." }),
    position: t.Union([t.Literal("top"), t.Literal("bottom")], {
      description: "Over the results (top, the default when not sent) or under them.",
    }),
  },
  { additionalProperties: false },
);
export type Banner = Static<typeof Banner>;

export const MerchRule = t.Object(
  {
    id: t.Optional(
      t.String({ minLength: 1, maxLength: 64, description: "The store's own name of the rule." }),
    ),
    query: t.Optional(RuleQuery),
    category: t.Optional(
      t.String({
        minLength: 1,
        maxLength: MAX_RULE_CHARS,
        description:
          "A category's source id: the rule applies only to searches and category pages (browse=true) of that category (category_id).",
      }),
    ),
    pin: t.Optional(Items(Pin, "Products (source ids) placed at 1-based positions of the list.")),
    hide: t.Optional(Items(Text, "Products (source ids) never shown.")),
    boost: t.Optional(
      Items(Boost, "Weights added up per product; higher first, before every ranking criterion."),
    ),
    redirect: t.Optional(
      ruleUrl(
        "The store's page for the rule's queries: the answer carries it as `redirect`, and the widget opens it on Enter.",
      ),
    ),
    banner: t.Optional(Banner),
    from: t.Optional(
      t.String({
        description:
          "ISO 8601 date or date-time (UTC when it names no offset); the rule applies from it. Answered as a date-time in UTC. A day or time that does not exist (2026-02-30, 24:00) is refused, never moved.",
      }),
    ),
    to: t.Optional(
      t.String({
        description: "As from; the rule applies before it (later than from).",
      }),
    ),
  },
  { additionalProperties: false },
);
export type MerchRule = Static<typeof MerchRule>;

export const MerchRules = t.Object({ rules: t.Array(MerchRule, { maxItems: MAX_RULES }) });
