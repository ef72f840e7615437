import { AppError } from "../../errors.ts";

export const JSON_TYPE = { "content-type": "application/json; charset=utf-8" };

export const json = (body: unknown, status = 200, headers: Record<string, string> = {}): Response =>
  new Response(JSON.stringify(body), { status, headers: { ...JSON_TYPE, ...headers } });

/** A body already serialised (the search path and the writer thread assemble their JSON). */
export const rawJson = (
  body: string | Uint8Array,
  status = 200,
  headers: Record<string, string> = {},
): Response => new Response(body, { status, headers: { ...JSON_TYPE, ...headers } });

/** The one place where core errors become HTTP answers. */
export function errorResponse(error: unknown): Response {
  if (error instanceof AppError)
    return json(
      error.errors ? { detail: error.message, errors: error.errors } : { detail: error.message },
      error.status,
      {
        // The rest of an oversized body is not read: the connection cannot serve another request.
        ...(error.code === "body_too_large" ? { connection: "close" } : {}),
        // A shed request (429, 503) says when to come back.
        ...(error.vars.retry_after === undefined
          ? {}
          : { "retry-after": String(error.vars.retry_after) }),
        ...(error.vars.allow === undefined ? {} : { allow: String(error.vars.allow) }),
      },
    );
  console.error(
    JSON.stringify({
      level: "error",
      msg: "unhandled",
      error: String((error as Error)?.stack ?? error),
    }),
  );
  return json({ detail: "Internal server error." }, 500);
}
