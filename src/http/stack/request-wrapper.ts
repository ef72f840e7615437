import type { Server } from "bun";
import { AppError } from "../../errors.ts";
import type { AuthThrottle } from "../limits/auth-throttle.ts";
import { shed } from "../limits/shed.ts";
import { allowedMethods } from "./allowed-methods.ts";
import { presentedCredentials } from "./credentials.ts";
import { declaresBody, framingFault } from "./framing.ts";
import { observe, type RequestLog, type RequestSink } from "./observe.ts";
import { readBody } from "./read-body.ts";
import { errorResponse } from "./respond.ts";
import type { Handler, Route, RouteContext, RoutePolicy, ServeHandler } from "./route-table.ts";

// The one wrapper around every route of every thread (docs/ARCHITECTURE.md, "The HTTP stack"):
// the request id, metrics and log line (observe.ts), the throttle of failed authentications,
// the bounded body, and an error made an answer, the same way for every route.

export interface WrapperOptions {
  log: RequestLog;
  /** Where the metrics go: this thread's registry unless given (a search thread's). */
  sink?: RequestSink;
  /** Seconds for a body to arrive in full (--read-timeout). */
  readTimeout: number;
  /** The failed authentications of this thread's clients; null where no route checks one. */
  throttle: AuthThrottle | null;
  /** The client's address. */
  clientOf: (request: Request, server: Server<unknown>) => string | null;
  /**
   * Whether a request may be answered at all, when not every one may: the private socket
   * answers only what this server's search threads pass on (403 otherwise).
   */
  admit?: (request: Request) => boolean;
}

/** A secret whose failed checks are throttled; a wrong search token is answered as none. */
const THROTTLED: ReadonlySet<RoutePolicy["auth"]> = new Set(["secret-token", "admin-key"]);

class Context implements RouteContext {
  /** Whether the body was read in full. */
  read = false;
  constructor(
    readonly request: Request,
    readonly params: Record<string, string>,
    readonly client: string | null,
    private readonly maxBytes: number,
    private readonly seconds: number,
  ) {}
  // A property, not a method: handlers take it apart from the context.
  readonly body = async (): Promise<Uint8Array> => {
    const bytes = await readBody(this.request, this.maxBytes, this.seconds);
    this.read = true;
    return bytes;
  };
  /** A body came that was not read in full. */
  get unread(): boolean {
    return !this.read && declaresBody(this.request.headers);
  }
}

const NO_POLICY: RoutePolicy = { auth: "none", body: 0, limits: "none", cors: "none" };

export function requestWrapper(options: WrapperOptions) {
  const observed = observe(options.log, options.sink);
  const { throttle } = options;

  const answer = (
    route: Route | undefined,
    handler: Handler,
    request: Request & { params?: Record<string, string> },
    server: Server<unknown>,
  ): Response | Promise<Response> => {
    const id = observed.begin(request);
    const policy = route?.policy ?? NO_POLICY;
    const client = options.clientOf(request, server);
    const context = new Context(
      request,
      request.params ?? {},
      client,
      policy.body,
      options.readTimeout,
    );
    const throttled = throttle !== null && THROTTLED.has(policy.auth);
    // Counted per client and credential (auth-throttle.ts): what this request presents.
    const credentials = throttled ? presentedCredentials(request.headers) : [];
    const done = (response: Response): Response => {
      response.headers.set("x-request-id", id);
      if (policy.cors === "open") response.headers.set("access-control-allow-origin", "*");
      // Answers about one caller's writes and secrets are never kept by a cache.
      if (THROTTLED.has(policy.auth)) response.headers.set("cache-control", "no-store");
      observed.end(request, route?.path, response.status);
      return response;
    };
    const failed = (error: unknown): Response => {
      if (throttled && error instanceof AppError && error.code === "not_authenticated")
        throttle.failed(client ?? "", credentials, Date.now());
      const response = errorResponse(error);
      // An error is never kept by a cache.
      response.headers.set("cache-control", "no-store");
      // Refused before its body was read in full: else Bun would go on reading (and
      // discarding) whatever the client trickles, for as long as it likes.
      if (context.unread) response.headers.set("connection", "close");
      return done(response);
    };
    try {
      const fault = framingFault(request.headers);
      if (fault) throw fault;
      if (options.admit && !options.admit(request)) throw new AppError("not_handed_over");
      if (throttled) {
        const wait = throttle.wait(client ?? "", credentials, Date.now());
        if (wait > 0) {
          shed.auth_failures++;
          throw new AppError("auth_throttled", { retry_after: wait });
        }
      }
      const out = handler(context);
      return out instanceof Promise ? out.then(done, failed) : done(out);
    } catch (error) {
      return failed(error);
    }
  };

  return {
    /**
     * What a search thread does not answer, passed on (`pass`, with the client's address) when
     * it can be: a request of ambiguous framing is refused here, as the main thread would.
     */
    passOn(
      pass: (request: Request, client: string | null) => Promise<Response>,
    ): ServeHandler<Server<unknown>> {
      return (request, server) => {
        const fault = framingFault(request.headers);
        if (!fault) return pass(request, options.clientOf(request, server));
        return answer(
          undefined,
          () => {
            throw fault;
          },
          request,
          server,
        );
      };
    },
    /** A route's handler for `Bun.serve`. */
    route:
      (route: Route): ServeHandler<Server<unknown>> =>
      (request, server) =>
        answer(route, route.handler, request, server),
    /** What no route takes: 405 with Allow on a path of `routes`, else 404. */
    unmatched(routes: readonly Route[]): ServeHandler<Server<unknown>> {
      const allowed = allowedMethods(routes);
      const refuse: Handler = ({ request }) => {
        const methods = allowed(new URL(request.url).pathname);
        if (methods.length === 0) throw new AppError("not_found");
        throw new AppError("method_not_allowed", {
          method: request.method,
          allow: methods.join(", "),
        });
      };
      return (request, server) => answer(undefined, refuse, request, server);
    },
  };
}
