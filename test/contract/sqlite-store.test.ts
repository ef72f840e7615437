import { SqliteStore } from "../../src/store/sqlite/sqlite-store.ts";
import { tempDir } from "../http/harness.ts";
import { runStoreContract } from "./store.case.ts";

runStoreContract("sqlite", async () => {
  const dir = tempDir();
  const store = new SqliteStore(dir);
  return {
    store,
    [Symbol.asyncDispose]: async () => {
      await store.close();
      dir[Symbol.dispose]();
    },
  };
});
