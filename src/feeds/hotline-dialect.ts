import { emptyOffer, type FeedEntry, type LangText } from "./feed-types.ts";
import { endsWith, languageSuffix, type XmlDialect } from "./xml-feed.ts";
import { attr, childText, type XmlNode } from "./xml-records.ts";
import { paramsOf, textsOf } from "./yml-dialect.ts";

// Hotline's XML: price > categories > category (id, parentId, name as elements), items > item.
// Field by field in docs/FEEDS.md.

/**
 * Hotline's `stock` says only whether the offer can be bought: a count (`12`, `0 шт`, `> 10`)
 * is available when above 0, words of "none" are not, anything else said (in stock, on order)
 * is. The count itself is not kept: a product's stock counts are its warehouses', which a feed
 * does not name, and one made up would replace the store's own.
 */
export function stockAvailable(stock: string | null): boolean | null {
  if (stock === null) return null;
  const s = stock.trim().toLowerCase();
  const count = /^[<>≥~]?\s*(-?\d+)\s*(?:шт|pcs|од)?\.?$/.exec(s);
  if (count) return Number(count[1]) > 0;
  if (/нема|нет(?![а-яё])|відсут|отсутств|закінч|out.?of.?stock|^false$|^no$/.test(s)) return false;
  return true;
}

function item(node: XmlNode): FeedEntry {
  const offer = emptyOffer(node.line);
  offer.id = childText(node, "id") ?? attr(node, "id") ?? "";
  offer.code = childText(node, "code", "vendorCode", "article", "model");
  offer.categoryId = childText(node, "categoryId");
  // Hotline prices in hryvnias (priceRUAH); priceRUSD only when no hryvnia price is given.
  const uah = childText(node, "priceRUAH");
  const usd = childText(node, "priceRUSD");
  offer.price = uah ?? usd ?? childText(node, "price");
  offer.currency = uah !== null || usd === null ? "UAH" : "USD";
  offer.oldPrice = childText(node, "oldprice", "priceOldUAH");
  offer.available = stockAvailable(childText(node, "stock"));
  offer.picture = childText(node, "image", "picture");
  offer.vendor = childText(node, "vendor");
  offer.groupId = childText(node, "group_id");
  offer.url = childText(node, "url");
  offer.names = textsOf(node, "name");
  offer.descriptions = textsOf(node, "description");
  offer.params = paramsOf(node);
  return { kind: "offer", offer };
}

export const HOTLINE: XmlDialect = {
  isRecord: (path) => endsWith(path, "items", "item") || endsWith(path, "categories", "category"),
  entry(node): FeedEntry {
    if (node.name === "item") return item(node);
    const names: LangText = {};
    for (const c of node.children) {
      const { base, language } = languageSuffix(c.name);
      if (base === "name" && c.text.trim()) names[language] = c.text.trim();
    }
    const parent = childText(node, "parentId");
    return {
      kind: "category",
      category: {
        id: childText(node, "id") ?? attr(node, "id") ?? "",
        parentId: parent === null || parent === "0" ? null : parent,
        names,
        line: node.line,
      },
    };
  },
};
