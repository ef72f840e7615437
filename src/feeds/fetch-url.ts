import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import { AppError } from "../errors.ts";

// A feed fetched by URL (issue 33 point 7): http or https only, a size cap, a time cap for the
// whole download, at most MAX_REDIRECTS redirects, each hop's host checked again. A host that
// resolves to a loopback, private, link-local or otherwise internal address is refused unless
// the operator allowed it (--feed-allow-host): a store must not make the service read its own
// network. Each hop's name is resolved once and the request connects to the address checked
// (the Host header and the TLS name stay the URL's): a DNS answer that changes between the
// check and the connection (rebinding) cannot lead the fetch elsewhere.

export const MAX_REDIRECTS = 5;

export interface FetchLimits {
  maxBytes: number;
  seconds: number;
  /** Hosts (names or addresses) fetched whatever they resolve to. */
  allowHosts: readonly string[];
  /** The CLI is the operator: every host. */
  anyHost?: boolean;
  /** A name's addresses: the system's resolver unless a test gives its own. */
  resolve?: (host: string) => Promise<string[]>;
}

/** IPv4 first: a host with both is reached where the machine may have no IPv6 route. */
async function systemResolve(host: string): Promise<string[]> {
  const found = await lookup(host, { all: true });
  return found.sort((a, b) => a.family - b.family).map((a) => a.address);
}

const v4 = (a: string) => a.split(".").map(Number) as [number, number, number, number];

/** Whether an address is loopback, private, link-local, shared, unspecified or multicast. */
export function isInternal(address: string): boolean {
  if (isIP(address) === 4) {
    const [a, b] = v4(address);
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 100 && b >= 64 && b < 128) ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b < 32) ||
      (a === 192 && b === 168) ||
      a >= 224
    );
  }
  const s = address.toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(s)?.[1];
  if (mapped) return isInternal(mapped);
  return s === "::" || s === "::1" || /^f[cd]/.test(s) || /^fe[89ab]/.test(s) || s.startsWith("ff");
}

/**
 * The checked addresses of the URL's host, to connect to in turn: refuses a URL that is not
 * http(s), or whose host is internal and not allowed (feeds' and webhooks').
 */
export async function checkHost(url: URL, limits: FetchLimits): Promise<string[]> {
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new AppError("feed_url_refused", { reason: "only http and https URLs are fetched." });
  const host = hostOf(url);
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : await (limits.resolve ?? systemResolve)(host);
  } catch {
    addresses = [];
  }
  if (addresses.length === 0)
    throw new AppError("feed_fetch_failed", { reason: `the host ${host} is not found.` });
  if (!limits.anyHost && !limits.allowHosts.includes(host) && addresses.some(isInternal))
    throw new AppError("feed_host_internal", { host });
  return addresses;
}

const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, "");

/**
 * Rejected when `signal` aborts. Raced with a request and with each read of its body: neither
 * always ends at its request's abort, and a stop during a run then waited for a server that
 * never answered (test/http/registered-feeds.test.ts, 7).
 */
function abortOf(signal: AbortSignal): Promise<never> {
  const aborted = new Promise<never>((_, reject) => {
    const end = () => reject(signal.reason);
    if (signal.aborted) end();
    else signal.addEventListener("abort", end, { once: true });
  });
  aborted.catch(() => {});
  return aborted;
}

/** One request for `url` sent to `address`, the Host header and the TLS name the URL's own. */
function fetchAt(
  url: URL,
  address: string,
  signal: AbortSignal,
  headers: Record<string, string>,
): Promise<Response> {
  const target = new URL(url);
  target.hostname = isIP(address) === 6 ? `[${address}]` : address;
  return fetch(target, {
    redirect: "manual",
    signal,
    headers: { ...headers, host: url.host },
    tls: { serverName: hostOf(url) },
  });
}

/** The first of the addresses that answers; else why the last did not (a refused certificate). */
async function fetchAny(
  url: URL,
  addresses: string[],
  signal: AbortSignal,
  headers: Record<string, string>,
): Promise<Response> {
  let why = "";
  for (const address of addresses) {
    try {
      return await Promise.race([fetchAt(url, address, signal, headers), abortOf(signal)]);
    } catch (error) {
      if (signal.aborted) throw error;
      const code = (error as { code?: unknown }).code;
      why = typeof code === "string" ? ` (${code})` : "";
    }
  }
  throw new AppError("feed_fetch_failed", { reason: `${url.host} did not answer${why}.` });
}

/** What a registered feed's pull sends beyond a plain GET (feeds/feed-puller.ts). */
export interface FeedRequest {
  /** Authorization (basic auth), sent to the first URL's origin only, never after a redirect elsewhere. */
  authorization?: string;
  /** The last run's validators: a 304 is `notModified`. */
  ifNoneMatch?: string;
  ifModifiedSince?: string;
  /** Stops the download (the server's shutdown). */
  signal?: AbortSignal;
}

