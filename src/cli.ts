#!/usr/bin/env bun
import { blockedForm } from "./analytics/query-text.ts";
import { type Config, ConfigError, loadConfig, parseArgs } from "./config.ts";
import { AppError } from "./errors.ts";
import { startServer } from "./server.ts";
import { openStore } from "./store/open-store.ts";
import { Domains } from "./tenancy/domains.ts";

const USAGE = `vitrina: catalog import and product search

  vitrina serve [--data-dir DIR] [--listen HOST:PORT] [--admin-key KEY] [--demo]
  vitrina domain create NAME [--data-dir DIR]
  vitrina domain list [--data-dir DIR]
  vitrina domain rotate-tokens NAME [--data-dir DIR]
  vitrina reindex DOMAIN [--data-dir DIR]
  vitrina suggestion block|unblock DOMAIN TEXT [--data-dir DIR]
  vitrina suggestion list DOMAIN [--data-dir DIR]
  vitrina bench [--products 100000] [--seconds 15] [--redis | --redis-url URL] [--no-write]

Every flag can also be set by its VITRINA_* variable (--data-dir is VITRINA_DATA_DIR).`;

async function main(argv: string[]): Promise<number> {
  if (argv[0] === "bench") {
    // The benchmark suite lives beside the code it measures and takes its own flags.
    const { benchCommand } = await import("../bench/suite/run.ts");
    return benchCommand(argv.slice(1));
  }
  const { positional, flags } = parseArgs(argv);
  const config = loadConfig(flags);
  const [command, sub, name] = positional;
  if (command === "serve") return serve(config);
  if (command === "suggestion") return suggestionCommand(config, positional.slice(1));
  if (command === "domain" || command === "reindex") {
    const { store, log } = await openStore(config);
    const domains = new Domains(store);
    await domains.load();
    try {
      const one = (d: { name: string; secret_token: string; search_token: string }) =>
        JSON.stringify({
          name: d.name,
          secret_token: d.secret_token,
          search_token: d.search_token,
        });
      if (command === "reindex" && sub) {
        const d = domains.byDomainName(sub);
        if (!d) throw new AppError("domain_not_found", { name: sub });
        console.log(JSON.stringify({ domain: d.name, reindex_seq: await log.appendReindex(d.id) }));
        return 0;
      }
      if (sub === "create" && name) console.log(one(await domains.create(name)));
      else if (sub === "list") for (const d of domains.all()) console.log(one(d));
      else if (sub === "rotate-tokens" && name) console.log(one(await domains.rotateTokens(name)));
      else {
        console.error(USAGE);
        return 2;
      }
      return 0;
    } finally {
      await store.close();
    }
  }
  console.error(USAGE);
  return command ? 2 : 0;
}

/**
 * `suggestion block|unblock DOMAIN TEXT`, `suggestion list DOMAIN`: the operator's block list of
 * past queries shown as suggestions. Running servers pick a change up within
 * --suggestion-refresh seconds.
 */
async function suggestionCommand(config: Config, args: string[]): Promise<number> {
  const [sub, domainName, ...words] = args;
  const text = blockedForm(words.join(" "));
  const change = sub === "block" || sub === "unblock" ? text : null;
  if (!domainName || (change === null && (sub !== "list" || words.length > 0))) {
    console.error(USAGE);
    return 2;
  }
  const { store } = await openStore(config);
  try {
    const domain = (await store.listDomains()).find((d) => d.name === domainName);
    if (!domain) throw new AppError("domain_not_found", { name: domainName });
    if (change !== null) {
      const changed = await store.setSuggestionBlocked(domain.id, change, sub === "block");
      console.log(JSON.stringify({ domain: domain.name, [sub as string]: change, changed }));
    } else
      console.log(
        JSON.stringify({ domain: domain.name, blocked: await store.blockedSuggestions(domain.id) }),
      );
    return 0;
  } finally {
    await store.close();
  }
}

async function serve(config: ReturnType<typeof loadConfig>): Promise<number> {
  const server = await startServer(config);
  if (config.demo) {
    const { loadDemo } = await import("./demo/load-demo.ts");
    await loadDemo(server);
  }
  console.log(JSON.stringify({ level: "info", msg: "listening", url: server.url }));
  await new Promise<void>((resolve) => {
    const stop = () => resolve();
    process.once("SIGTERM", stop);
    process.once("SIGINT", stop);
  });
  await server.stop();
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    if (error instanceof ConfigError || error instanceof AppError) {
      console.error(`vitrina: ${error.message}`);
      process.exit(2);
    }
    console.error(error);
    process.exit(1);
  },
);
