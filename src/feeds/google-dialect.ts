import { emptyOffer, type FeedEntry } from "./feed-types.ts";
import type { XmlDialect } from "./xml-feed.ts";
import { childText, type XmlNode } from "./xml-records.ts";

// Google Merchant's RSS 2.0 (rss > channel > item) and Atom (feed > entry), fields in the
// namespace http://base.google.com/ns/1.0 (`g:`). Field by field in docs/FEEDS.md.

/** "499.00 UAH" -> the number's text and the currency; a price without a currency keeps null. */
export function splitPrice(value: string | null): {
  amount: string | null;
  currency: string | null;
} {
  if (value === null) return { amount: null, currency: null };
  const m = /^\s*([A-Za-z]{3})?\s*([^A-Za-z]*?)\s*([A-Za-z]{3})?\s*$/.exec(value);
  if (!m) return { amount: value, currency: null };
  return { amount: m[2] || null, currency: (m[3] ?? m[1] ?? null)?.toUpperCase() ?? null };
}

/** `g:availability`: in_stock, preorder and backorder can be bought; out_of_stock cannot. */
function availability(value: string | null): boolean | null {
  if (value === null) return null;
  const v = value.toLowerCase().replace(/\s+/g, "_");
  return v !== "out_of_stock";
}

/** Atom's `<link href>`, RSS's `<link>` text, or `g:link`. */
function linkOf(node: XmlNode): string | null {
  const link = node.children.find((c) => c.name === "link");
  return link?.attrs.href?.trim() || childText(node, "link", "g:link");
}

function item(node: XmlNode): FeedEntry {
  const offer = emptyOffer(node.line);
  offer.id = childText(node, "g:id") ?? "";
  offer.code = childText(node, "g:mpn", "g:gtin") ?? null;
  const type = childText(node, "g:product_type");
  offer.categoryPath = type
    ? type
        .split(">")
        .map((s) => s.trim())
        .filter(Boolean)
    : null;
  if (offer.categoryPath?.length === 0) offer.categoryPath = null;
  const price = splitPrice(childText(node, "g:price"));
  const sale = splitPrice(childText(node, "g:sale_price"));
  offer.price = price.amount;
  offer.promoPrice = sale.amount;
  offer.currency = price.currency ?? sale.currency;
  offer.available = availability(childText(node, "g:availability"));
  offer.picture = childText(node, "g:image_link");
  offer.vendor = childText(node, "g:brand");
  offer.groupId = childText(node, "g:item_group_id");
  offer.url = linkOf(node);
  const title = childText(node, "g:title", "title");
  if (title) offer.names[""] = title;
  const description = childText(node, "g:description", "description", "summary", "content");
  if (description) offer.descriptions[""] = description;
  for (const c of node.children) {
    // g:product_detail > g:attribute_name, g:attribute_value: Google's free-form params.
    if (c.name === "g:product_detail") {
      const name = childText(c, "g:attribute_name");
      if (name)
        offer.params.push({
          name,
          value: childText(c, "g:attribute_value") ?? "",
          unit: null,
          language: "",
        });
    } else if (c.name === "g:color" || c.name === "g:size" || c.name === "g:material") {
      offer.params.push({ name: c.name.slice(2), value: c.text.trim(), unit: null, language: "" });
    }
  }
  return { kind: "offer", offer };
}

export const GOOGLE: XmlDialect = {
  isRecord: (path) => {
    const last = path[path.length - 1];
    const parent = path[path.length - 2];
    return (
      (last === "item" && parent === "channel") ||
      (last === "entry" && parent === "feed") ||
      (last === "language" && parent === "channel")
    );
  },
  entry(node): FeedEntry | null {
    if (node.name === "language") {
      const language = node.text.trim();
      return language ? { kind: "language", language } : null;
    }
    return item(node);
  },
};
