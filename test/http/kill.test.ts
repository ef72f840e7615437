// The kill harness, short form (issue 12 point 7; PRODUCT.md "Import": a batch is one
// transaction, an acknowledged item is never lost). 24 kill -9s of the service in the middle of
// import storms by 3 concurrent clients (20-200 products a batch, updates of each client's own
// products, new products, and updates of products every client writes); in Redis mode every
// 4th kill takes the private redis-server (AOF, appendfsync always) down too. After each
// restart on the same data:
//  1. every acknowledged item holds its last acknowledged values in the store (or those of a
//     write that may have been applied after it: one in flight at the kill, or another
//     client's overlapping request), and nothing that was never sent is stored
//  2. a batch never acknowledged is stored whole or not at all
//  3. the index converges to the store: every stored product is found with its stored name and
//     price, nothing else is, and a search by code finds the product
// The seed is printed; VITRINA_KILL_SEED=N repeats a run's batches (the kill moments follow
// the clock). The long form: bench/kill.ts.
import { expect, test } from "bun:test";
import { runKillStorm } from "./kill-storm.ts";

const seed = Number(process.env.VITRINA_KILL_SEED) || Math.floor(Math.random() * 2 ** 32);

test("24 kill -9s in import storms lose nothing acknowledged", async () => {
  console.log(`[kill] seed ${seed} (VITRINA_KILL_SEED=${seed} to repeat)`);
  const report = await runKillStorm({
    seed,
    kills: 24,
    clients: 3,
    batch: { min: 20, max: 200 },
    productsPerClient: 300,
    shared: 30,
    killWithinMs: 250,
    redisKillEvery: 4,
    convergeMs: 30_000,
    log: () => {},
  });
  console.log(`[kill] ${JSON.stringify({ ...report, violations: report.violations.length })}`);
  expect(report.violations).toEqual([]);
  expect(report.kills).toBe(24);
  expect(report.acknowledgedBatches).toBeGreaterThanOrEqual(24);
  // Kills came during price streams too: stored products whose last write changed only a price.
  expect(report.offerOnlyChecked).toBeGreaterThan(0);
}, 600_000);
