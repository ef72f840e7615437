import { OPTIONS } from "../config.ts";
import { AppError, Refused } from "../errors.ts";
import { GRACE_PARAM, parseGrace } from "../http/admin/token-grace.ts";
import { SEARCH_TOKEN_GRACE } from "../tenancy/domains.ts";
import type { Command, CommandInput } from "./command.ts";

// The CLI's table: one row per command. A later command is one more row.

/** The flags of every command that opens the primary store. */
const STORE = [
  "data-dir",
  "redis-url",
  "redis-cluster",
  "redis-wait-replicas",
  "redis-wait-ms",
  "redis-timeout",
  "sync",
];

/** `serve` takes every configuration flag, also those added later to config.ts. */
const SERVE_FLAGS = Object.values(OPTIONS).map((o) => o.flag);

/** Opens the store and the domains for a command, and closes them after. */
async function withDomains<T>(
  input: CommandInput,
  work: (d: {
    domains: import("../tenancy/domains.ts").Domains;
    log: import("../store/store.ts").ChangeLog;
    store: import("../store/store.ts").PrimaryStore;
  }) => Promise<T>,
): Promise<T> {
  const { openStore } = await import("../store/open-store.ts");
  const { Domains } = await import("../tenancy/domains.ts");
  const { store, log } = await openStore(input.config);
  try {
    const domains = new Domains(store);
    await domains.load();
    return await work({ domains, log, store });
  } finally {
    await store.close();
  }
}

/**
 * Takes the embedded data dir's lock for a command that must not run beside a server; refused
 * with `refusal(holder)` while another process holds it. Returns the release.
 */
async function lockedDataDir(
  dataDir: string,
  command: string,
  refusal: (holder: string) => string,
): Promise<() => void> {
  const { holderText, isHolder, lockDataDir } = await import("../store/sqlite/data-dir-lock.ts");
  const lock = lockDataDir(dataDir, command);
  if (isHolder(lock)) throw new Refused(refusal(holderText(lock)));
  return () => lock.release();
}

/** A domain as the CLI prints it: one JSON line. */
const printDomain = (d: { name: string; secret_token: string; search_token: string }) =>
  console.log(
    JSON.stringify({ name: d.name, secret_token: d.secret_token, search_token: d.search_token }),
  );

