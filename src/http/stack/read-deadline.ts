import { AppError } from "../../errors.ts";

/**
 * `reading` (a request body), or 408 when it is not complete `seconds` after the call: a client
 * that trickles its body would otherwise hold its connection, a slot of its domain's import
 * bound and shutdown for as long as it likes. The read left behind ends when the caller's
 * answer closes the connection.
 */
export async function readWithin<T>(reading: Promise<T>, seconds: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new AppError("request_timeout", { seconds })), seconds * 1000);
  });
  try {
    return await Promise.race([reading, late]);
  } finally {
    clearTimeout(timer);
  }
}
