// The kill harness, long form (issue 12 point 7; the short form runs in the suite as
// test/http/kill.test.ts): N kill -9s of the service in the middle of import storms, a restart
// on the same data after each, and the store and the index checked against every acknowledged
// batch (test/http/kill-storm.ts says how).
//   bun bench/kill.ts [--kills 100] [--minutes M] [--batch 500 | --batch 20-200] [--clients 2]
//                     [--seed N] [--products PER_CLIENT] [--shared 30] [--kill-within 500]
//                     [--redis-kill-every 4]
// --minutes stops after the round that passes the budget, with fewer kills if the machine is slow.
// Redis mode (a private redis-server with AOF, appendfsync always, killed with the service
// every Nth kill): VITRINA_TEST_STORE=redis bun bench/kill.ts …
// Prints one line per kill, then the figures as JSON; exits 1 on any loss.
import { ConfigError } from "../src/config.ts";
import { STORE } from "../test/http/harness.ts";
import { runKillStorm } from "../test/http/kill-storm.ts";
import { commandSpec, flag, flagsOf } from "./suite/flags.ts";

const values = flagsOf(
  commandSpec({
    command: "bun bench/kill.ts",
    about: `The kill harness, long form: kill -9s of the service in the middle of import storms, a
restart after each, the store and the index checked against every acknowledged batch.
VITRINA_TEST_STORE=redis for the Redis mode.`,
    flags: {
      kills: flag.int(100, "kill -9s"),
      minutes: flag.int(null, "stop after this many minutes, whatever the kills"),
      batch: flag.text("500", "items per batch, or MIN-MAX for a range", "N|MIN-MAX"),
      clients: flag.int(2, "clients importing at once"),
      seed: flag.int(null, "the storm's seed (default: a random one, printed)", { min: 0 }),
      products: flag.int(null, "products per client (default 4 batches' worth)", {
        value: "PER_CLIENT",
      }),
      shared: flag.int(30, "products that every client updates", { min: 0 }),
      killWithin: flag.int(
        500,
        "the kill falls up to this many ms after a round's first acknowledgement",
        {
          min: 0,
        },
      ),
      redisKillEvery: flag.int(
        4,
        "Redis mode: every Nth kill takes redis-server down too (0: never)",
        {
          min: 0,
        },
      ),
    },
  }),
  (values) => {
    const [low = "", high = low] = values.batch.split("-");
    const batch = { min: Number(low), max: Number(high) };
    if (
      ![batch.min, batch.max].every((n) => Number.isSafeInteger(n) && n >= 1) ||
      batch.min > batch.max
    )
      throw new ConfigError(`--batch takes N or MIN-MAX with 1 <= MIN <= MAX, not ${values.batch}`);
    return { ...values, batch };
  },
);

const batch = values.batch;
const seed = values.seed ?? Math.floor(Math.random() * 2 ** 32);
const options = {
  seed,
  kills: values.kills,
  budgetMs: values.minutes === null ? undefined : values.minutes * 60_000,
  clients: values.clients,
  batch,
  // Enough products that updates rarely meet in one batch twice, a few batches' worth.
  productsPerClient: values.products ?? 4 * batch.max,
  shared: values.shared,
  killWithinMs: values.killWithin,
  redisKillEvery: values.redisKillEvery,
  convergeMs: 120_000,
  log: (line: string) => console.log(line),
};
console.log(`[kill] ${STORE} mode, ${JSON.stringify({ ...options, log: undefined })}`);
const report = await runKillStorm(options);
for (const v of report.violations) console.log(`[kill] VIOLATION ${v}`);
console.log(JSON.stringify(report));
process.exit(report.violations.length > 0 ? 1 : 0);
