import {
  type Banner,
  MAX_BOOST_WEIGHT,
  MAX_PIN_POSITION,
  MAX_RULE_CHARS,
  MAX_RULE_ITEMS,
  MAX_RULE_URL_CHARS,
  MAX_RULES,
  type MerchRule,
} from "../../model/merchandising.ts";
import { ruleWords } from "../../search/engine.ts";
import { isCalendarDay } from "../../store/analytics-days.ts";

// The body of a PUT (or preview) of a domain's merchandising rules (model/merchandising.ts,
// docs/API.md "Merchandising rules"), checked whole at the edge as synonyms are
// (synonyms-body.ts): every error, per field keyed by its JSON path, nothing kept on any.
// Dates are normalised to ISO 8601 in UTC; everything else is kept as sent.

export type ParsedRules =
  | { ok: true; rules: MerchRule[] }
  | { ok: false; errors: Record<string, string[]> };

type Fail = (field: string, message: string) => void;
type Boost = NonNullable<MerchRule["boost"]>[number];

const FIELDS = new Set([
  "id",
  "query",
  "category",
  "pin",
  "hide",
  "boost",
  "redirect",
  "banner",
  "from",
  "to",
]);
const BANNER_FIELDS = new Set(["image_url", "link", "alt", "position"]);

/** The body {"rules": [...]} checked whole (every error, per field). */
export function parseRules(body: unknown): ParsedRules {
  const errors: Record<string, string[]> = {};
  const fail: Fail = (field, message) => {
    errors[field] = [...(errors[field] ?? []), message];
  };
  const list = (body as { rules?: unknown } | null)?.rules;
  if (typeof body !== "object" || body === null || Array.isArray(body) || !Array.isArray(list)) {
    fail("rules", "Expected a list of rules.");
    return { ok: false, errors };
  }
  if (list.length > MAX_RULES) {
    fail("rules", `At most ${MAX_RULES} rules are accepted.`);
    return { ok: false, errors };
  }
  const rules = list.map((item, i) => parseRule(item, `rules[${i}]`, fail));
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, rules };
}

function parseRule(item: unknown, at: string, fail: Fail): MerchRule {
  const rule: MerchRule = {};
  if (typeof item !== "object" || item === null || Array.isArray(item)) {
    fail(at, "Expected an object.");
    return rule;
  }
  const o = item as Record<string, unknown>;
  for (const key of Object.keys(o)) if (!FIELDS.has(key)) fail(`${at}.${key}`, "Unknown field.");
  if (o.id !== undefined) {
    const id = text(o.id, `${at}.id`, 64, fail);
    if (id !== null) rule.id = id;
  }
  if (o.query !== undefined) {
    const q = o.query as Record<string, unknown> | null;
    if (typeof q !== "object" || q === null || (q.match !== "exact" && q.match !== "contains"))
      fail(`${at}.query.match`, 'Expected "exact" or "contains".');
    const words = text(q?.text, `${at}.query.text`, MAX_RULE_CHARS, fail);
    if (words !== null && ruleWords(words).length === 0)
      fail(`${at}.query.text`, "Expected at least one word.");
    else if (words !== null && (q?.match === "exact" || q?.match === "contains"))
      rule.query = { match: q.match, text: words };
  }
  if (o.category !== undefined) {
    const category = text(o.category, `${at}.category`, MAX_RULE_CHARS, fail);
    if (category !== null) rule.category = category;
  }
  const pin = items(o.pin, `${at}.pin`, fail, (p, path) => {
    const v = p as Record<string, unknown> | null;
    const sourceId = text(v?.source_id, `${path}.source_id`, MAX_RULE_CHARS, fail);
    const position = v?.position;
    if (
      !Number.isInteger(position) ||
      (position as number) < 1 ||
      (position as number) > MAX_PIN_POSITION
    ) {
      fail(`${path}.position`, `Expected an integer from 1 to ${MAX_PIN_POSITION}.`);
      return null;
    }
    return sourceId === null ? null : { source_id: sourceId, position: position as number };
  });
  if (pin) rule.pin = pin;
  const hide = items(o.hide, `${at}.hide`, fail, (h, path) => text(h, path, MAX_RULE_CHARS, fail));
  if (hide) rule.hide = hide;
  const boost = items(o.boost, `${at}.boost`, fail, (b, path): Boost | null => {
    const v = (b ?? {}) as Record<string, unknown>;
    const field = v.field;
    if (field !== "brand" && field !== "category" && field !== "attribute") {
      fail(`${path}.field`, 'Expected "brand", "category" or "attribute".');
    }
    const value = text(v.value, `${path}.value`, MAX_RULE_CHARS, fail);
    let attribute: string | null = null;
    if (field === "attribute")
      attribute = text(v.attribute, `${path}.attribute`, MAX_RULE_CHARS, fail);
    else if (v.attribute !== undefined) fail(`${path}.attribute`, "Only with field attribute.");
    const weight = v.weight;
    if (
      !Number.isInteger(weight) ||
      Math.abs(weight as number) > MAX_BOOST_WEIGHT ||
      weight === 0
    ) {
      fail(
        `${path}.weight`,
        `Expected a non-zero integer from -${MAX_BOOST_WEIGHT} to ${MAX_BOOST_WEIGHT}.`,
      );
      return null;
    }
    if (value === null || (field !== "brand" && field !== "category" && field !== "attribute"))
      return null;
    if (field === "attribute")
      return attribute === null ? null : { field, value, attribute, weight: weight as number };
    return { field, value, weight: weight as number };
  });
  if (boost) rule.boost = boost;
  if (o.redirect !== undefined) {
    const redirect = url(o.redirect, `${at}.redirect`, fail);
    if (redirect !== null) rule.redirect = redirect;
  }
  if (o.banner !== undefined) {
    const banner = bannerOf(o.banner, `${at}.banner`, fail);
    if (banner !== null) rule.banner = banner;
  }
  const from = date(o.from, `${at}.from`, fail);
  const to = date(o.to, `${at}.to`, fail);
  if (from !== undefined) rule.from = from;
  if (to !== undefined) rule.to = to;
  if (from !== undefined && to !== undefined && from >= to)
    fail(`${at}.to`, "Expected a date after from.");
  if (["pin", "hide", "boost", "redirect", "banner"].every((k) => o[k] === undefined))
    fail(at, "Expected at least one of pin, hide, boost, redirect, banner.");
  return rule;
}

