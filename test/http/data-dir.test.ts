// The embedded store's data dir and file (issue 34, points 1 and 2), with real processes and a
// real SQLite file. Properties checked:
//  1. one writer per data dir: a second `serve` on a dir a server runs on exits 2 with one line
//     naming the running server's pid, leaves its pid file alone, and the first server's next
//     acknowledged import is there after a restart; `restore --force`, `domain delete` and
//     `backup --to` the live file are refused with the same pid
//  2. two servers started at the same moment on an empty dir: exactly one listens, the others
//     exit 2 with that line; a server killed with -9 leaves no lock behind
//  3. a file that is not whole and Vitrina's is refused at start with one line and exit 2, and
//     left byte for byte as it was: a page overwritten, a file cut in half, a foreign database (with or without a
//     `products` table of its own), a newer schema, a 0-byte file, random bytes; a data dir
//     that is a file is one line too
//  4. a write that finds the file damaged while the server runs answers 503 with a `detail`
//     and `Retry-After`, /ready says why, every later write is refused the same way, and a
//     restart on a good file (the backup) takes writes again
import { Database } from "bun:sqlite";
import { expect, test } from "bun:test";
import { closeSync, openSync, readFileSync, statSync, writeFileSync, writeSync } from "node:fs";
import { join } from "node:path";
import {
  CATEGORIES,
  CLI,
  category,
  createDomain,
  PRODUCTS,
  post,
  product,
  runCli,
  type Service,
  STORE,
  startService,
  tempDir,
} from "./harness.ts";

const embedded = test.skipIf(STORE !== "sqlite");
const dbFile = (dir: string) => join(dir, "vitrina.sqlite");
const hash = (file: string) =>
  new Bun.CryptoHasher("sha256").update(readFileSync(file)).digest("hex");

/** `vitrina serve` on `dir` expected to refuse: its exit code and the last line of stderr. */
async function refusedServe(dir: string) {
  const proc = Bun.spawn(
    [process.execPath, CLI, "serve", "--data-dir", dir, "--listen", "127.0.0.1:0"],
    {
      stdout: "pipe",
      stderr: "pipe",
    },
  );
  const [err, code] = await Promise.all([new Response(proc.stderr).text(), proc.exited]);
  return { code, err: err.trim() };
}

const runningLine = (service: Service) =>
  `vitrina: a server (pid ${service.proc.pid}) is running on ${service.dataDir}: one data dir takes one server (stop that one, or give this one another --data-dir)`;

/** A product with text enough that a few thousand of them fill hundreds of pages. */
const big = (id: string, extra: Record<string, unknown> = {}) =>
  product(id, {
    translations: [
      {
        language: "uk",
        name: `Товар ${id}`,
        url: `https://shop.example/p/${id}`,
        description: `Опис товару ${id} `.repeat(120),
      },
    ],
    ...extra,
  });

embedded(
  "1. one writer per data dir: the second serve, restore, domain delete, backup --to",
  async () => {
    using dir = tempDir();
    using elsewhere = tempDir();
    let first = await startService({ dataDir: dir });
    const shop = await createDomain(first, "locked");
    await post(first, CATEGORIES, shop.secret_token, [category(1)]);
    const pidFile = join(dir, "vitrina.pid");
    expect(readFileSync(pidFile, "utf8")).toBe(`${first.proc.pid}\n`);

    expect(await refusedServe(dir)).toEqual({ code: 2, err: runningLine(first) });
    // The refused server touched neither the pid file nor the first server's writes.
    expect(readFileSync(pidFile, "utf8")).toBe(`${first.proc.pid}\n`);
    const backup = join(elsewhere, "backup.sqlite");
    expect((await runCli(["backup", "--data-dir", dir, "--to", backup])).code).toBe(0);
    const refusals = await Promise.all([
      runCli(["restore", "--from", backup, "--data-dir", dir, "--force"]),
      runCli(["domain", "delete", "locked", "--data-dir", dir]),
      runCli(["backup", "--data-dir", elsewhere, "--to", dbFile(dir), "--force"]),
    ]);
    const pid = `a server (pid ${first.proc.pid}) is running on ${dir}`;
    expect(refusals.map((r) => [r.code, r.err])).toEqual([
      [2, `vitrina: ${pid}: stop it before restoring`],
      [2, `vitrina: ${pid}: delete through it, DELETE /api/v2/admin/domains/locked/`],
      [2, `vitrina: ${pid}: ${dbFile(dir)} is its database; back up to another file`],
    ]);
    expect(readFileSync(pidFile, "utf8")).toBe(`${first.proc.pid}\n`);

    const acknowledged = await post(first, PRODUCTS, shop.secret_token, [product("after")]);
    expect(acknowledged.status).toBe(201);
    expect(await first.stop()).toBe(0);
    expect(() => statSync(pidFile)).toThrow();
    first = await startService({ dataDir: dir });
    const found = await fetch(`${first.url}/api/v2/search/?q=after&token=${shop.search_token}`);
    expect(((await found.json()) as { total: number }).total).toBe(1);
    await first.stop();
  },
);

