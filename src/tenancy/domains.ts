import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { AppError } from "../errors.ts";
import type { DomainRecord } from "../model/records.ts";
import type { DomainStore, TokenPair } from "../store/store.ts";
import { parseOrigins } from "./origins.ts";

const NAME = /^[a-z0-9][a-z0-9._-]{0,63}$/;

/** 192 random bits, URL-safe: tokens travel in a header and in a query string. */
export const newTokens = (): TokenPair => ({
  secret_token: randomBytes(24).toString("base64url"),
  search_token: randomBytes(24).toString("base64url"),
});

const digest = (token: string) => createHash("sha256").update(token).digest("base64url");

/** How long an old search token answers after a rotation, by default, and at most (seconds). */
export const SEARCH_TOKEN_GRACE = { default: 86_400, max: 30 * 86_400 } as const;

/** Why a search token finds no domain (the `X-Search-Token` header, PRODUCT.md). */
export type TokenState = "unknown" | "expired";

/**
 * The search tokens of every domain, current and retired, looked up by digest then compared in
 * constant time: the main thread's Domains and each search thread's copy (SearchTokens) alike.
 */
class SearchTokenIndex {
  private readonly current: Map<string, DomainRecord>;
  private readonly retired: Map<string, DomainRecord>;

  constructor(all: readonly DomainRecord[]) {
    this.current = new Map(all.map((d) => [digest(d.search_token), d]));
    this.retired = new Map();
    for (const d of all)
      if (d.retired_search_token !== undefined) this.retired.set(digest(d.retired_search_token), d);
  }

  /** The domain of a current token, or of a retired one still in its grace. */
  find(token: string, now = Date.now()): DomainRecord | undefined {
    const d = match(this.current, token, "search_token");
    if (d !== undefined) return d;
    const old = match(this.retired, token, "retired_search_token");
    return old !== undefined && now < (old.retired_search_until ?? 0) ? old : undefined;
  }

  /** Why `token` finds nothing: a retired token past its grace, or one never known. */
  state(token: string): TokenState {
    return match(this.retired, token, "retired_search_token") === undefined ? "unknown" : "expired";
  }
}

/**
 * The domains and their tokens, cached in memory. A token is found by its SHA-256 digest (so
 * the map lookup works on a value the caller cannot steer byte by byte) and then compared in
 * constant time with the stored token. Domains created elsewhere (the CLI, another node) are
 * picked up by a reload on an unknown token, at most once a second.
 */
export class Domains {
  private bySecret = new Map<string, DomainRecord>();
  private bySearch = new SearchTokenIndex([]);
  private byName = new Map<string, DomainRecord>();
  private lastReload = 0;
  private readonly listeners: ((d: DomainRecord) => void)[] = [];
  private readonly goneListeners: ((d: DomainRecord) => void)[] = [];
  private readonly loadListeners: ((all: readonly DomainRecord[]) => void)[] = [];

  constructor(private readonly store: DomainStore) {}

  async load(): Promise<DomainRecord[]> {
    const all = await this.store.listDomains();
    const before = this.byName;
    this.bySecret = new Map(all.map((d) => [digest(d.secret_token), d]));
    this.bySearch = new SearchTokenIndex(all);
    this.byName = new Map(all.map((d) => [d.name, d]));
    this.lastReload = Date.now();
    for (const d of all) if (!before.has(d.name)) for (const l of this.listeners) l(d);
    for (const d of before.values())
      if (!this.byName.has(d.name)) for (const l of this.goneListeners) l(d);
    for (const l of this.loadListeners) l(all);
    return all;
  }

  /** Called with the whole table after every load: the search threads' copy follows it. */
  onLoad(listener: (all: readonly DomainRecord[]) => void): void {
    this.loadListeners.push(listener);
  }

  /** Called with every domain that disappears (deleted here, by the CLI or on another node). */
  onDomainGone(listener: (d: DomainRecord) => void): void {
    this.goneListeners.push(listener);
  }

  /** Called with every domain that appears (at load, create, or a reload). */
  onDomain(listener: (d: DomainRecord) => void): void {
    this.listeners.push(listener);
  }

  all(): DomainRecord[] {
    return [...this.byName.values()];
  }

  byDomainName(name: string): DomainRecord | undefined {
    return this.byName.get(name);
  }

  async create(name: string): Promise<DomainRecord> {
    if (!NAME.test(name)) throw new AppError("invalid_domain_name");
    const d = await this.store.createDomain(name, newTokens());
    await this.load();
    return d;
  }

  /**
   * New tokens; the old secret token stops at once, the old search token answers `graceSeconds`
   * more (a live widget carries it until the store deploys the new one).
   */
  async rotateTokens(
    name: string,
    graceSeconds: number = SEARCH_TOKEN_GRACE.default,
  ): Promise<DomainRecord> {
    const old = this.byName.get(name) ?? (await this.load()).find((d) => d.name === name);
    if (!old) throw new AppError("domain_not_found", { name });
    const d = await this.store.setDomainTokens(name, {
      ...newTokens(),
      retired_search_token: old.search_token,
      retired_search_until: Date.now() + graceSeconds * 1000,
    });
    await this.load();
    return d;
  }

  /** Replaces the sites allowed to search the domain from a browser; [] opens it to all. */
  async setOrigins(name: string, origins: unknown): Promise<DomainRecord> {
    const d = await this.store.setDomainOrigins(name, parseOrigins(origins));
    await this.load();
    return d;
  }

  /** Deletes the domain and everything of it from the store; its index goes with the reload. */
  async delete(name: string): Promise<DomainRecord> {
    const d = await this.store.deleteDomain(name);
    await this.load();
    return d;
  }

  /** The domain of a secret token; an unknown one reloads the table, at most once a second. */
  async bySecretToken(token: string | null | undefined): Promise<DomainRecord | undefined> {
    if (!token) return undefined;
    const found = match(this.bySecret, token, "secret_token");
    if (found || Date.now() - this.lastReload < 1000) return found;
    await this.load();
    return match(this.bySecret, token, "secret_token");
  }

  /**
   * Whether `token` is any domain's secret or search token (a retired one in its grace too),
   * as this node knows them now: a valid credential sent where it opens nothing is not a
   * guess (http/limits/auth-throttle.ts).
   */
  knows(token: string): boolean {
    return (
      match(this.bySecret, token, "secret_token") !== undefined ||
      this.searchDomain(token) !== undefined
    );
  }

  /** Synchronous lookup for the search hot path: no reload. */
  searchDomain(token: string): DomainRecord | undefined {
    return this.bySearch.find(token);
  }

  tokenState(token: string): TokenState {
    return this.bySearch.state(token);
  }
}

/**
 * A search thread's copy of the search tokens (http/threads/search-thread.ts), looked up as
 * `Domains.searchDomain` does.
 */
export class SearchTokens {
  private readonly bySearch: SearchTokenIndex;

  constructor(all: readonly DomainRecord[]) {
    this.bySearch = new SearchTokenIndex(all);
  }

  searchDomain(token: string): DomainRecord | undefined {
    return this.bySearch.find(token);
  }

  tokenState(token: string): TokenState {
    return this.bySearch.state(token);
  }
}

function match(
  map: Map<string, DomainRecord>,
  token: string,
  field: "secret_token" | "search_token" | "retired_search_token",
): DomainRecord | undefined {
  const d = map.get(digest(token));
  return d && sameSecret(token, d[field] ?? "") ? d : undefined;
}

/** Whether `given` is `secret`, compared in constant time (a length differs at once). */
export function sameSecret(given: string, secret: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}
