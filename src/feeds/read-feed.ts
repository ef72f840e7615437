import { AppError } from "../errors.ts";
import { csvEntries } from "./csv-feed.ts";
import { decodeFeed, type FeedEncoding } from "./decode.ts";
import { detectFormat } from "./detect-format.ts";
import type { FeedEntry, FeedFormat } from "./feed-types.ts";
import { GOOGLE } from "./google-dialect.ts";
import { HOTLINE } from "./hotline-dialect.ts";
import { xmlEntries } from "./xml-feed.ts";
import { YML } from "./yml-dialect.ts";

const DIALECTS = { yml: YML, hotline: HOTLINE, google: GOOGLE } as const;

export interface OpenedFeed {
  format: FeedFormat;
  encoding: FeedEncoding;
  /** The feed's records in feed order; throws FeedSyntaxError where the feed breaks. */
  entries: AsyncIterable<FeedEntry>;
}

/** Tells a feed's encoding and (for "auto") its format, and reads it as its bytes arrive. */
export async function openFeed(
  bytes: AsyncIterable<Uint8Array>,
  format: FeedFormat | "auto",
): Promise<OpenedFeed> {
  const decoded = await decodeFeed(bytes);
  const detected = format === "auto" ? detectFormat(decoded.head) : format;
  if (detected === null) throw new AppError("feed_format_unknown");
  return {
    format: detected,
    encoding: decoded.encoding,
    entries:
      detected === "csv"
        ? csvEntries(decoded.texts)
        : xmlEntries(decoded.texts, DIALECTS[detected]),
  };
}