export const COMMANDS: readonly Command[] = [
  {
    name: "serve",
    usage:
      "[--data-dir DIR] [--listen HOST:PORT] [--admin-key KEY] [--demo] [--redis-url URL | --redis-cluster HOST:PORT,...]",
    summary: "Runs the HTTP service (import, search, admin API, /health, /ready, /metrics).",
    config: SERVE_FLAGS,
    run: async ({ config }) => (await import("./serve.ts")).serve(config),
  },
  {
    name: "domain create",
    usage: "NAME [--data-dir DIR | --redis-url URL | --redis-cluster HOST:PORT,...]",
    summary: "Creates a domain and prints its name and tokens as one JSON line.",
    config: STORE,
    args: 1,
    run: (input) =>
      withDomains(input, async ({ domains }) => {
        printDomain(await domains.create(input.args[0] as string));
        return 0;
      }),
  },
  {
    name: "domain list",
    usage: "[--data-dir DIR | --redis-url URL | --redis-cluster HOST:PORT,...]",
    summary: "Prints every domain and its tokens, one JSON line each.",
    config: STORE,
    run: (input) =>
      withDomains(input, async ({ domains }) => {
        for (const d of domains.all()) printDomain(d);
        return 0;
      }),
  },
  {
    name: "domain rotate-tokens",
    usage:
      "NAME [GRACE_SECONDS] [--data-dir DIR | --redis-url URL | --redis-cluster HOST:PORT,...]",
    summary:
      "Gives the domain new tokens and prints them: the old secret token stops at once, the old search token answers GRACE_SECONDS more (default 86400, 0 = at once, at most 30 days).",
    config: STORE,
    args: [1],
    run: (input) => {
      const [name, graceText, ...rest] = input.args as [string, ...string[]];
      const grace = parseGrace(
        new URL(`http://cli/?${graceText === undefined ? "" : `${GRACE_PARAM}=${graceText}`}`),
      );
      if (rest.length > 0 || !grace.ok) {
        console.error(`GRACE_SECONDS must be a whole number from 0 to ${SEARCH_TOKEN_GRACE.max}.`);
        return Promise.resolve(2);
      }
      return withDomains(input, async ({ domains }) => {
        printDomain(await domains.rotateTokens(name, grace.seconds));
        return 0;
      });
    },
  },
  {
    name: "domain origins",
    usage: "NAME [ORIGIN...] [--data-dir DIR | --redis-url URL | --redis-cluster HOST:PORT,...]",
    summary:
      "Sets the only sites (https://host[:port]) whose pages may search the domain; no ORIGIN opens search to every site again. Embedded mode: a running server sees it after a restart (use PUT /api/v2/admin/domains/NAME/origins/).",
    config: STORE,
    args: [1],
    run: (input) =>
      withDomains(input, async ({ domains }) => {
        const [name, ...origins] = input.args as [string, ...string[]];
        const d = await domains.setOrigins(name, origins);
        console.log(JSON.stringify({ name: d.name, allowed_origins: d.allowed_origins ?? [] }));
        return 0;
      }),
  },
  {
    name: "domain delete",
    usage: "NAME [--data-dir DIR | --redis-url URL | --redis-cluster HOST:PORT,...]",
    summary:
      "Deletes the domain: its catalog, change log, analytics and tokens. Redis mode: running nodes drop its index. Embedded mode: refused while a server runs on the dir (use DELETE /api/v2/admin/domains/NAME/).",
    config: STORE,
    args: 1,
    run: async (input) => {
      const name = input.args[0] as string;
      // Embedded mode: the server's indexes and ids would not know of it, and a server started
      // meanwhile would serve it half deleted: the data dir is this command's while it runs.
      const release = input.config.redis
        ? () => {}
        : await lockedDataDir(
            input.config.dataDir,
            "domain delete",
            (holder) =>
              `${holder} is running on ${input.config.dataDir}: delete through it, DELETE /api/v2/admin/domains/${name}/`,
          );
      try {
        return await withDomains(input, async ({ domains }) => {
          const d = await domains.delete(name);
          console.log(JSON.stringify({ name: d.name, deleted: true }));
          return 0;
        });
      } finally {
        release();
      }
    },
  },
  ...(["block", "unblock"] as const).map(
    (verb): Command => ({
      name: `suggestion ${verb}`,
      usage: "DOMAIN TEXT... [--data-dir DIR | --redis-url URL | --redis-cluster HOST:PORT,...]",
      summary: `${verb === "block" ? "Blocks" : "Unblocks"} a past query as a suggestion of the domain (running servers follow within --suggestion-refresh seconds).`,
      config: STORE,
      args: [2],
      run: (input) => suggestionCommand(input, verb),
    }),
  ),
  {
    name: "suggestion list",
    usage: "DOMAIN [--data-dir DIR | --redis-url URL | --redis-cluster HOST:PORT,...]",
    summary: "Prints the domain's blocked suggestions as one JSON line.",
    config: STORE,
    args: 1,
    run: (input) => suggestionCommand(input, "list"),
  },
  {
    name: "reindex",
    usage: "DOMAIN [--data-dir DIR | --redis-url URL | --redis-cluster HOST:PORT,...]",
    summary: "Asks every node to rebuild the domain's index from the primary store.",
    config: STORE,
    args: 1,
    run: (input) =>
      withDomains(input, async ({ domains, log }) => {
        const { AppError } = await import("../errors.ts");
        const name = input.args[0] as string;
        const d = domains.byDomainName(name);
        if (!d) throw new AppError("domain_not_found", { name });
        console.log(JSON.stringify({ domain: d.name, reindex_seq: await log.appendReindex(d.id) }));
        return 0;
      }),
  },
  {
    name: "feed import",
    usage:
      "FILE|URL|- --domain NAME [--format auto|yml|hotline|google|csv] [--dry-run] [--force] [--delete-missing] [--json] [--data-dir DIR | --redis-url URL | --redis-cluster HOST:PORT,...]",
    summary:
      "Imports a price feed (YML, Hotline, Google Merchant, CSV) into the domain, as POST /api/v2/content/feed/ does; a progress line on a terminal, then the run's summary (--json: its result). A run is a diff: unchanged offers are not written, the products the feed lacks become unavailable (--delete-missing: are deleted); one that would make more than half of the store go is refused unless --force. Exit 0 when all of it was imported, 1 when some offers or categories failed, 2 when nothing was (a usage error, broken XML, a fetch that failed, the half refused). Embedded mode: refused while a server runs on the dir (import through it).",
    config: [...STORE, "max-items", "max-bytes", "feed-max-bytes", "feed-timeout"],
    own: {
      domain: "NAME",
      format: "FORMAT",
      "dry-run": "switch",
      force: "switch",
      "delete-missing": "switch",
      json: "switch",
    },
    args: 1,
    run: async (input) => {
      const { feedArgs, feedBytes, feedImport } = await import("./feed-import.ts");
      const args = feedArgs(input.args[0] as string, input.own);
      // A file that is not there is told before the store is opened (a URL is read later).
      const feed = feedBytes(args.source, input.config);
      // Embedded mode: the server's index would not see the writes. A dry run writes nothing.
      const release =
        input.config.redis || args.dryRun
          ? () => {}
          : await lockedDataDir(
              input.config.dataDir,
              "feed import",
              (holder) =>
                `${holder} is running on ${input.config.dataDir}: import through it, POST /api/v2/content/feed/ with the domain's secret token`,
            );
      try {
        return await withDomains(input, (opened) => feedImport(args, feed, input.config, opened));
      } finally {
        release();
      }
    },
  },
  {
    name: "backup",
    usage: "--to FILE [--data-dir DIR] [--force]",
    summary:
      "Writes a consistent copy of the embedded store to FILE, also while a server writes to it. Redis mode: back up Redis itself (docs/OPERATIONS.md).",
    config: STORE,
    own: { to: "FILE", force: "switch" },
    run: async ({ own, config }) => {
      if (config.redis)
        throw new Refused(
          "backup copies the embedded SQLite store; in Redis mode back up Redis itself (BGSAVE and copy dump.rdb, or copy the AOF directory): see docs/OPERATIONS.md",
        );
      const to = own.get("to");
      if (!to) throw new Refused("backup needs --to FILE");
      const { backup } = await import("./backup.ts");
      console.log(JSON.stringify(backup(config.dataDir, to, { force: own.has("force") })));
      return 0;
    },
  },
  {
    name: "restore",
    usage: "--from FILE [--data-dir DIR] [--force]",
    summary:
      "Makes a backup the data dir's database. Refused while a server runs on the dir, and over an existing database without --force.",
    config: ["data-dir", "redis-url", "redis-cluster"],
    own: { from: "FILE", force: "switch" },
    run: async ({ own, config }) => {
      if (config.redis)
        throw new Refused(
          "restore writes the embedded SQLite store; in Redis mode restore Redis itself: see docs/OPERATIONS.md",
        );
      const from = own.get("from");
      if (!from) throw new Refused("restore needs --from FILE");
      const { restore } = await import("./backup.ts");
      console.log(JSON.stringify(restore(from, config.dataDir, { force: own.has("force") })));
      return 0;
    },
  },
  {
    name: "bench",
    // The same line as bench's own usage (test/cli.test.ts checks that they agree).
    usage:
      "[--products N] [--seconds S] [--seed N] [--probes N] [--redis | --redis-url URL] [--no-write]",
    summary: "Runs the benchmark suite and writes its figures into BENCHMARKS.md.",
    // The benchmark suite is a script of its own that checks its own flags: src/ never imports
    // bench/ (test/layers.test.ts).
    raw: (argv) => {
      const suite = Bun.fileURLToPath(new URL("../../bench/service-targets.ts", import.meta.url));
      return Bun.spawn([process.execPath, suite, ...argv], {
        stdio: ["inherit", "inherit", "inherit"],
      }).exited;
    },
  },
];