embedded("2. servers started at the same moment: one runs; kill -9 leaves no lock", async () => {
  using dir = tempDir();
  const args = ["serve", "--data-dir", dir, "--listen", "127.0.0.1:0", "--search-threads", "1"];
  const procs = Array.from({ length: 3 }, () =>
    Bun.spawn([process.execPath, CLI, ...args], { stdout: "pipe", stderr: "pipe" }),
  );
  // The one that runs says so on stdout; the others end.
  const outcomes = await Promise.all(
    procs.map(async (proc) => {
      const reader = proc.stdout.getReader();
      let text = "";
      for (let r = await reader.read(); !r.done; r = await reader.read()) {
        text += new TextDecoder().decode(r.value);
        if (text.includes('"msg":"listening"')) return { pid: proc.pid, listening: true, err: "" };
      }
      return {
        pid: proc.pid,
        listening: false,
        code: await proc.exited,
        err: (await new Response(proc.stderr).text()).trim(),
      };
    }),
  );
  const running = outcomes.filter((o) => o.listening);
  expect(running.length).toBe(1);
  const winner = running[0]?.pid;
  const line = `vitrina: a server (pid ${winner}) is running on ${dir}: one data dir takes one server (stop that one, or give this one another --data-dir)`;
  expect(outcomes.filter((o) => !o.listening)).toEqual([
    { pid: expect.any(Number), listening: false, code: 2, err: line },
    { pid: expect.any(Number), listening: false, code: 2, err: line },
  ]);
  const server = procs.find((p) => p.pid === winner);
  server?.kill("SIGKILL");
  await server?.exited;
  // The pid file names a process that is gone; the lock went with it.
  await using next = await startService({ dataDir: dir });
  expect(readFileSync(join(dir, "vitrina.pid"), "utf8")).toBe(`${next.proc.pid}\n`);
});

embedded(
  "3. a damaged, foreign, newer, empty or random file is refused and left as it was",
  async () => {
    using good = tempDir();
    const service = await startService({ dataDir: good });
    const shop = await createDomain(service, "pages");
    await post(service, CATEGORIES, shop.secret_token, [category(1)]);
    const items = Array.from({ length: 2000 }, (_, i) => big(`p-${i}`));
    expect((await post(service, PRODUCTS, shop.secret_token, items)).status).toBe(201);
    await service.stop();

    const cases: [string, (dir: string) => void, (file: string) => string][] = [
      [
        "a page overwritten",
        (dir) => {
          writeFileSync(dbFile(dir), readFileSync(dbFile(good)));
          // 4 KB of garbage at the start of a page in the middle of the products table.
          const fd = openSync(dbFile(dir), "r+");
          const page = Math.floor(statSync(dbFile(dir)).size / 16384 / 2);
          writeSync(fd, Buffer.alloc(4096, 0x5a), 0, 4096, page * 16384);
          closeSync(fd);
        },
        (file) => `${file} is damaged (`,
      ],
      [
        "another program's database with a products table",
        (dir) => {
          const db = new Database(dbFile(dir));
          db.exec("CREATE TABLE products (sku TEXT PRIMARY KEY, price REAL)");
          db.close();
        },
        (file) => `${file} is not a Vitrina database (tables products): `,
      ],
      [
        "another program's database",
        (dir) => {
          const db = new Database(dbFile(dir));
          db.exec("CREATE TABLE notes (body TEXT); PRAGMA application_id = 1234");
          db.close();
        },
        (file) => `${file} is not a Vitrina database (application_id 1234): `,
      ],
      [
        "a newer schema",
        (dir) => {
          writeFileSync(dbFile(dir), readFileSync(dbFile(good)));
          const db = new Database(dbFile(dir));
          db.exec("PRAGMA user_version = 99");
          db.close();
        },
        (file) => `${file} has schema version 99, newer than this build's `,
      ],
      [
        "a 0-byte file",
        (dir) => writeFileSync(dbFile(dir), ""),
        (file) => `${file} is empty (0 bytes)`,
      ],
      [
        "random bytes",
        (dir) => writeFileSync(dbFile(dir), crypto.getRandomValues(new Uint8Array(65536))),
        (file) => `${file} is damaged (file is not a database)`,
      ],
    ];
    for (const [what, make, start] of cases) {
      using dir = tempDir();
      make(dir);
      const before = hash(dbFile(dir));
      const r = await refusedServe(dir);
      expect([
        what,
        r.code,
        r.err.startsWith(`vitrina: ${start(dbFile(dir))}`),
        r.err.split("\n").length,
      ]).toEqual([what, 2, true, 1]);
      expect([what, hash(dbFile(dir))]).toEqual([what, before]);
    }
    using parent = tempDir();
    const notADir = join(parent, "file");
    writeFileSync(notADir, "x");
    expect(await refusedServe(notADir)).toEqual({
      code: 2,
      err: `vitrina: the data dir ${notADir} is not a directory`,
    });
  },
);

