import { type Static, Type as t } from "@sinclair/typebox";

// POST /api/v2/search/events/ (issue 23, point 2; PRODUCT.md "Events"): what a shopper did
// after a search, sent by the widget (a click) or the store (add to cart, purchase).

export const ACTION_LIMITS = { query: 200, sourceId: 255, uuid: 255, position: 1000 } as const;

export const ShopperEventBody = t.Object({
  type: t.Union([t.Literal("click"), t.Literal("add_to_cart"), t.Literal("purchase")]),
  query: t.String({
    minLength: 1,
    maxLength: ACTION_LIMITS.query,
    description: "The query of the search, as the shopper typed it.",
  }),
  source_id: t.String({
    minLength: 1,
    maxLength: ACTION_LIMITS.sourceId,
    description:
      "The product's source_id (checked for shape; not stored: events are counted per query).",
  }),
  position: t.Optional(
    t.Integer({
      minimum: 1,
      maximum: ACTION_LIMITS.position,
      description: "The result's 1-based position; required for a click.",
    }),
  ),
  uuid: t.Optional(t.String({ maxLength: ACTION_LIMITS.uuid })),
});
export type ShopperEventBody = Static<typeof ShopperEventBody>;