function url(value: unknown, at: string, fail: Fail): string | null {
  if (
    typeof value !== "string" ||
    !/^https?:\/\/\S+$/.test(value) ||
    value.length > MAX_RULE_URL_CHARS
  ) {
    fail(at, `Expected an http(s) URL of at most ${MAX_RULE_URL_CHARS} characters.`);
    return null;
  }
  return value;
}

/** A banner; its position is top when not sent. */
function bannerOf(value: unknown, at: string, fail: Fail): Banner | null {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    fail(at, "Expected an object.");
    return null;
  }
  const b = value as Record<string, unknown>;
  for (const key of Object.keys(b))
    if (!BANNER_FIELDS.has(key)) fail(`${at}.${key}`, "Unknown field.");
  const image = url(b.image_url, `${at}.image_url`, fail);
  const link = b.link === undefined ? undefined : url(b.link, `${at}.link`, fail);
  const alt = text(b.alt, `${at}.alt`, MAX_RULE_CHARS, fail);
  const position = b.position ?? "top";
  if (position !== "top" && position !== "bottom")
    fail(`${at}.position`, 'Expected "top" or "bottom".');
  if (
    image === null ||
    link === null ||
    alt === null ||
    (position !== "top" && position !== "bottom")
  )
    return null;
  return { image_url: image, ...(link === undefined ? {} : { link }), alt, position };
}

function text(value: unknown, at: string, max: number, fail: Fail): string | null {
  if (typeof value !== "string" || value.trim().length === 0 || value.length > max) {
    fail(at, `Expected a text of 1 to ${max} characters.`);
    return null;
  }
  return value;
}

function items<T>(
  value: unknown,
  at: string,
  fail: Fail,
  parse: (item: unknown, path: string) => T | null,
): T[] | null {
  if (value === undefined) return null;
  if (!Array.isArray(value) || value.length > MAX_RULE_ITEMS) {
    fail(at, `Expected a list of at most ${MAX_RULE_ITEMS} items.`);
    return null;
  }
  const out: T[] = [];
  value.forEach((item, i) => {
    const parsed = parse(item, `${at}[${i}]`);
    if (parsed !== null) out.push(parsed);
  });
  return out;
}

const ISO =
  /^(\d{4}-\d{2}-\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-](\d{2}):(\d{2}))?)?$/;

/**
 * An ISO 8601 date or date-time as ISO in UTC (a date, or a time without offset, is UTC). A
 * day or time that does not exist is refused: Date would move 2026-02-30 to March 2.
 */
function date(value: unknown, at: string, fail: Fail): string | undefined {
  if (value === undefined) return undefined;
  const m = typeof value === "string" ? ISO.exec(value) : null;
  if (!m) {
    fail(at, "Expected an ISO 8601 date (2026-12-01) or date-time (2026-12-01T09:00:00Z).");
    return undefined;
  }
  // Hour, minute, second, and the offset's hour and minute, each with its largest value.
  const clock = [m[2], m[3], m[4], m[6], m[7]];
  const largest = [23, 59, 59, 23, 59];
  if (!isCalendarDay(m[1] ?? "") || clock.some((n, i) => Number(n ?? 0) > (largest[i] ?? 0))) {
    fail(at, "No such date or time: a day, month, hour, minute or second is out of range.");
    return undefined;
  }
  const zoned = m[2] !== undefined && m[5] === undefined ? `${m[0]}Z` : m[0];
  return new Date(Date.parse(zoned)).toISOString();
}