embedded(
  "4. a write that finds the file damaged: 503, /ready says why, writes stop until a good file",
  async () => {
    using dir = tempDir();
    using elsewhere = tempDir();
    let service = await startService({ dataDir: dir, args: ["--search-threads", "1"] });
    const shop = await createDomain(service, "damaged");
    await post(service, CATEGORIES, shop.secret_token, [category(1)]);
    const items = Array.from({ length: 3000 }, (_, i) => big(`d-${i}`));
    expect((await post(service, PRODUCTS, shop.secret_token, items)).status).toBe(201);
    const backup = join(elsewhere, "good.sqlite");
    expect((await runCli(["backup", "--data-dir", dir, "--to", backup])).code).toBe(0);
    // Every committed page into the file itself and the WAL emptied, so that reads go to the
    // file; then 4 KB of garbage into every page past the first few.
    const db = new Database(dbFile(dir));
    db.exec("PRAGMA busy_timeout = 10000");
    expect(db.query("PRAGMA wal_checkpoint(TRUNCATE)").get()).toEqual({
      busy: 0,
      log: 0,
      checkpointed: 0,
    });
    db.close();
    const pages = Math.floor(statSync(dbFile(dir)).size / 16384);
    const fd = openSync(dbFile(dir), "r+");
    for (let page = 8; page < pages; page++)
      writeSync(fd, Buffer.alloc(4096, 0x5a), 0, 4096, page * 16384);
    closeSync(fd);

    const updates = items.map((p) => ({ ...p, new_price: 150 }));
    const refused = await fetch(`${service.url}${PRODUCTS}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-secret-token": shop.secret_token },
      body: JSON.stringify(updates),
    });
    const detail = await refused.json();
    expect([refused.status, refused.headers.get("retry-after"), detail]).toEqual([
      503,
      "60",
      {
        detail:
          "The database file is damaged (database disk image is malformed): nothing of this request was stored, and this server takes no more writes until it is restarted on a good file.",
      },
    ]);
    const fault =
      "the database file is damaged (database disk image is malformed): writes are refused until the server is restarted on a good file";
    const ready = await fetch(`${service.url}/ready`);
    expect([ready.status, await ready.json()]).toEqual([
      503,
      {
        detail: `Not ready: ${fault}.`,
        ready: false,
        pending: [],
        store: "damaged",
        fault,
      },
    ]);
    // Also a write that would not have touched a damaged page.
    const later = await post(service, CATEGORIES, shop.secret_token, [category(2)]);
    expect([later.status, later.body]).toEqual([503, detail]);
    await service.stop();

    expect((await refusedServe(dir)).code).toBe(2);
    expect((await runCli(["restore", "--from", backup, "--data-dir", dir, "--force"])).code).toBe(
      0,
    );
    service = await startService({ dataDir: dir });
    expect((await post(service, PRODUCTS, shop.secret_token, updates.slice(0, 10))).status).toBe(
      200,
    );
    expect((await fetch(`${service.url}/ready`)).status).toBe(200);
    await service.stop();
  },
);
