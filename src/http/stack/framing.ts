import { AppError } from "../../errors.ts";

// Requests whose body cannot be delimited one way only (docs/API.md, "Odd requests"). Bun's
// parser refuses the worst itself (two different Content-Length, one beside Transfer-Encoding)
// with a bare 400; what it lets through is refused here, with `detail`, on every thread alike:
// a search thread could not pass them on to the main thread as they came (its fetch fails on a
// doubled length, or waits for an upgrade that never comes).

/** Whether the request says a body follows. */
export function declaresBody(headers: Headers): boolean {
  const length = headers.get("content-length");
  return length === null ? headers.has("transfer-encoding") : length !== "0";
}

/** The options of the Connection header, in lower case (`keep-alive`, `upgrade`, `close`, …). */
const connectionOptions = (headers: Headers): string[] =>
  (headers.get("connection") ?? "")
    .split(",")
    .map((o) => o.trim().toLowerCase())
    .filter((o) => o !== "");

/** Why the request's framing is refused (400), or null when it is one request, plainly. */
export function framingFault(headers: Headers): AppError | null {
  // Bun joins repeated headers with ", ": two Content-Length of one value got here as "2, 2".
  if (headers.get("content-length")?.includes(",")) return new AppError("repeated_length");
  // After an upgrade the bytes that follow belong to another protocol: which of them are this
  // request's body is not for a server that serves no upgrade to guess.
  if (declaresBody(headers) && connectionOptions(headers).includes("upgrade"))
    return new AppError("upgrade_with_body");
  return null;
}
