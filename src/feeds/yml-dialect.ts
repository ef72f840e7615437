import { emptyOffer, type FeedEntry, type FeedOffer, type LangText } from "./feed-types.ts";
import { endsWith, languageSuffix, type XmlDialect } from "./xml-feed.ts";
import { attr, childText, type XmlNode } from "./xml-records.ts";

// YML (Yandex Market Language, as Rozetka, Prom.ua, Allo, Kasta take it):
// yml_catalog > shop > currencies > currency, categories > category, offers > offer.
// Field by field in docs/FEEDS.md.

/** `name`, `name_ua`, `description_ru`: the texts of `base` by the language of their suffix. */
export function textsOf(node: XmlNode, base: string): LangText {
  const out: LangText = {};
  for (const c of node.children) {
    const { base: b, language } = languageSuffix(c.name);
    const text = c.text.trim();
    if (b === base && text && out[language] === undefined) out[language] = text;
  }
  return out;
}

/** The `param` children (`name="Колір_UA"`, `unit`), the language told by the name's suffix. */
export function paramsOf(node: XmlNode): FeedOffer["params"] {
  return node.children
    .filter((c) => c.name === "param")
    .map((c) => {
      const { base, language } = languageSuffix(attr(c, "name") ?? "");
      return { name: base, value: c.text.trim(), unit: attr(c, "unit"), language };
    });
}

/** "true"/"false" as YML writes them (also 1/0, yes/no); null for anything else. */
export function yesNo(value: string | null): boolean | null {
  if (value === null) return null;
  const v = value.toLowerCase();
  if (v === "true" || v === "1" || v === "yes") return true;
  if (v === "false" || v === "0" || v === "no") return false;
  return null;
}

function offerOf(node: XmlNode): FeedOffer {
  const offer = emptyOffer(node.line);
  offer.id = attr(node, "id") ?? "";
  offer.code = childText(node, "vendorCode", "article", "model");
  offer.categoryId = childText(node, "categoryId");
  offer.price = childText(node, "price");
  offer.oldPrice = childText(node, "oldprice", "price_old", "old_price");
  offer.promoPrice = childText(node, "price_promo", "promo_price");
  offer.currency = childText(node, "currencyId");
  offer.available = yesNo(attr(node, "available"));
  if (offer.available === null) {
    const stock = childText(node, "quantity_in_stock", "stock_quantity");
    if (stock !== null && /^\d+$/.test(stock)) offer.available = Number(stock) > 0;
  }
  offer.picture = childText(node, "picture");
  offer.vendor = childText(node, "vendor");
  offer.groupId = attr(node, "group_id") ?? childText(node, "group_id");
  offer.url = childText(node, "url");
  offer.names = textsOf(node, "name");
  offer.descriptions = textsOf(node, "description");
  offer.params = paramsOf(node);
  return offer;
}

export const YML: XmlDialect = {
  isRecord: (path) =>
    endsWith(path, "offers", "offer") ||
    endsWith(path, "categories", "category") ||
    endsWith(path, "currencies", "currency"),
  entry(node): FeedEntry | null {
    if (node.name === "offer") return { kind: "offer", offer: offerOf(node) };
    if (node.name === "currency")
      return {
        kind: "currency",
        currency: { id: attr(node, "id") ?? "", rate: attr(node, "rate") ?? "" },
      };
    const parent = attr(node, "parentId");
    const names: LangText = {};
    const text = node.text.trim();
    if (text) names[""] = text;
    return {
      kind: "category",
      category: {
        id: attr(node, "id") ?? "",
        parentId: parent === null || parent === "0" ? null : parent,
        names,
        line: node.line,
      },
    };
  },
};
