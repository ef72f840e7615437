import { AppError } from "../../errors.ts";
import { shed } from "../limits/shed.ts";
import { readWithin } from "./read-deadline.ts";

// The one reader of request bodies (docs/ARCHITECTURE.md, "The HTTP stack"): every route reads
// its body here, bounded by its policy (route-table.ts), so that no body of any size is held
// whole before it is measured.

/**
 * A request's body as bytes, or 413 with `detail` past `maxBytes`: a declared length is checked
 * before a byte is read; a chunked body is counted as it arrives and dropped at the limit.
 */
export async function readBounded(request: Request, maxBytes: number): Promise<Uint8Array> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw new AppError("body_too_large", { limit: maxBytes });
  if (!request.body) return new Uint8Array(0);
  // A declared length was checked against the limit already: read it natively in one go.
  if (request.headers.has("content-length")) return new Uint8Array(await request.arrayBuffer());
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of request.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > maxBytes) throw new AppError("body_too_large", { limit: maxBytes });
    chunks.push(chunk);
  }
  // A buffer of its own (not a slice of a shared pool): an import's is sent to the writer thread.
  const body = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.byteLength;
  }
  return body;
}

/** `readBounded`, or 408 when the body is not complete `seconds` after the call (read-deadline.ts). */
export async function readBody(
  request: Request,
  maxBytes: number,
  seconds: number,
): Promise<Uint8Array> {
  try {
    return await readWithin(readBounded(request, maxBytes), seconds);
  } catch (error) {
    if (error instanceof AppError && error.code === "request_timeout") shed.read_timeout++;
    throw error;
  }
}

/** 400 unless the request's content type, when given, is JSON (imports, synonyms). */
export function assertJsonType(request: Request): void {
  const type = request.headers.get("content-type");
  if (type && !/^application\/([a-z.+-]*\+)?json\b/i.test(type.trim()))
    throw new AppError("unsupported_media_type", { type: type.split(";")[0] ?? type });
}

// Invalid bytes are an error, not U+FFFD.
const utf8 = new TextDecoder("utf-8", { fatal: true });

/** A small JSON body, or 400 `malformed_json` saying what was `expected`. */
export function jsonOf(bytes: Uint8Array, expected: string): unknown {
  try {
    return JSON.parse(utf8.decode(bytes));
  } catch {
    throw new AppError("malformed_json", { reason: `expected ${expected}` });
  }
}
