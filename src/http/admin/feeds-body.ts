import {
  FEED_EVERY_MINUTES,
  FEED_FORMAT_CHOICES,
  type FeedFormatChoice,
  MAX_FEED_CREDENTIAL_CHARS,
  MAX_FEED_URL_CHARS,
  MAX_FEEDS,
  type RegisteredFeed,
  WEBHOOK_SECRET_CHARS,
} from "../../model/feeds.ts";

// The body of a PUT of a domain's registered feeds (model/feeds.ts, docs/API.md "Registered
// feeds"), checked whole: every error, per field, in DRF's style. The secrets are write-only,
// so a list read back (GET answers has_password, not the password) and sent again must not
// lose them: a password left out keeps the one stored for the same url and username, a
// webhook_secret left out the one stored for the same url; null removes either.

export type ParsedFeeds =
  | { ok: true; feeds: RegisteredFeed[] }
  | { ok: false; errors: Record<string, string[]> };

type Fail = (field: string, message: string) => void;

const FIELDS = new Set([
  "url",
  "format",
  "every_minutes",
  "delete_missing",
  "username",
  "password",
  "webhook_url",
  "webhook_secret",
]);

const URL_ERROR = `Enter a valid http or https URL of at most ${MAX_FEED_URL_CHARS} characters.`;

/**
 * An http or https URL of at most MAX_FEED_URL_CHARS, else its error. Credentials in the URL
 * (`https://user:pass@…`) are refused: the URL is answered, a password never is.
 */
function urlOf(value: unknown): { url: string } | { error: string } {
  if (typeof value !== "string" || value.length > MAX_FEED_URL_CHARS) return { error: URL_ERROR };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { error: URL_ERROR };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return { error: URL_ERROR };
  if (url.username !== "" || url.password !== "")
    return { error: "Give the credentials as username and password, not in the URL." };
  return { url: value };
}

/** An optional text of `min` to `max` characters: undefined left out, null removed. */
function textOf(
  o: Record<string, unknown>,
  field: string,
  limits: { min: number; max: number },
  fail: Fail,
): string | null | undefined {
  const v = o[field];
  if (v === undefined || v === null) return v;
  if (typeof v !== "string" || v.length < limits.min || v.length > limits.max) {
    fail(field, `Expected null or a text of ${limits.min} to ${limits.max} characters.`);
    return undefined;
  }
  return v;
}

/** The body {"feeds": [...]} checked whole, the secrets kept from `stored` where left out. */
export function parseFeeds(body: unknown, stored: readonly RegisteredFeed[]): ParsedFeeds {
  const errors: Record<string, string[]> = {};
  const fail: Fail = (field, message) => {
    errors[field] = [...(errors[field] ?? []), message];
  };
  const list = (body as { feeds?: unknown } | null)?.feeds;
  if (typeof body !== "object" || body === null || Array.isArray(body) || !Array.isArray(list)) {
    fail("feeds", "Expected a list of feeds.");
    return { ok: false, errors };
  }
  if (list.length > MAX_FEEDS) {
    fail("feeds", `At most ${MAX_FEEDS} feeds are accepted.`);
    return { ok: false, errors };
  }
  const feeds: RegisteredFeed[] = [];
  const seen = new Set<string>();
  list.forEach((item, i) => {
    const feed = parseFeed(item, `feeds[${i}]`, stored, fail);
    if (feed === null) return;
    if (seen.has(feed.url)) fail(`feeds[${i}].url`, "Another feed of the list has this url.");
    seen.add(feed.url);
    feeds.push(feed);
  });
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, feeds };
}

function parseFeed(
  item: unknown,
  at: string,
  stored: readonly RegisteredFeed[],
  fail: Fail,
): RegisteredFeed | null {
  if (typeof item !== "object" || item === null || Array.isArray(item)) {
    fail(at, 'Expected {"url": ..., "every_minutes": ...}.');
    return null;
  }
  const o = item as Record<string, unknown>;
  let ok = true;
  const failed: Fail = (field, message) => {
    fail(`${at}.${field}`, message);
    ok = false;
  };
  for (const field of Object.keys(o)) if (!FIELDS.has(field)) failed(field, "Unknown field.");
  const checked = o.url === undefined ? null : urlOf(o.url);
  if (checked === null) failed("url", "This field is required.");
  else if ("error" in checked) failed("url", checked.error);
  const url = checked !== null && "url" in checked ? checked.url : null;
  const format = o.format ?? "auto";
  if (!(FEED_FORMAT_CHOICES as readonly unknown[]).includes(format))
    failed("format", `"${String(format).slice(0, 50)}" is not a valid choice.`);
  const every = o.every_minutes;
  const { min, max } = FEED_EVERY_MINUTES;
  if (every === undefined) failed("every_minutes", "This field is required.");
  else if (typeof every !== "number" || !Number.isInteger(every))
    failed("every_minutes", "A valid integer is required.");
  else if (every < min || every > max)
    failed("every_minutes", `Ensure this value is between ${min} and ${max}.`);
  const deleteMissing = o.delete_missing ?? false;
  if (typeof deleteMissing !== "boolean") failed("delete_missing", "Must be a valid boolean.");
  const credential = { min: 1, max: MAX_FEED_CREDENTIAL_CHARS };
  const username = textOf(o, "username", credential, failed);
  if (typeof username === "string" && username.includes(":"))
    failed("username", "A basic-auth username holds no colon.");
  const password = textOf(o, "password", credential, failed);
  const hook = o.webhook_url === undefined || o.webhook_url === null ? null : urlOf(o.webhook_url);
  if (hook !== null && "error" in hook) failed("webhook_url", hook.error);
  const webhookUrl = hook !== null && "url" in hook ? hook.url : null;
  const secret = textOf(o, "webhook_secret", WEBHOOK_SECRET_CHARS, failed);
  if (!ok || url === null) return null;
  const before = stored.find((f) => f.url === url);
  const user = username ?? null;
  const keptPassword =
    password === undefined
      ? before && before.username === user
        ? before.password
        : null
      : password;
  if (keptPassword !== null && user === null) {
    failed("password", "A password needs a username.");
    return null;
  }
  const keptSecret =
    secret === undefined ? (before?.webhook_url ? before.webhook_secret : null) : secret;
  if (webhookUrl !== null && keptSecret === null) {
    failed("webhook_secret", "This field is required with webhook_url.");
    return null;
  }
  return {
    url,
    format: format as FeedFormatChoice,
    every_minutes: every as number,
    username: user,
    password: keptPassword,
    webhook_url: webhookUrl,
    webhook_secret: webhookUrl === null ? null : keptSecret,
    delete_missing: deleteMissing === true,
  };
}
