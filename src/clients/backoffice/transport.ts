import { DEFAULT_RETRY, type RetryPolicy, retryWait } from "./retry.ts";

// One HTTP exchange with a Vitrina server, sent again on 429 and 503 as retry.ts says: the
// client's only caller of fetch. It answers the raw status, headers and body, whatever the
// status; the calls above it turn a refusal into a VitrinaError.

/** Which credential a request carries (docs/API.md, "Authentication"). */
export type Credential = "secret" | "admin" | "none";

export interface TransportOptions {
  /** The server's origin, `https://search.example`; a trailing slash is dropped. */
  host: string;
  /** The store's secret token (X-Secret-Token): the import API of its domain. */
  secretToken?: string;
  /** The operator's key (X-Admin-Key): the admin API. */
  adminKey?: string;
  /** Overrides of the retry policy (retry.ts): `{ retries: 0 }` sends each request once. */
  retry?: Partial<RetryPolicy>;
  /** Told before each wait: what was answered and how long the client waits. */
  onRetry?: (retry: RetryNotice) => void;
}

export interface RetryNotice {
  method: string;
  path: string;
  status: number;
  /** 1 for the first retry. */
  attempt: number;
  waitMs: number;
}

export interface Request {
  method: "GET" | "POST" | "PUT" | "DELETE";
  /** From the origin, with its query string if any: `/api/v2/content/feeds/`. */
  path: string;
  credential: Credential;
  /** A value sent as JSON. */
  json?: unknown;
  /**
   * A body sent as it is (a feed, a malformed body of a test). A stream is sent once, never
   * again: it cannot be read twice.
   */
  body?: string | Uint8Array | Blob | ReadableStream<Uint8Array>;
  /** Headers of the request's own (`content-type` of a raw body). */
  headers?: Record<string, string>;
}

/** A server's answer: its status, headers and body (JSON parsed, else the text; 204: null). */
export interface Answer<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

/** A refusal, or an answer the call did not expect: the raw answer is in it. */
export class VitrinaError extends Error {
  readonly status: number;
  readonly headers: Headers;
  readonly body: unknown;
  constructor(request: Pick<Request, "method" | "path">, answer: Answer) {
    const detail = (answer.body as { detail?: unknown } | null)?.detail;
    super(
      `${request.method} ${request.path}: ${answer.status}${typeof detail === "string" ? ` ${detail}` : ""}`,
    );
    this.name = "VitrinaError";
    this.status = answer.status;
    this.headers = answer.headers;
    this.body = answer.body;
  }
}

export type Send = (request: Request) => Promise<Answer>;

/** A sender of requests to `options.host` with its credentials and retry policy. */
export function transport(options: TransportOptions): Send {
  const host = options.host.replace(/\/+$/, "");
  const policy: RetryPolicy = { ...DEFAULT_RETRY, ...options.retry };
  const headersOf = (request: Request): Record<string, string> => {
    const headers: Record<string, string> = {};
    if (request.json !== undefined) headers["content-type"] = "application/json";
    if (request.credential === "secret")
      headers["x-secret-token"] = need(options.secretToken, "secretToken");
    if (request.credential === "admin") headers["x-admin-key"] = need(options.adminKey, "adminKey");
    return { ...headers, ...request.headers };
  };
  return async (request) => {
    const headers = headersOf(request);
    const body = request.json !== undefined ? JSON.stringify(request.json) : request.body;
    const once = body instanceof ReadableStream;
    for (let attempt = 1; ; attempt++) {
      const response = await fetch(`${host}${request.path}`, {
        method: request.method,
        headers,
        ...(body === undefined ? {} : { body }),
      });
      const answer = {
        status: response.status,
        headers: response.headers,
        body: await bodyOf(response),
      };
      const wait = once
        ? null
        : retryWait(
            { status: answer.status, retryAfter: answer.headers.get("retry-after") },
            attempt,
            policy,
            Date.now(),
            Math.random(),
          );
      if (wait === null) return answer;
      options.onRetry?.({
        method: request.method,
        path: request.path,
        status: answer.status,
        attempt,
        waitMs: wait,
      });
      await new Promise((done) => setTimeout(done, wait));
    }
  };
}

function need(value: string | undefined, name: string): string {
  if (value === undefined) throw new TypeError(`this call needs the client's ${name}`);
  return value;
}

async function bodyOf(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === "") return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The body of `request`'s answer when its status is one of `expected`, else a VitrinaError. */
export async function bodyFor<T>(
  send: Send,
  request: Request,
  expected: readonly number[] = [200],
): Promise<T> {
  const answer = await send(request);
  if (!expected.includes(answer.status)) throw new VitrinaError(request, answer);
  return answer.body as T;
}

/** `?a=1&b=x` of the values given (undefined and null left out), or "" for none. */
export function queryString(params: Record<string, string | number | boolean | null | undefined>) {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params))
    if (value !== undefined && value !== null) query.set(name, String(value));
  const text = query.toString();
  return text === "" ? "" : `?${text}`;
}
