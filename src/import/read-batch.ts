import { AppError } from "../errors.ts";

export interface BatchLimits {
  maxItems: number;
  maxBytes: number;
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
