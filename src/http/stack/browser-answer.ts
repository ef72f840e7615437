import {
  BEST,
  chooseEncoding,
  compress,
  type Encoding,
  encodeBody,
  FAST,
  type Levels,
  MIN_COMPRESS_BYTES,
} from "./encode.ts";
import { etagOf, noneMatchHits } from "./etag.ts";

// Answers fit for browsers and CDNs: compressed when the client accepts it, tagged, and a 304
// when the client already holds them (docs/ARCHITECTURE.md, "Answers fit for browsers").

/** Every compressible answer says so, compressed or not: a cache keeps one form per coding. */
const VARY = "Accept-Encoding";

const withVary = (headers: Record<string, string>): Record<string, string> => ({
  ...headers,
  vary: headers.vary ? `${headers.vary}, ${VARY}` : VARY,
});

/**
 * A body ready to be sent any number of times: its bytes, its tag and its compressed forms,
 * each made at its first use (a body under MIN_COMPRESS_BYTES has none). The search's answer
 * cache (http/search/answer-cache.ts) keeps these, so that a repeated answer is neither serialised,
 * hashed nor compressed again.
 */
export interface PreparedBody {
  readonly bytes: Uint8Array;
  readonly etag: string;
  readonly forms: Partial<Record<Encoding, Uint8Array>>;
}

const encoder = new TextEncoder();

// The tag hashes the bytes, not the string: the same hash (Bun.hash of a string hashes its
// UTF-8), ~3× faster, and the bytes are made anyway.
export function prepare(body: string | Uint8Array): PreparedBody {
  const bytes = typeof body === "string" ? encoder.encode(body) : body;
  return { bytes, etag: etagOf(bytes), forms: {} };
}

/** The coding the body goes out in for this request (null: as it is). */
const codingOf = (request: Request, body: PreparedBody): Encoding | null =>
  body.bytes.length < MIN_COMPRESS_BYTES
    ? null
    : chooseEncoding(request.headers.get("accept-encoding"));

/**
 * A 200 answer of `body`, compressed when the client accepts it and it is worth it, or a 304
 * with no body when If-None-Match names its tag. The time taken to have the compressed form
 * (made now, or already made) is appended to a `server-timing` given in `headers` as
 * `compress;dur=`.
 */
export function sendPrepared(
  request: Request,
  body: PreparedBody,
  headers: Record<string, string>,
  levels: Levels = FAST,
): Response {
  const all = withVary({ ...headers, etag: body.etag });
  if (noneMatchHits(request.headers.get("if-none-match"), body.etag))
    return new Response(null, { status: 304, headers: all });
  const coding = codingOf(request, body);
  if (coding === null) return new Response(body.bytes, { headers: all });
  const started = performance.now();
  body.forms[coding] ??= compress(body.bytes, coding, levels);
  const timing = `compress;dur=${(performance.now() - started).toFixed(3)}`;
  return new Response(body.forms[coding], {
    headers: {
      ...all,
      "content-encoding": coding,
      ...(all["server-timing"] ? { "server-timing": `${all["server-timing"]}, ${timing}` } : {}),
    },
  });
}

/** A body sent once, compressed when the client accepts it and it is worth it (no tag). */
export function encoded(request: Request, body: string, headers: Record<string, string>): Response {
  const all = withVary(headers);
  const { bytes, encoding } = encodeBody(
    body,
    chooseEncoding(request.headers.get("accept-encoding")),
  );
  if (encoding === null) return new Response(bytes, { headers: all });
  return new Response(bytes, { headers: { ...all, "content-encoding": encoding } });
}

/** `sendPrepared` of a body sent once. */
export const tagged = (request: Request, body: string, headers: Record<string, string>): Response =>
  sendPrepared(request, prepare(body), headers);

/**
 * A body that never changes (the widget's script, the start page): compressed once per coding,
 * at the slowest and smallest level, and tagged.
 */
export function staticAnswer(body: string, headers: Record<string, string>) {
  const prepared = prepare(body);
  for (const coding of ["br", "gzip"] as const)
    if (prepared.bytes.length >= MIN_COMPRESS_BYTES)
      prepared.forms[coding] = compress(prepared.bytes, coding, BEST);
  return (request: Request): Response => sendPrepared(request, prepared, headers, BEST);
}
