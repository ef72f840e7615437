import { createHmac } from "node:crypto";
import { AppError } from "../errors.ts";
import { checkHost, type FetchLimits } from "./fetch-url.ts";

// A run's result POSTed to the store's webhook (issue 33 point 5; docs/FEEDS.md "Webhooks"):
// the body signed with HMAC-SHA256 under the feed's webhook secret, in X-Vitrina-Signature as
// `sha256=<hex>` (GitHub's form), so that the receiver can tell the service from anyone who
// learnt its URL. Tried up to `tries` times, waiting `backoffMs`, then twice that, ..., after a
// failure or an answer other than 2xx. The URL follows the feeds' rule: never a loopback,
// private or link-local host unless the operator allowed it (--feed-allow-host); no redirects.

const SIGNATURE_HEADER = "x-vitrina-signature";

export const signature = (body: string, secret: string): string =>
  `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;

export interface WebhookOptions {
  limits: Pick<FetchLimits, "allowHosts">;
  tries: number;
  backoffMs: number;
  /** Each try's time cap. */
  timeoutMs: number;
  /** Abandons the remaining tries (the server's shutdown). */
  signal: AbortSignal;
}

/** Waits `ms`, or less when `signal` aborts. */
const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => {
      clearTimeout(timer);
      resolve();
    });
  });

/** Delivers `body`; the number of the try that got a 2xx, or the last failure's reason. */
export async function postWebhook(
  address: string,
  body: string,
  secret: string,
  options: WebhookOptions,
): Promise<{ ok: true; tries: number } | { ok: false; tries: number; reason: string }> {
  let reason = "";
  for (let n = 1; n <= options.tries; n++) {
    if (n > 1) {
      await pause(options.backoffMs * 2 ** (n - 2), options.signal);
      if (options.signal.aborted) return { ok: false, tries: n - 1, reason: "stopped" };
    }
    try {
      const url = new URL(address);
      await checkHost(url, { maxBytes: 0, seconds: 0, allowHosts: options.limits.allowHosts });
      const r = await fetch(url, {
        method: "POST",
        redirect: "manual",
        headers: {
          "content-type": "application/json",
          "user-agent": "Vitrina-Webhook",
          [SIGNATURE_HEADER]: signature(body, secret),
        },
        body,
        signal: AbortSignal.any([AbortSignal.timeout(options.timeoutMs), options.signal]),
      });
      await r.body?.cancel();
      if (r.status >= 200 && r.status < 300) return { ok: true, tries: n };
      reason = `answered ${r.status}`;
    } catch (error) {
      // A refused URL will not be fetched on a later try either.
      if (
        error instanceof AppError &&
        (error.code === "feed_url_refused" || error.code === "feed_host_internal")
      )
        return { ok: false, tries: n, reason: error.message };
      reason = error instanceof AppError ? error.message : "no answer";
    }
  }
  return { ok: false, tries: options.tries, reason };
}