export type FeedResponse =
  | { notModified: true }
  | {
      notModified: false;
      etag: string | null;
      lastModified: string | null;
      /** The body as it arrives, within the size and time caps. */
      body: AsyncGenerator<Uint8Array>;
    };

/** The feed at `address`: its validators and its bytes as they arrive, within the limits. */
export async function requestFeed(
  address: string,
  limits: FetchLimits,
  request: FeedRequest = {},
): Promise<FeedResponse> {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new AppError("feed_url_refused", { reason: "not a URL." });
  }
  const timeout = AbortSignal.timeout(limits.seconds * 1000);
  const signal = request.signal ? AbortSignal.any([timeout, request.signal]) : timeout;
  const timedOut = () => new AppError("feed_timeout", { seconds: limits.seconds });
  const origin = url.origin;
  let response: Response | null = null;
  for (let hop = 0; ; hop++) {
    const addresses = await checkHost(url, limits);
    const headers: Record<string, string> = {};
    if (request.authorization && url.origin === origin)
      headers.authorization = request.authorization;
    if (request.ifNoneMatch) headers["if-none-match"] = request.ifNoneMatch;
    if (request.ifModifiedSince) headers["if-modified-since"] = request.ifModifiedSince;
    try {
      response = await fetchAny(url, addresses, signal, headers);
    } catch (error) {
      if (timeout.aborted) throw timedOut();
      throw error;
    }
    const location = response.headers.get("location");
    if (response.status < 300 || response.status >= 400 || !location) break;
    if (hop >= MAX_REDIRECTS)
      throw new AppError("feed_fetch_failed", { reason: `more than ${MAX_REDIRECTS} redirects.` });
    url = new URL(location, url);
  }
  if (response.status === 304) {
    await response.body?.cancel();
    return { notModified: true };
  }
  if (!response.ok || !response.body)
    throw new AppError("feed_fetch_failed", { reason: `the server answered ${response.status}.` });
  const declared = Number(response.headers.get("content-length") ?? "0");
  if (declared > limits.maxBytes) throw new AppError("feed_too_large", { limit: limits.maxBytes });
  const body = response.body as unknown as AsyncIterable<Uint8Array>;
  const ended = abortOf(signal);
  async function* bytes(): AsyncGenerator<Uint8Array> {
    let size = 0;
    const chunks = body[Symbol.asyncIterator]();
    try {
      for (;;) {
        const next = await Promise.race([chunks.next(), ended]);
        if (next.done) break;
        const chunk = next.value;
        size += chunk.byteLength;
        if (size > limits.maxBytes)
          throw new AppError("feed_too_large", { limit: limits.maxBytes });
        yield chunk;
      }
    } catch (error) {
      if (error instanceof AppError) throw error;
      if (timeout.aborted) throw timedOut();
      // A connection cut before the declared length: a truncated download, nothing imported.
      throw new AppError("feed_fetch_failed", { reason: "the download was cut short." });
    } finally {
      // Not awaited: a read still pending would hold it.
      chunks.return?.()?.catch(() => {});
    }
    if (declared > 0 && size < declared)
      throw new AppError("feed_fetch_failed", { reason: "the download was cut short." });
  }
  return {
    notModified: false,
    etag: response.headers.get("etag"),
    lastModified: response.headers.get("last-modified"),
    body: bytes(),
  };
}

/** The bytes of the feed at `address` as they arrive, within the limits. */
export async function* fetchFeed(address: string, limits: FetchLimits): AsyncGenerator<Uint8Array> {
  const response = await requestFeed(address, limits);
  // No validators were sent: a 304 is no answer to this request.
  if (response.notModified)
    throw new AppError("feed_fetch_failed", { reason: "the server answered 304." });
  yield* response.body;
}

/**
 * A request's body as it arrives, within the same size and time caps: a client that sends
 * slowly, or stops without closing, is cut at `seconds` (504) as a slow download is.
 */
export async function* boundedBody(
  body: AsyncIterable<Uint8Array>,
  limits: Pick<FetchLimits, "maxBytes" | "seconds">,
): AsyncGenerator<Uint8Array> {
  const chunks = body[Symbol.asyncIterator]();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new AppError("feed_timeout", { seconds: limits.seconds })),
      limits.seconds * 1000,
    );
  });
  // Raced below; rejected also while the reader plans (between chunks).
  expired.catch(() => {});
  let size = 0;
  try {
    for (;;) {
      const next = await Promise.race([chunks.next(), expired]);
      if (next.done) return;
      size += next.value.byteLength;
      if (size > limits.maxBytes) throw new AppError("feed_too_large", { limit: limits.maxBytes });
      yield next.value;
    }
  } finally {
    clearTimeout(timer);
    // Not awaited: a read still pending (a client that stopped sending) would hold it.
    chunks.return?.()?.catch(() => {});
  }
}
