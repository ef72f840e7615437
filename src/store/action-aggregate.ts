import type { ProductDay, QueryActions, ShopperAction } from "./store.ts";

// Shoppers' actions after a search folded per (domain, day, query) before a write, the same in
// both stores: a batch of clicks on one query is one row update, not one per click.

export interface ActionAggregate extends QueryActions {
  domain_id: number;
  day: string;
}

export const noActions = (q: string): QueryActions => ({
  q,
  clicks: 0,
  clicked_searches: 0,
  position_sum: 0,
  add_to_cart: 0,
  purchases: 0,
});

export function aggregateActions(actions: readonly ShopperAction[]): ActionAggregate[] {
  const rows = new Map<string, ActionAggregate>();
  for (const a of actions) {
    const key = `${a.domain_id}\t${a.day}\t${a.q}`;
    let row = rows.get(key);
    if (row === undefined) {
      row = { domain_id: a.domain_id, day: a.day, ...noActions(a.q) };
      rows.set(key, row);
    }
    addAction(row, a);
  }
  return [...rows.values()];
}

function addAction(row: QueryActions, a: ShopperAction): void {
  if (a.type === "click") {
    row.clicks++;
    row.position_sum += a.position;
    if (a.first_click) row.clicked_searches++;
  } else if (a.type === "add_to_cart") row.add_to_cart++;
  else row.purchases++;
}

/** Adds `b`'s counts to `a` (the same query on another day). */
export function addActions(a: QueryActions, b: QueryActions): void {
  a.clicks += b.clicks;
  a.clicked_searches += b.clicked_searches;
  a.position_sum += b.position_sum;
  a.add_to_cart += b.add_to_cart;
  a.purchases += b.purchases;
}

/**
 * What an action says of a product's popularity (the `popular` order, issue 32 point 1): a cart
 * says more than a click, a purchase most.
 */
export const PRODUCT_ACTION_WEIGHTS = { click: 1, add_to_cart: 3, purchase: 10 } as const;

/**
 * Products a domain's day counts at most, as MAX_QUERIES_PER_DAY bounds its queries: the event
 * endpoint is public, and source ids it was never given must not grow the store without end.
 */
export const MAX_PRODUCTS_PER_DAY = 20_000;

/** The actions folded per (domain, day, product), weighed. */
export function aggregateProductActions(
  actions: readonly ShopperAction[],
): (ProductDay & { domain_id: number })[] {
  const rows = new Map<string, ProductDay & { domain_id: number }>();
  for (const a of actions) {
    const key = `${a.domain_id}\t${a.day}\t${a.source_id}`;
    let row = rows.get(key);
    if (row === undefined) {
      row = { domain_id: a.domain_id, day: a.day, source_id: a.source_id, weight: 0 };
      rows.set(key, row);
    }
    row.weight += PRODUCT_ACTION_WEIGHTS[a.type];
  }
  return [...rows.values()];
}