/**
 * `suggestion block|unblock DOMAIN TEXT...`, `suggestion list DOMAIN`: the operator's block list
 * of past queries shown as suggestions, kept in the primary store.
 */
async function suggestionCommand(
  input: CommandInput,
  verb: "block" | "unblock" | "list",
): Promise<number> {
  const [domainName, ...words] = input.args as [string, ...string[]];
  const { blockedForm, SUGGESTION_MAX_CHARS, SUGGESTION_MAX_WORDS } = await import(
    "../analytics/query-text.ts"
  );
  const { openStore } = await import("../store/open-store.ts");
  const { store } = await openStore(input.config);
  try {
    const domain = (await store.listDomains()).find((d) => d.name === domainName);
    if (!domain) throw new AppError("domain_not_found", { name: domainName });
    if (verb === "list")
      console.log(
        JSON.stringify({ domain: domain.name, blocked: await store.blockedSuggestions(domain.id) }),
      );
    else {
      const text = blockedForm(words.join(" "));
      if (text === null)
        throw new AppError("invalid_suggestion", {
          chars: SUGGESTION_MAX_CHARS,
          words: SUGGESTION_MAX_WORDS,
        });
      const changed = await store.setSuggestionBlocked(domain.id, text, verb === "block");
      console.log(JSON.stringify({ domain: domain.name, [verb]: text, changed }));
    }
    return 0;
  } finally {
    await store.close();
  }
}
