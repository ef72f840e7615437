import type { FeedFormat } from "./feed-types.ts";

// A feed's dialect from its first element: yml_catalog is YML, price is Hotline's, rss and
// feed (Atom) are Google Merchant's; text that does not open with `<` is CSV.

const BY_ROOT: Record<string, FeedFormat> = {
  yml_catalog: "yml",
  price: "hotline",
  rss: "google",
  feed: "google",
};

/** The format the feed's start says, or null for an XML root no dialect has. */
export function detectFormat(head: string): FeedFormat | null {
  const text = head.replace(/^\uFEFF/, "").trimStart();
  if (!text.startsWith("<")) return "csv";
  // Skip the declaration, comments, processing instructions and the doctype.
  const root =
    /^(?:\s*(?:<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<![^>]*>))*\s*<([A-Za-z_][\w.-]*:)?([A-Za-z_][\w.-]*)/.exec(
      text,
    );
  return root?.[2] ? (BY_ROOT[root[2]] ?? null) : null;
}
