// The one declaration of every route the server answers (docs/ARCHITECTURE.md, "The HTTP
// stack"): method, path, handler and policy. The `Bun.serve` routes of every thread, the 405's
// Allow and the route list the OpenAPI test compares with the document all come from it.

/**
 * Which credential a route's handler checks: the public search token (query `token`), a
 * domain's secret token (X-Secret-Token), the operator key (--admin-key), or none. A failed
 * secret token or operator key counts toward its client's throttle (auth-throttle.ts).
 */
export type AuthKind = "search-token" | "secret-token" | "admin-key" | "none";

export interface RoutePolicy {
  auth: AuthKind;
  /** The most bytes its body may have: `RouteContext.body` answers 413 past them; 0 reads none. */
  body: number;
  /**
   * What bounds a caller's work beyond authentication, enforced by the handler: a search
   * token's rate and cost share (search/search-routes.ts), an import's rate, cost share and queue
   * (import/import-routes.ts), or nothing more.
   */
  limits: "search" | "import" | "none";
  /**
   * Who may read the answer from another origin: "open" (any: the wrapper adds
   * `Access-Control-Allow-Origin: *`), "domain" (the handler answers per the domain's allowed
   * origins, cors.ts), "none" (the same origin only).
   */
  cors: "open" | "domain" | "none";
}

export interface RouteContext {
  readonly request: Request;
  /** The path's `:name` segments, decoded. */
  readonly params: Record<string, string>;
  /** The client's address (a search thread passes on the one it saw), or null. */
  readonly client: string | null;
  /** The body's bytes: at most the route's `policy.body` (413), within --read-timeout (408). */
  body(): Promise<Uint8Array>;
}

export type Handler = (context: RouteContext) => Response | Promise<Response>;

export type Method = "GET" | "POST" | "PUT" | "DELETE" | "OPTIONS";

export interface Route {
  method: Method;
  /** Bun's pattern: `:name` matches one segment. Served with and without its trailing slash. */
  path: string;
  policy: RoutePolicy;
  handler: Handler;
}

/** The policies most routes share. */
export const POLICY = {
  /** Pages, probes and documents anyone may read. */
  public: { auth: "none", body: 0, limits: "none", cors: "none" },
  /** The operator's API (--admin-key) without a body. */
  admin: { auth: "admin-key", body: 0, limits: "none", cors: "none" },
  /** A store owner's API (its secret token) without a body. */
  owner: { auth: "secret-token", body: 0, limits: "none", cors: "none" },
} as const satisfies Record<string, RoutePolicy>;

/**
 * The most bytes of a small JSON body (a domain's name, its origins, a blocked suggestion): far
 * above any valid one, far below what would cost a node memory.
 */
export const SMALL_BODY = 64 * 1024;

/** A route's path without its trailing slash: `/a/b/` and `/a/b` are the same path. */
const trimmed = (path: string) => (path.length > 1 ? path.replace(/\/+$/, "") : path);

/** What `Bun.serve` calls for a route: the request and its server. */
export type ServeHandler<S> = (
  request: Request & { params?: Record<string, string> },
  server: S,
) => Response | Promise<Response>;

/**
 * The table as `Bun.serve` routes, each handler passed through `wrap`: every path under both
 * its forms (Bun matches a path exactly). A method a path does not serve falls through to the
 * server's `fetch` (the 405); Bun answers HEAD with the GET route.
 */
export function bunRoutes<S>(
  routes: readonly Route[],
  wrap: (route: Route) => ServeHandler<S>,
): Record<string, Partial<Record<Method, ServeHandler<S>>>> {
  const out: Record<string, Partial<Record<Method, ServeHandler<S>>>> = {};
  for (const route of routes) {
    const handler = wrap(route);
    const bare = trimmed(route.path);
    for (const path of new Set([bare, bare === "/" ? bare : `${bare}/`])) {
      const methods = out[path] ?? {};
      out[path] = methods;
      if (methods[route.method]) throw new Error(`Route declared twice: ${route.method} ${path}`);
      methods[route.method] = handler;
    }
  }
  return out;
}
