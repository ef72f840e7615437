// Failed authentications per client (docs/API.md, "Authentication"): a client that sends
// AUTH_FAILURES.limit wrong secret tokens or operator keys within AUTH_FAILURES.window seconds
// gets 429 with Retry-After on those routes until its window ends, before any key is compared.
// Guessing a key then costs a client minutes per few dozen tries instead of ~9,600 a second.

export const AUTH_FAILURES = {
  /** Failures a client may have in one window. */
  limit: 30,
  /** Seconds of a window, from its client's first failure. */
  window: 60,
  /** Clients remembered at most: an attacker's many addresses cannot grow the map for ever. */
  clients: 100_000,
} as const;

interface Window {
  start: number;
  failures: number;
}

/** The failed authentications of each client address in its current window (one thread's). */
export class AuthThrottle {
  private readonly clients = new Map<string, Window>();

  /** Seconds until `client` may try again, 0 when it may now; `now` in milliseconds. */
  wait(client: string, now: number): number {
    const w = this.clients.get(client);
    if (!w || w.failures < AUTH_FAILURES.limit) return 0;
    const left = w.start + AUTH_FAILURES.window * 1000 - now;
    if (left > 0) return Math.ceil(left / 1000);
    this.clients.delete(client);
    return 0;
  }

  /** One more failure of `client`. */
  failed(client: string, now: number): void {
    const w = this.clients.get(client);
    if (w && now - w.start < AUTH_FAILURES.window * 1000) {
      w.failures++;
      return;
    }
    if (w) this.clients.delete(client);
    // The oldest window first (a Map keeps insertion order): it is the nearest its end.
    if (this.clients.size >= AUTH_FAILURES.clients) {
      const oldest = this.clients.keys().next().value;
      if (oldest !== undefined) this.clients.delete(oldest);
    }
    this.clients.set(client, { start: now, failures: 1 });
  }
}
