import { brotliCompressSync, constants, gzipSync } from "node:zlib";

// Compression of the answers a browser fetches (search, /widget.js, the pages): RFC 9110
// 8.4 and 12.5.3. Levels measured on search answers (BENCHMARKS.md, "Compressed answers"):
// brotli quality 4 and gzip level 5 take a median 0.10 and 0.07 ms (p95 0.5 and 0.4 ms) and
// keep most of the gain of the slow levels; the static files are compressed once, at the best.

export type Encoding = "br" | "gzip";

/** Smaller answers go out as they are: the saving is below a packet, the cost is not. */
export const MIN_COMPRESS_BYTES = 1024;

export interface Levels {
  br: number;
  gzip: number;
}
export const FAST: Levels = { br: 4, gzip: 5 };
export const BEST: Levels = { br: 11, gzip: 9 };

/**
 * The coding to answer with, from an Accept-Encoding header: br when the client accepts it,
 * else gzip, else none. A coding with q=0 is refused; `*` stands for the codings not named.
 */
export function chooseEncoding(accept: string | null): Encoding | null {
  if (!accept) return null;
  const weights = new Map<string, number>();
  for (const part of accept.split(",")) {
    const [name = "", ...params] = part.split(";").map((s) => s.trim().toLowerCase());
    if (name === "") continue;
    const q = params.find((p) => p.startsWith("q="));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const accepted = (coding: string) => (weights.get(coding) ?? weights.get("*") ?? 0) > 0;
  if (accepted("br")) return "br";
  if (accepted("gzip") || (weights.get("x-gzip") ?? 0) > 0) return "gzip";
  return null;
}

/**
 * Brotli's window, in bits, for a body of `bytes`: the smallest that holds the whole body, so
 * that nothing is lost. The default (22 bits, 4 MiB) made the encoder set up state for a window
 * a search answer never fills: 4x the time on average, 8x at p95 (BENCHMARKS.md, "The search
 * path"), for the same bytes out.
 */
const brotliWindow = (bytes: number): number =>
  Math.min(
    constants.BROTLI_MAX_WINDOW_BITS,
    Math.max(constants.BROTLI_MIN_WINDOW_BITS, Math.ceil(Math.log2(bytes + 1))),
  );

export function compress(body: Uint8Array, encoding: Encoding, levels = FAST): Uint8Array {
  return encoding === "br"
    ? brotliCompressSync(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: levels.br,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          [constants.BROTLI_PARAM_LGWIN]: brotliWindow(body.length),
        },
      })
    : gzipSync(body, { level: levels.gzip });
}

const encoder = new TextEncoder();

/** The body as bytes, compressed when the client accepts it and it is worth it. */
export function encodeBody(
  body: string | Uint8Array,
  encoding: Encoding | null,
  levels = FAST,
): { bytes: Uint8Array; encoding: Encoding | null } {
  const bytes = typeof body === "string" ? encoder.encode(body) : body;
  if (encoding === null || bytes.length < MIN_COMPRESS_BYTES) return { bytes, encoding: null };
  return { bytes: compress(bytes, encoding, levels), encoding };
}
