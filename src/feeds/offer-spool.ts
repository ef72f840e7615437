import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FeedOffer } from "./feed-types.ts";

// A feed's offers kept on disk between reading the feed and writing it (docs/FEEDS.md, "A
// run"): the run writes nothing until the feed has parsed to its end, and a 100 MB feed's
// offers as objects took ~1.6 GB. One line per offer in a directory of its own under the
// OS's temp dir, removed when the run ends, however it ends: the offer's line in the feed, then
// the offer as JSON without it, which is what its digest is of (an offer that only moved in the
// feed is the same offer).

const READ_BYTES = 1 << 20;

export interface SpooledOffer {
  offer: FeedOffer;
  /** The offer's JSON, its `line` 0. */
  json: string;
}

export class OfferSpool implements AsyncDisposable {
  private readonly dir = mkdtempSync(join(tmpdir(), "vitrina-feed-"));
  private readonly path = join(this.dir, "offers.jsonl");
  private readonly writer = Bun.file(this.path).writer({ highWaterMark: 1 << 20 });
  private closed = false;
  count = 0;

  /** Keeps the offer (whose `line` is 0 while it is serialised). */
  push(offer: FeedOffer): void {
    const line = offer.line;
    offer.line = 0;
    this.writer.write(`${line} ${JSON.stringify(offer)}\n`);
    offer.line = line;
    this.count++;
  }

  /** The offers in the order pushed, each with its JSON as spooled; the spool takes no more. */
  async *offers(): AsyncGenerator<SpooledOffer> {
    if (!this.closed) {
      this.closed = true;
      await this.writer.end();
    }
    if (this.count === 0) return;
    const decoder = new TextDecoder();
    let rest = "";
    // Read a slice at a time: a file's stream() reads ahead of its reader, up to the whole file.
    const file = Bun.file(this.path);
    for (let at = 0; at < file.size; at += READ_BYTES) {
      const chunk = new Uint8Array(await file.slice(at, at + READ_BYTES).arrayBuffer());
      const text = rest + decoder.decode(chunk, { stream: true });
      let start = 0;
      for (let end = text.indexOf("\n"); end >= 0; end = text.indexOf("\n", start)) {
        const space = text.indexOf(" ", start);
        const json = text.slice(space + 1, end);
        const offer = JSON.parse(json) as FeedOffer;
        offer.line = Number(text.slice(start, space));
        yield { offer, json };
        start = end + 1;
      }
      rest = text.slice(start);
    }
  }

  async [Symbol.asyncDispose](): Promise<void> {
    if (!this.closed) {
      this.closed = true;
      await this.writer.end();
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}
