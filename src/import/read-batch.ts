import { AppError } from "../errors.ts";

export interface BatchLimits {
  maxItems: number;
  maxBytes: number;
}

/**
 * Reads an import body into an array of items, or throws what is wrong with it as a whole:
 * too large (413), not JSON, not an array (400). Nothing is saved of a request that fails here.
 */
export async function readBatch(request: Request, limits: BatchLimits): Promise<unknown[]> {
  const type = request.headers.get("content-type");
  if (type && !/^application\/([a-z.+-]*\+)?json\b/i.test(type.trim()))
    throw new AppError("unsupported_media_type", { type: type.split(";")[0] ?? type });
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > limits.maxBytes) throw new AppError("body_too_large", { limit: limits.maxBytes });
  const text = await readText(request, limits.maxBytes);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (e) {
    throw new AppError("malformed_json", { reason: (e as Error).message });
  }
  if (!Array.isArray(body))
    throw new AppError("not_an_array", { type: body === null ? "null" : typeof body });
  if (body.length > limits.maxItems)
    throw new AppError("too_many_items", { count: body.length, limit: limits.maxItems });
  return body;
}

// A chunked body has no Content-Length: count the bytes as they arrive and stop at the limit.
async function readText(request: Request, maxBytes: number): Promise<string> {
  if (!request.body) return "";
  // A declared length was checked against the limit already: read it natively in one go.
  if (request.headers.has("content-length")) return request.text();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of request.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > maxBytes) throw new AppError("body_too_large", { limit: maxBytes });
    chunks.push(chunk);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}
