import type { FeedEntry } from "./feed-types.ts";
import { type XmlNode, XmlRecords } from "./xml-records.ts";

/** What one XML dialect reads: which elements are its records, and what each one says. */
export interface XmlDialect {
  isRecord(path: readonly string[]): boolean;
  entry(node: XmlNode, path: readonly string[]): FeedEntry | null;
}

/** The entries of an XML feed, in feed order, as its text arrives. */
export async function* xmlEntries(
  texts: AsyncIterable<string>,
  dialect: XmlDialect,
): AsyncGenerator<FeedEntry> {
  let ready: FeedEntry[] = [];
  const records = new XmlRecords(dialect.isRecord, (node, path) => {
    const entry = dialect.entry(node, path);
    if (entry) ready.push(entry);
  });
  for await (const text of texts) {
    records.write(text);
    if (ready.length > 0) {
      const out = ready;
      ready = [];
      yield* out;
    }
  }
  records.close();
  yield* ready;
}

/** `name_ua`, `Колір_UA` -> uk; `_RU` -> ru; else "" and the name as it is. */
export function languageSuffix(name: string): { base: string; language: "uk" | "ru" | "" } {
  const m = /^(.+?)(?:[_-]|\s*\()(ua|uk|ru)\)?$/i.exec(name);
  if (!m?.[1]) return { base: name, language: "" };
  return { base: m[1].trim(), language: m[2]?.toLowerCase() === "ru" ? "ru" : "uk" };
}

/** The last two names of a path are `parent` and `name`. */
export const endsWith = (path: readonly string[], parent: string, name: string): boolean =>
  path.length >= 2 && path[path.length - 1] === name && path[path.length - 2] === parent;
