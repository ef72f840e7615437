import { ACTION_LIMITS, type ShopperEventBody } from "../model/events.ts";

// The body of POST /api/v2/search/events/, checked whole: every bad field is named, nothing of
// a refused event is recorded. Sent as JSON with either Content-Type (the widget's
// navigator.sendBeacon posts text/plain, which needs no CORS preflight).

const TYPES = new Set(["click", "add_to_cart", "purchase"]);

export type ParsedAction =
  | { ok: true; event: ShopperEventBody }
  | { ok: false; detail: string; errors?: Record<string, string[]> };

const text = (v: unknown, max: number, required: boolean): string | null => {
  if (v === undefined && !required) return null;
  if (typeof v !== "string" || (required && v.trim() === "")) return "Must be a non-empty string.";
  return v.length > max ? `At most ${max} characters.` : null;
};

export function parseActionBody(bytes: Uint8Array): ParsedAction {
  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    return { ok: false, detail: "The body must be a JSON object." };
  }
  if (typeof body !== "object" || body === null || Array.isArray(body))
    return { ok: false, detail: "The body must be a JSON object." };
  const b = body as Record<string, unknown>;
  const errors: Record<string, string[]> = {};
  const fail = (field: string, message: string | null) => {
    if (message !== null) errors[field] = [message];
  };
  if (!TYPES.has(b.type as string)) fail("type", "Must be click, add_to_cart or purchase.");
  fail("query", text(b.query, ACTION_LIMITS.query, true));
  fail("source_id", text(b.source_id, ACTION_LIMITS.sourceId, true));
  fail("uuid", text(b.uuid, ACTION_LIMITS.uuid, false));
  const p = b.position;
  if (p !== undefined || b.type === "click") {
    if (typeof p !== "number" || !Number.isInteger(p) || p < 1 || p > ACTION_LIMITS.position)
      fail(
        "position",
        `Must be a whole number from 1 to ${ACTION_LIMITS.position}${b.type === "click" ? " (a click's is required)" : ""}.`,
      );
  }
  const known = new Set(["type", "query", "source_id", "position", "uuid"]);
  for (const key of Object.keys(b))
    if (!known.has(key)) errors[key.slice(0, 100)] = ["Unknown field."];
  if (Object.keys(errors).length > 0) return { ok: false, detail: "Invalid event.", errors };
  return { ok: true, event: b as ShopperEventBody };
}
