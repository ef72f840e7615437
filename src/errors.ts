// The one catalogue of errors the core raises. Only src/http turns them into responses.

export const ERRORS = {
  not_authenticated: { status: 401, message: "Authentication credentials were not provided." },
  admin_disabled: { status: 404, message: "Not found." },
  not_found: { status: 404, message: "Not found." },
  malformed_json: { status: 400, message: "JSON parse error - {reason}" },
  invalid_utf8: { status: 400, message: "The request body is not valid UTF-8." },
  not_an_array: { status: 400, message: 'Expected a list of items but got type "{type}".' },
  item_not_object: {
    status: 400,
    message: "Invalid data at index {index}. Expected a dictionary, but got {type}.",
  },
  unsupported_media_type: {
    status: 400,
    message: 'Unsupported media type "{type}" in request; use application/json.',
  },
  too_many_items: {
    status: 413,
    message: "Too many items: {count}; at most {limit} are accepted in one request.",
  },
  body_too_large: {
    status: 413,
    message: "Request body too large: at most {limit} bytes are accepted.",
  },
  invalid_params: { status: 400, message: "Invalid query parameters." },
  domain_exists: { status: 409, message: 'Domain "{name}" already exists.' },
  reindex_running: {
    status: 409,
    message:
      "A reindex of this domain is already running: it rebuilds the index from everything stored, so another would add nothing. Send it again once it has finished.",
  },
  // Feeds (src/feeds, docs/FEEDS.md): what stops a whole run before anything is written.
  feed_format_unknown: {
    status: 400,
    message:
      "The feed's format is not known: its first element is none of yml_catalog (YML), price (Hotline), rss or feed (Google Merchant), and it is not CSV. Name it with format.",
  },
  feed_malformed: {
    status: 400,
    message:
      "The feed breaks at line {line}, column {column}: {reason}. Nothing of this run was imported.",
  },
  feed_too_large: {
    status: 413,
    message: "The feed is larger than {limit} bytes. Nothing of this run was imported.",
  },
  feed_would_empty: {
    status: 409,
    message:
      "The feed lacks {gone} of the store's {products} products, more than half: nothing of this run was imported. A feed cut short must not empty a store; if they are gone, run it again with {force}.",
  },
  feed_url_refused: { status: 400, message: "The feed's URL is refused: {reason}" },
  feed_host_internal: {
    status: 400,
    message:
      "The feed's URL is refused: {host} is a loopback, private or link-local address (the operator may allow it with --feed-allow-host).",
  },
  feed_fetch_failed: { status: 502, message: "The feed could not be fetched: {reason}" },
  feed_timeout: {
    status: 504,
    message:
      "The feed did not arrive in full within {seconds} s. Nothing of this run was imported.",
  },
  // Registered feeds (docs/FEEDS.md "Registered feeds").
  invalid_feeds: {
    status: 400,
    message:
      'Expected {"feeds": [...]}: at most {feeds} feeds, each with a url (http or https), a format, every_minutes from {min} to {max}, and optionally username, password, webhook_url and webhook_secret.',
  },
  feed_not_registered: {
    status: 404,
    message: "No feed of this domain has that url: register it with PUT /api/v2/content/feeds/.",
  },
  feed_running: {
    status: 409,
    message:
      "A run of this feed is in progress (on this node or another): its result will be in the runs.",
  },
  feed_run_stopped: {
    status: 503,
    message:
      "The server stopped during the run: the batches written before stay, the next run completes them.",
  },
  domain_not_found: { status: 404, message: 'Domain "{name}" not found.' },
  invalid_domain_name: {
    status: 400,
    message: "Domain name must be 1 to 64 characters: lowercase letters, digits, '-', '_' or '.'.",
  },
  wrong_partition: {
    status: 421,
    message: 'This node does not serve domain "{name}"; send the request to partition {partition}.',
  },
  redis_unreachable: { status: 503, message: "Redis at {url} is unreachable: {reason}" },
  // Shedding (docs/ARCHITECTURE.md, "Overload and slow clients"): `retry_after` also becomes
  // the Retry-After header.
  throttled: {
    status: 429,
    message:
      "Too many requests: this token may make {rate} per second. Retry after {retry_after} s.",
  },
  // Cost, not count: the store's work, measured in time, is past its share of the node.
  search_cost: {
    status: 429,
    message:
      "Too many requests: this store's searches used their share of the service's time ({rate} ms a second). Retry after {retry_after} s.",
  },
  import_cost: {
    status: 429,
    message:
      "Too many requests: indexing this store's imports used its share of the service's time ({rate} ms a second). Retry after {retry_after} s.",
  },
  import_queue_full: {
    status: 503,
    message:
      "Too many import requests of this domain are in progress (at most {limit}). Retry after {retry_after} s.",
  },
  // 429, not 503: the refusal is of this store's share, other stores are answered.
  overloaded: {
    status: 429,
    message: "This store's searches are overloading the service. Retry after {retry_after} s.",
  },
  request_timeout: {
    status: 408,
    message: "The request body did not arrive within {seconds} s.",
  },
  invalid_suggestion: {
    status: 400,
    message:
      'Expected {"query": "..."}: a suggestion of 1 to {chars} characters and at most {words} words.',
  },
  suggestion_not_blocked: { status: 404, message: 'Suggestion "{query}" is not blocked.' },
  invalid_synonyms: {
    status: 400,
    message:
      'Expected {"synonyms": [...]}: at most {sets} sets of {"words": [...]} or {"query": "...", "means": [...]}, at most {words} words a set, each one word of 1 to {chars} characters.',
  },
  invalid_rules: {
    status: 400,
    message:
      'Expected {"rules": [...]}: at most {rules} rules, each with pin, hide or boost of at most {items} items, a redirect or a banner, texts of 1 to {chars} characters, positions 1 to {position}.',
  },
  invalid_origins: {
    status: 400,
    message: 'Expected {"origins": [...]}: a list of at most {limit} origins.',
  },
  too_many_origins: { status: 400, message: "Too many origins: at most {limit} are accepted." },
  invalid_origin: {
    status: 400,
    message: "Invalid origin at index {index}: expected http(s)://host[:port] with no path.",
  },
  origin_not_allowed: {
    status: 403,
    message:
      'Origin "{origin}" may not search this domain: add it to the domain\'s allowed origins (PUT /api/v2/admin/domains/NAME/origins/ or `vitrina domain origins NAME ORIGIN...`).',
  },
  // `allow` also becomes the Allow header.
  // Failed secret tokens or operator keys of one client (http/limits/auth-throttle.ts).
  auth_throttled: {
    status: 429,
    message:
      "Too many failed authentications with this key from this address. Retry after {retry_after} s.",
  },
  // The main thread's private socket, reached by anything but this server's search threads.
  not_handed_over: {
    status: 403,
    message: "This socket answers only the search threads of the server that made it.",
  },
  // Framing that only one reading of could be right (http/stack/framing.ts).
  repeated_length: {
    status: 400,
    message: "The request has more than one Content-Length header: send one.",
  },
  upgrade_with_body: {
    status: 400,
    message:
      "Connection: Upgrade on a request with a body is not served: send the request without it.",
  },
  method_not_allowed: { status: 405, message: 'Method "{method}" not allowed.' },
  store_unavailable: { status: 503, message: "The primary store is unavailable; retry shortly." },
  // The embedded store's file failed a read or a write (store/sqlite/storage-faults.ts); the
  // refused request's transaction was rolled back whole.
  // `state` is what /ready says while the fault lasts.
  // The faults that pass (storage-faults.ts): each write tries again, and the first that
  // succeeds ends the fault (/ready recovers).
  disk_full: {
    status: 507,
    message:
      "The disk of the database file is full ({reason}): nothing of this request was stored. Free space on it, or retry after {retry_after} s.",
    state: "the disk of the database file is full: writes fail until space is freed",
  },
  store_read_only: {
    status: 503,
    message:
      "The database file cannot be written ({reason}): nothing of this request was stored. Make it writable, or retry after {retry_after} s.",
    state: "the database file cannot be written ({reason}): writes fail until it can",
  },
  store_io_error: {
    status: 503,
    message:
      "The database file could not be written ({reason}): nothing of this request was stored. Retry after {retry_after} s.",
    state: "writes to the database file fail ({reason})",
  },
  redis_out_of_memory: {
    status: 507,
    message:
      "Redis is out of memory ({reason}): nothing of this request was stored. Retry after {retry_after} s.",
    state: "Redis is over its maxmemory: writes fail until memory is freed or maxmemory raised",
  },
  // A stalled Redis (or one too slow to answer): the call was given up after --redis-timeout.
  // A write sent to Redis is one script or MULTI/EXEC, so it is stored whole when Redis gets
  // to it, or not at all; the request was not acknowledged either way.
  redis_timeout: {
    status: 503,
    message:
      "Redis did not answer within {ms} ms: this request was not acknowledged (a write of it is applied whole or not at all, so sending it again is safe). Retry after {retry_after} s.",
  },
  store_damaged: {
    status: 503,
    message:
      "The database file is damaged ({reason}): nothing of this request was stored, and this server takes no more writes until it is restarted on a good file.",
    state:
      "the database file is damaged ({reason}): writes are refused until the server is restarted on a good file",
  },
} as const;

