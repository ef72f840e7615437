import { BEST, chooseEncoding, encodeBody, FAST } from "./encode.ts";
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
 * A 200 answer of `body`, compressed when the client accepts it and it is worth it. The
 * compression's time is appended to a `server-timing` given in `headers` as `compress;dur=`.
 */
export function encoded(request: Request, body: string, headers: Record<string, string>): Response {
  const all = withVary(headers);
  const started = performance.now();
  const { bytes, encoding } = encodeBody(
    body,
    chooseEncoding(request.headers.get("accept-encoding")),
    FAST,
  );
  if (encoding === null) return new Response(bytes, { headers: all });
  const timing = `compress;dur=${(performance.now() - started).toFixed(3)}`;
  return new Response(bytes, {
    headers: {
      ...all,
      "content-encoding": encoding,
      ...(all["server-timing"] ? { "server-timing": `${all["server-timing"]}, ${timing}` } : {}),
    },
  });
}

/** `encoded` with an ETag, or a 304 with no body when If-None-Match names the tag. */
export function tagged(request: Request, body: string, headers: Record<string, string>): Response {
  const etag = etagOf(body);
  if (noneMatchHits(request.headers.get("if-none-match"), etag))
    return new Response(null, { status: 304, headers: withVary({ ...headers, etag }) });
  return encoded(request, body, { ...headers, etag });
}

/**
 * A body that never changes (the widget's script, the start page): compressed once per coding,
 * at the slowest and smallest level, and tagged.
 */
export function staticAnswer(body: string, headers: Record<string, string>) {
  const etag = etagOf(body);
  const all = withVary({ ...headers, etag });
  const forms = {
    raw: encodeBody(body, null),
    br: encodeBody(body, "br", BEST),
    gzip: encodeBody(body, "gzip", BEST),
  };
  return (request: Request): Response => {
    if (noneMatchHits(request.headers.get("if-none-match"), etag))
      return new Response(null, { status: 304, headers: all });
    const { bytes, encoding } =
      forms[chooseEncoding(request.headers.get("accept-encoding")) ?? "raw"];
    return new Response(bytes, {
      headers: encoding === null ? all : { ...all, "content-encoding": encoding },
    });
  };
}
