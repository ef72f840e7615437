// Failed authentications per client and credential (docs/API.md, "Authentication"): a client
// that sends one wrong secret token or operator key AUTH_FAILURES.limit times within
// AUTH_FAILURES.window seconds gets 429 with Retry-After for that credential on those routes
// until its window ends, before any key is compared. Counted per (address, credential), not
// per address: behind a load balancer (or a NAT) many clients are one address, and a guesser
// there would lock out every store's right token and the operator's right key. A credential
// that is valid anywhere (a secret token, a search token, the operator key, on a route it does
// not open) is a mistake of the right client, never a failure.

export const AUTH_FAILURES = {
  /** Failures of one client and credential in one window. */
  limit: 30,
  /** Seconds of a window, from its first failure. */
  window: 60,
  /** Pairs remembered at most: an attacker's many addresses cannot grow the map for ever. */
  clients: 100_000,
} as const;

interface Window {
  start: number;
  failures: number;
}

/** The failed authentications of each client and credential in its window (one thread's). */
export class AuthThrottle {
  private readonly windows = new Map<string, Window>();

  /** `valid`: whether a credential opens anything here (it is then never a failure). */
  constructor(private readonly valid: (credential: string) => boolean) {}

  /**
   * Seconds until `client` may try `credentials` (what the request presents, in a fixed order)
   * again, 0 when it may now; `now` in milliseconds.
   */
  wait(client: string, credentials: readonly string[], now: number): number {
    const key = keyOf(client, credentials);
    const w = this.windows.get(key);
    if (!w || w.failures < AUTH_FAILURES.limit) return 0;
    const left = w.start + AUTH_FAILURES.window * 1000 - now;
    if (left > 0) return Math.ceil(left / 1000);
    this.windows.delete(key);
    return 0;
  }

  /** One more failure of `client` with `credentials`, unless one of them is valid. */
  failed(client: string, credentials: readonly string[], now: number): void {
    if (credentials.some(this.valid)) return;
    const key = keyOf(client, credentials);
    const w = this.windows.get(key);
    if (w && now - w.start < AUTH_FAILURES.window * 1000) {
      w.failures++;
      return;
    }
    if (w) this.windows.delete(key);
    // The oldest window first (a Map keeps insertion order): it is the nearest its end.
    if (this.windows.size >= AUTH_FAILURES.clients) {
      const oldest = this.windows.keys().next().value;
      if (oldest !== undefined) this.windows.delete(oldest);
    }
    this.windows.set(key, { start: now, failures: 1 });
  }
}

/** The map's key: the address and a hash of the credentials (a header may be kilobytes). */
const keyOf = (client: string, credentials: readonly string[]) =>
  `${client} ${Bun.hash(credentials.join("\n")).toString(36)}`;
