// Storage faults of the embedded store (issue 34, faults 4 and 11, deliverable 3), made for real:
// a tmpfs filled to its last block, a WAL made immutable (`chattr +i`, which stops root too), a
// data dir on a read-only mount. Properties checked:
//  1. a full disk: an import answers 507 with a `detail` naming it and `Retry-After`, /ready is
//     503 with `store: "full"` while it lasts, nothing of the refused batch is stored; once
//     space is freed the next write succeeds and /ready is 200 again
//  2. a database file that cannot be written: 503 naming it, /ready `store: "read_only"`, the
//     same recovery once it can be written again
//  3. a start on a full disk (new store or old), a read-only data dir or database file, a
//     truncated file: one line and exit 2, no stack; nothing half-made is left behind
import { expect, test } from "bun:test";
import {
  closeSync,
  copyFileSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statfsSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import { join } from "node:path";
import {
  CATEGORIES,
  CLI,
  category,
  createDomain,
  PRODUCTS,
  post,
  product,
  type Service,
  STORE,
  startService,
  tempDir,
} from "./harness.ts";

const run = (args: string[]) => Bun.spawnSync(args, { stdout: "pipe", stderr: "pipe" });

/** A tmpfs of `size` mounted on a fresh dir; unmounted (and the dir removed) by `using`. */
function tmpfs(size: string, options = "") {
  const dir = tempDir("vitrina-tmpfs-");
  const mounted = run(["mount", "-t", "tmpfs", "-o", `size=${size}${options}`, "tmpfs", dir]);
  if (mounted.exitCode !== 0) throw new Error(`mount: ${mounted.stderr}`);
  return Object.assign(String(dir), {
    [Symbol.dispose]: () => {
      run(["umount", "-l", String(dir)]);
      dir[Symbol.dispose]();
    },
  });
}

// Root and a kernel that lets it mount: else these faults cannot be made here.
const canMount = (() => {
  try {
    using _ = tmpfs("1m");
    return true;
  } catch {
    return false;
  }
})();
const canChattr = run(["which", "chattr"]).exitCode === 0;
if (!canMount) console.warn("storage-faults: skipped, `mount -t tmpfs` is not allowed here");
const faults = test.skipIf(STORE !== "sqlite" || !canMount);

/** Writes a file until the disk has no block left; returns it (removing it frees the space). */
function fill(dir: string): string {
  const file = join(dir, "filler");
  const fd = openSync(file, "w");
  try {
    for (const size of [1 << 20, 1 << 16, 1 << 12, 512, 1]) {
      const chunk = Buffer.alloc(size, 1);
      try {
        for (;;) writeSync(fd, chunk);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ENOSPC") throw error;
      }
    }
  } finally {
    closeSync(fd);
  }
  expect(statfsSync(dir).bavail).toBe(0);
  return file;
}

/** A product with text enough that a batch of them needs many pages. */
const big = (id: string) =>
  product(id, {
    translations: [
      {
        language: "uk",
        name: `Товар ${id}`,
        url: `https://shop.example/p/${id}`,
        description: `Опис товару ${id} `.repeat(100),
      },
    ],
  });

const batch = (prefix: string, n: number) =>
  Array.from({ length: n }, (_, i) => big(`${prefix}-${i}`));

async function answer(r: Response) {
  return [r.status, r.headers.get("retry-after"), await r.json()];
}
const ready = async (s: Service) => answer(await fetch(`${s.url}/ready`));
async function importing(s: Service, token: string, items: unknown[]) {
  return answer(
    await fetch(`${s.url}${PRODUCTS}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-secret-token": token },
      body: JSON.stringify(items),
    }),
  );
}
const found = async (s: Service, token: string, q: string) =>
  (
    (await (await fetch(`${s.url}/api/v2/search/?q=${q}&token=${token}`)).json()) as {
      total: number;
    }
  ).total;

/** What `ask` answers once it answers `wanted`, or after 5 s: the index follows the store asynchronously. */
async function eventually<T>(ask: () => Promise<T>, wanted: T): Promise<T> {
  let got = await ask();
  for (
    const deadline = Date.now() + 5000;
    !Bun.deepEquals(got, wanted) && Date.now() < deadline;
  ) {
    await Bun.sleep(20);
    got = await ask();
  }
  return got;
}
const READY = [200, null, { status: "ready" }];

const notReady = (fault: string, store: string) => [
  503,
  null,
  { detail: `Not ready: ${fault}.`, ready: false, pending: [], store, fault },
];

faults("1. a full disk: 507 naming it, /ready says so while it lasts, nothing stored", async () => {
  using disk = tmpfs("8m");
  await using service = await startService({ dataDir: disk, args: ["--search-threads", "1"] });
  const shop = await createDomain(service, "full");
  await post(service, CATEGORIES, shop.secret_token, [category(1)]);
  expect((await importing(service, shop.secret_token, batch("before", 10)))[0]).toBe(201);
  expect(await eventually(() => ready(service), READY)).toEqual(READY);

  const filler = fill(disk);
  expect(await importing(service, shop.secret_token, batch("refused", 300))).toEqual([
    507,
    "30",
    {
      detail:
        "The disk of the database file is full (database or disk is full): nothing of this request was stored. Free space on it, or retry after 30 s.",
    },
  ]);
  expect(await ready(service)).toEqual(
    notReady("the disk of the database file is full: writes fail until space is freed", "full"),
  );
  expect(await found(service, shop.search_token, "refused")).toBe(0);

  rmSync(filler);
  expect((await importing(service, shop.secret_token, batch("after", 10)))[0]).toBe(201);
  expect(await ready(service)).toEqual([200, null, { status: "ready" }]);
  expect(await eventually(() => found(service, shop.search_token, "after"), 10)).toBe(10);
  expect(await found(service, shop.search_token, "refused")).toBe(0);
  // Logged as the refusal it is (the request line's status), not as a 500.
  expect(service.output()).toContain(`"route":"${PRODUCTS}","status":507`);
  expect(service.output()).not.toContain('"status":500');
});

faults.skipIf(!canChattr)(
  "2. a database file that cannot be written: 503 naming it, /ready says so, then recovers",
  async () => {
    using dir = tempDir();
    await using service = await startService({ dataDir: dir, args: ["--search-threads", "1"] });
    const shop = await createDomain(service, "read-only");
    await post(service, CATEGORIES, shop.secret_token, [category(1)]);
    expect((await importing(service, shop.secret_token, batch("before", 10)))[0]).toBe(201);
    expect(await eventually(() => ready(service), READY)).toEqual(READY);
    const files = ["vitrina.sqlite", "vitrina.sqlite-wal"].map((f) => join(dir, f));
    const chattr = (flag: string) => expect(run(["chattr", flag, ...files]).exitCode).toBe(0);
    chattr("+i");
    try {
      expect(await importing(service, shop.secret_token, batch("refused", 10))).toEqual([
        503,
        "30",
        {
          detail:
            "The database file cannot be written (vitrina.sqlite: EPERM): nothing of this request was stored. Make it writable, or retry after 30 s.",
        },
      ]);
      expect(await ready(service)).toEqual(
        notReady(
          "the database file cannot be written (vitrina.sqlite: EPERM): writes fail until it can",
          "read_only",
        ),
      );
    } finally {
      chattr("-i");
    }
    expect((await importing(service, shop.secret_token, batch("after", 10)))[0]).toBe(201);
    expect(await ready(service)).toEqual([200, null, { status: "ready" }]);
    expect(await eventually(() => found(service, shop.search_token, "after"), 10)).toBe(10);
    expect(await found(service, shop.search_token, "refused")).toBe(0);
  },
);

/** `vitrina serve` on `dir` expected to refuse: its exit code and stderr. */
async function refusedServe(dir: string) {
  const proc = Bun.spawn(
    [process.execPath, CLI, "serve", "--data-dir", dir, "--listen", "127.0.0.1:0"],
    { stdout: "pipe", stderr: "pipe" },
  );
  // One that starts after all is killed, and fails the test by its code.
  const timer = setTimeout(() => proc.kill("SIGKILL"), 15_000);
  const [err, code] = await Promise.all([new Response(proc.stderr).text(), proc.exited]);
  clearTimeout(timer);
  return { code, err: err.trim() };
}

faults("3. refusals at start: one line and exit 2, nothing half-made left", async () => {
  // A store to copy: a few hundred pages.
  using good = tempDir();
  const service = await startService({ dataDir: good });
  const shop = await createDomain(service, "start");
  await post(service, CATEGORIES, shop.secret_token, [category(1)]);
  expect((await importing(service, shop.secret_token, batch("p", 500)))[0]).toBe(201);
  await service.stop();
  const goodFile = join(good, "vitrina.sqlite");
  const file = (dir: string) => join(dir, "vitrina.sqlite");

  // A full disk, with a store and without; a few sizes of what is left, since each fails at
  // another step (the lock, the new file, its WAL, the WAL's index).
  for (const left of [0, 8, 24]) {
    for (const withStore of [false, true]) {
      using disk = tmpfs("4m");
      if (withStore) copyFileSync(goodFile, file(disk));
      const filler = fill(disk);
      if (left) writeFileSync(filler, readFileSync(filler).subarray(0, -left * 1024));
      const r = await refusedServe(disk);
      const what = `${left} KiB left, ${withStore ? "a store" : "no store"}`;
      expect([what, r.code, r.err.split("\n").length]).toEqual([what, 2, 1]);
      expect([what, r.err]).toEqual([
        what,
        expect.stringMatching(
          new RegExp(
            `^vitrina: (the data dir ${disk} is on a full disk|${file(disk)} cannot be used: its disk is full \\(.+\\): free space on it and start again)$`,
          ),
        ),
      ]);
      // No half-made store for the next start to take for one.
      expect([what, readdirSync(disk).filter((f) => f.includes(".new-"))]).toEqual([what, []]);
    }
  }

  // A data dir on a read-only mount, with a store and without.
  for (const withStore of [false, true]) {
    using disk = tmpfs("4m");
    if (withStore) copyFileSync(goodFile, file(disk));
    expect(run(["mount", "-o", "remount,ro", disk]).exitCode).toBe(0);
    expect(await refusedServe(disk)).toEqual({
      code: 2,
      err: `vitrina: the data dir ${disk} is on a read-only file system`,
    });
  }

  // A database file that cannot be written in a dir that can: SQLite would open it read-only.
  if (canChattr) {
    using dir = tempDir();
    copyFileSync(goodFile, file(dir));
    expect(run(["chattr", "+i", file(dir)]).exitCode).toBe(0);
    try {
      expect(await refusedServe(dir)).toEqual({
        code: 2,
        err: `vitrina: ${file(dir)} cannot be written (vitrina.sqlite: EPERM): make it writable (chattr -i, a read-write mount) or point --data-dir elsewhere`,
      });
    } finally {
      run(["chattr", "-i", file(dir)]);
    }
  }

  // Truncated anywhere, not only at a page's end.
  for (const size of [
    50,
    100,
    5000,
    16384 * 3 + 7,
    Math.floor(readFileSync(goodFile).length / 2),
  ]) {
    using dir = tempDir();
    writeFileSync(file(dir), readFileSync(goodFile).subarray(0, size));
    const r = await refusedServe(dir);
    expect([size, r.code, r.err]).toEqual([
      size,
      2,
      expect.stringMatching(
        new RegExp(`^vitrina: ${file(dir)} is damaged \\([^\\n]+\\): restore a backup [^\\n]+$`),
      ),
    ]);
  }
});
