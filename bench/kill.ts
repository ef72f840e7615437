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
import { parseArgs } from "node:util";
import { STORE } from "../test/http/harness.ts";
import { runKillStorm } from "../test/http/kill-storm.ts";

const { values } = parseArgs({
  options: {
    kills: { type: "string", default: "100" },
    minutes: { type: "string" },
    batch: { type: "string", default: "500" },
    clients: { type: "string", default: "2" },
    seed: { type: "string" },
    products: { type: "string" },
    shared: { type: "string", default: "30" },
    "kill-within": { type: "string", default: "500" },
    "redis-kill-every": { type: "string", default: "4" },
  },
});

/** A whole number of at least `min`, or exit 2 saying which flag is wrong. */
const whole = (flag: string, value: string | undefined, min: number): number => {
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < min) {
    console.error(`bench/kill.ts: --${flag} must be a whole number of at least ${min}`);
    process.exit(2);
  }
  return n;
};

const [low, high = low] = values.batch.split("-");
const batch = { min: whole("batch", low, 1), max: whole("batch", high, 1) };
if (batch.min > batch.max) {
  console.error("bench/kill.ts: --batch MIN-MAX needs MIN <= MAX");
  process.exit(2);
}
const seed = values.seed ? whole("seed", values.seed, 0) : Math.floor(Math.random() * 2 ** 32);
const options = {
  seed,
  kills: whole("kills", values.kills, 1),
  budgetMs: values.minutes ? whole("minutes", values.minutes, 1) * 60_000 : undefined,
  clients: whole("clients", values.clients, 1),
  batch,
  // Enough products that updates rarely meet in one batch twice, a few batches' worth.
  productsPerClient: values.products ? whole("products", values.products, 1) : 4 * batch.max,
  shared: whole("shared", values.shared, 0),
  killWithinMs: whole("kill-within", values["kill-within"], 0),
  redisKillEvery: whole("redis-kill-every", values["redis-kill-every"], 0),
  convergeMs: 120_000,
  log: (line: string) => console.log(line),
};
console.log(`[kill] ${STORE} mode, ${JSON.stringify({ ...options, log: undefined })}`);
const report = await runKillStorm(options);
for (const v of report.violations) console.log(`[kill] VIOLATION ${v}`);
console.log(JSON.stringify(report));
process.exit(report.violations.length > 0 ? 1 : 0);
