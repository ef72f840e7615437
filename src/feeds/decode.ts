import iconv from "iconv-lite";
import { FeedSyntaxError } from "./feed-types.ts";

// Bytes to text. The encoding is, in this order: a byte order mark; the XML declaration's
// `encoding` (read from the first bytes, which every encoding of a feed writes in ASCII); for
// a feed without either (CSV), UTF-8 when its first bytes are valid UTF-8, else Windows-1251
// (what a spreadsheet on a Ukrainian Windows writes). Nothing invalid becomes U+FFFD quietly:
// bytes that are not the declared UTF-8 stop the run.

/** How much of the start the encoding is read from. */
const SNIFF = 64 * 1024;

export type FeedEncoding = "utf-8" | "windows-1251" | "utf-16le" | "utf-16be";

const ascii = new TextDecoder("latin1");

/** The encoding the start of a feed says it is in (see above). */
export function sniffEncoding(start: Uint8Array): FeedEncoding {
  if (start[0] === 0xef && start[1] === 0xbb && start[2] === 0xbf) return "utf-8";
  if (start[0] === 0xff && start[1] === 0xfe) return "utf-16le";
  if (start[0] === 0xfe && start[1] === 0xff) return "utf-16be";
  const head = ascii.decode(start.subarray(0, 512));
  const declared = /^\s*<\?xml[^>]*?encoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(head)?.[1];
  if (declared) {
    const name = declared.toLowerCase().replace(/_/g, "-");
    if (/^(windows-?1251|cp-?1251|x-cp1251)$/.test(name)) return "windows-1251";
    return "utf-8";
  }
  if (/^\s*</.test(head)) return "utf-8";
  return validUtf8Prefix(start) ? "utf-8" : "windows-1251";
}

/** Whether bytes are UTF-8, a sequence cut by the end of the sample allowed. */
function validUtf8Prefix(bytes: Uint8Array): boolean {
  let end = bytes.length;
  // Step back over a sequence the sample's end may have cut (at most 3 continuation bytes).
  for (let i = 1; i <= 3 && end - i >= 0; i++) {
    const b = bytes[end - i] as number;
    if ((b & 0xc0) === 0xc0) {
      end -= i;
      break;
    }
    if ((b & 0x80) === 0) break;
  }
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes.subarray(0, end));
    return true;
  } catch {
    return false;
  }
}

/** A decoder of one encoding: chunks in, text out; the BOM dropped. */
function decoderFor(encoding: FeedEncoding): { write(b: Uint8Array): string; end(): string } {
  if (encoding === "utf-8") {
    const d = new TextDecoder("utf-8", { fatal: true });
    let at = 0;
    const failed = () =>
      new FeedSyntaxError(0, 0, `the feed is not valid UTF-8 (after byte ${at})`);
    return {
      write(b) {
        try {
          const text = d.decode(b, { stream: true });
          at += b.byteLength;
          return text;
        } catch {
          throw failed();
        }
      },
      end() {
        try {
          return d.decode();
        } catch {
          throw failed();
        }
      },
    };
  }
  const d = iconv.getDecoder(encoding === "windows-1251" ? "win1251" : encoding);
  return {
    write: (b) => d.write(Buffer.from(b.buffer, b.byteOffset, b.byteLength)),
    end: () => d.end() ?? "",
  };
}

export interface DecodedFeed {
  encoding: FeedEncoding;
  /** The text, in the order the bytes came. */
  texts: AsyncIterable<string>;
  /** The first characters (for the format's detection). */
  head: string;
}

/** Reads the first bytes, tells the encoding, and decodes the rest as it arrives. */
export async function decodeFeed(bytes: AsyncIterable<Uint8Array>): Promise<DecodedFeed> {
  const iterator = bytes[Symbol.asyncIterator]();
  const first: Uint8Array[] = [];
  let size = 0;
  let done = false;
  while (size < SNIFF) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    first.push(next.value);
    size += next.value.byteLength;
  }
  const start = Buffer.concat(first);
  const encoding = sniffEncoding(start);
  const decoder = decoderFor(encoding);
  const head = decoder.write(start);
  async function* texts(): AsyncGenerator<string> {
    yield head;
    if (!done)
      for (let n = await iterator.next(); !n.done; n = await iterator.next())
        yield decoder.write(n.value);
    const tail = decoder.end();
    if (tail) yield tail;
  }
  return { encoding, texts: texts(), head: head.replace(/^\uFEFF/, "") };
}
