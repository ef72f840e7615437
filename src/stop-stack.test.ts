// The stop stack:
//  1. stops run in the reverse order of their registration, each awaited before the next
//  2. a stop that fails does not keep the others from running
//  3. a second stop has nothing left to run
import { expect, test } from "bun:test";
import { StopStack } from "./stop-stack.ts";

test("1-3. reverse order, awaited, failures passed over, once", async () => {
  const ran: string[] = [];
  const stops = new StopStack();
  stops.push("store", () => ran.push("store"));
  stops.push("writer", async () => {
    await Bun.sleep(1);
    ran.push("writer");
  });
  stops.push("broken", () => {
    throw new Error("no");
  });
  stops.push("listen", () => ran.push("listen"));
  await stops.stop();
  expect(ran).toEqual(["listen", "writer", "store"]);
  await stops.stop();
  expect(ran).toEqual(["listen", "writer", "store"]);
});
