import { AppError } from "../errors.ts";

export interface BatchLimits {
  maxItems: number;
  maxBytes: number;
}

/**
 * Reads an import request's body as bytes, or throws what is wrong with it as a whole: a
 * content type that is not JSON (400), too large (413). Runs on the HTTP thread; the bytes
 * then go to the import thread, which parses them (`parseBatch`).
 */
export async function readBody(request: Request, limits: BatchLimits): Promise<Uint8Array> {
  const type = request.headers.get("content-type");
  if (type && !/^application\/([a-z.+-]*\+)?json\b/i.test(type.trim()))
    throw new AppError("unsupported_media_type", { type: type.split(";")[0] ?? type });
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > limits.maxBytes) throw new AppError("body_too_large", { limit: limits.maxBytes });
  if (!request.body) return new Uint8Array(0);
  // A declared length was checked against the limit already: read it natively in one go.
  if (request.headers.has("content-length")) return new Uint8Array(await request.arrayBuffer());
  // A chunked body has no Content-Length: count the bytes as they arrive and stop at the limit.
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of request.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > limits.maxBytes) throw new AppError("body_too_large", { limit: limits.maxBytes });
    chunks.push(chunk);
  }
  // A buffer of its own (not a slice of a shared pool): it is transferred to the import thread.
  const body = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.byteLength;
  }
  return body;
}

// Invalid bytes are an error, not U+FFFD: two different ids would collapse into one.
const utf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * The items of an import body, or what is wrong with it as a whole: not JSON, not an array, an
 * item that is not an object, bytes that are not UTF-8 (400), too many items (413). Nothing is saved of a body that fails.
 */
export function parseBatch(body: Uint8Array, limits: Pick<BatchLimits, "maxItems">): object[] {
  let text: string;
  try {
    text = utf8.decode(body);
  } catch {
    throw new AppError("invalid_utf8");
  }
  let items: unknown;
  try {
    items = JSON.parse(text);
  } catch (e) {
    throw new AppError("malformed_json", { reason: (e as Error).message });
  }
  if (!Array.isArray(items))
    throw new AppError("not_an_array", { type: items === null ? "null" : typeof items });
  if (items.length > limits.maxItems)
    throw new AppError("too_many_items", { count: items.length, limit: limits.maxItems });
  items.forEach((item: unknown, index) => {
    if (typeof item !== "object" || item === null || Array.isArray(item))
      throw new AppError("item_not_object", {
        index,
        type: item === null ? "null" : Array.isArray(item) ? "list" : typeof item,
      });
  });
  return items;
}