export type ErrorCode = keyof typeof ERRORS;

/**
 * The most characters of a value an answer repeats: what a request sent is named in an error
 * only this far (an origin or a header 5 MB long is not echoed back).
 */
export const ECHO_MAX = 100;

const echoed = (value: string | number): string => {
  const text = String(value);
  return text.length > ECHO_MAX ? `${text.slice(0, ECHO_MAX)}…` : text;
};

const rendered = (template: string, vars: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (_, k: string) =>
    vars[k] === undefined ? `{${k}}` : echoed(vars[k] as string | number),
  );

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  /** The values of the message's placeholders: an error crosses threads as code and vars. */
  readonly vars: Record<string, string | number>;
  /** Per-field errors, when the request had several things wrong. */
  readonly errors: Record<string, string[]> | undefined;

  constructor(
    code: ErrorCode,
    vars: Record<string, string | number> = {},
    errors?: Record<string, string[]>,
  ) {
    super(rendered(ERRORS[code].message, vars));
    this.code = code;
    this.status = ERRORS[code].status;
    this.vars = vars;
    this.errors = errors;
  }

  /** A fault that lasts, as /ready names it (the entry's `state`), else the message. */
  get state(): string {
    const entry = ERRORS[this.code];
    return "state" in entry ? rendered(entry.state, this.vars) : this.message;
  }
}

/**
 * What an operator can fix and must, before a command can be carried out as asked (a server
 * runs on the data dir, a file exists, the database is damaged or not Vitrina's): the CLI prints
 * the message on one line and exits 2.
 */
export class Refused extends Error {}
