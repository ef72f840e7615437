import { SaxesParser, type SaxesTagNS } from "saxes";
import { FeedSyntaxError } from "./feed-types.ts";

// The XML side of every dialect: saxes reads the text as it arrives and only the elements a
// dialect calls records (an offer, a category, a currency) are kept as small trees, each handed
// on when it closes and then dropped. The document itself is never held: feeds reach 100 MB.

/** Google's namespace: its fields are named `g:…` whatever prefix the feed binds to it. */
export const GOOGLE_NS = "http://base.google.com/ns/1.0";

export interface XmlNode {
  /** The local name; `g:price` for an element of Google's namespace. */
  name: string;
  /** Attributes by their name as written (`xml:lang`, `id`). */
  attrs: Record<string, string>;
  /** Its own text and CDATA, as they came (entities decoded by the parser). */
  text: string;
  children: XmlNode[];
  line: number;
}

const nameOf = (tag: SaxesTagNS) => (tag.uri === GOOGLE_NS ? `g:${tag.local}` : tag.local);

/**
 * Feeds `write`s of text to saxes; `isRecord(path)` (the names from the root down to the
 * element, its own last) says which elements become records. A well-formedness error is a
 * FeedSyntaxError with the parser's line and column.
 */
export class XmlRecords {
  private readonly parser = new SaxesParser({ xmlns: true, position: true });
  private readonly path: string[] = [];
  /** The open elements of the record being built, outermost first. */
  private readonly open: XmlNode[] = [];
  private failure: FeedSyntaxError | null = null;
  /** The root element's name, once it has opened. */
  root: string | null = null;

  constructor(
    isRecord: (path: readonly string[]) => boolean,
    onRecord: (node: XmlNode, path: readonly string[]) => void,
  ) {
    const p = this.parser;
    p.on("error", (e) => {
      // saxes prefixes its message with "line:column: "; the position is kept apart.
      this.failure ??= new FeedSyntaxError(p.line, p.column, e.message.replace(/^\d+:\d+: /, ""));
    });
    p.on("opentag", (tag) => {
      const name = nameOf(tag);
      this.root ??= name;
      this.path.push(name);
      if (this.open.length === 0 && !isRecord(this.path)) return;
      const attrs: Record<string, string> = {};
      for (const a of Object.values(tag.attributes)) attrs[a.name] = a.value;
      const node: XmlNode = { name, attrs, text: "", children: [], line: p.line };
      this.open.at(-1)?.children.push(node);
      this.open.push(node);
    });
    const text = (t: string) => {
      const node = this.open.at(-1);
      if (node) node.text += t;
    };
    p.on("text", text);
    p.on("cdata", text);
    p.on("closetag", () => {
      const node = this.open.pop();
      if (node && this.open.length === 0) onRecord(node, this.path);
      this.path.pop();
    });
  }

  write(text: string): void {
    this.parser.write(text);
    this.check();
  }

  /** The end of the text: an element still open (a truncated download) is an error too. */
  close(): void {
    this.parser.close();
    this.check();
    if (this.root === null) throw new FeedSyntaxError(1, 0, "the feed has no XML element");
  }

  private check(): void {
    if (this.failure) throw this.failure;
  }
}

/** The trimmed text of the first child named `name`, or null when it is absent or empty. */
export function childText(node: XmlNode, ...names: string[]): string | null {
  for (const name of names) {
    const child = node.children.find((c) => c.name === name);
    const text = child?.text.trim();
    if (text) return text;
  }
  return null;
}

/** The trimmed value of the first attribute present and not empty of `names`, or null. */
export function attr(node: XmlNode, ...names: string[]): string | null {
  for (const name of names) {
    const v = node.attrs[name]?.trim();
    if (v) return v;
  }
  return null;
}
