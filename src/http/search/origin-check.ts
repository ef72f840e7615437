import { AppError } from "../../errors.ts";
import type { DomainRecord } from "../../model/records.ts";
import { errorResponse } from "../stack/respond.ts";
import { corsFor, refusalCors } from "./cors.ts";

// The allowed-origins check of every route a store's pages call with the search token (search,
// popular, its preflights, and any such route added later): one place, one refusal.

/** The CORS headers of a call for `domain` (open for none), or null for a refused Origin. */
export const corsOf = (request: Request, domain: DomainRecord | undefined) =>
  corsFor(domain?.allowed_origins, request.headers.get("origin"), new URL(request.url).origin);

/**
 * A 403, not an answer without CORS headers: the call is not run nor counted in the store's
 * analytics, and the refusal is plain in the browser's network panel.
 */
export const refusedOrigin = (request: Request): Response => {
  const origin = request.headers.get("origin");
  const response = errorResponse(new AppError("origin_not_allowed", { origin: origin ?? "" }));
  response.headers.set("cache-control", "no-store");
  for (const [name, value] of Object.entries(refusalCors(origin)))
    response.headers.set(name, value);
  return response;
};
