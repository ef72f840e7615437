// The benchmarks' one flag helper (flags.ts):
//  1. values come back typed under their keys, absent ones at their defaults, a key's flag is
//     its kebab case, `--flag=value` and `--flag value` alike
//  2. a wrong value, an unknown flag, a missing or extra argument and two flags that exclude
//     each other are ConfigErrors that name the flag; `--help` anywhere is "help"
//  3. the usage is made of the same table: the synopsis, the about, one line per flag with its
//     default
//  4. every command of bench/ answers `--help` with its usage (exit 0) and an unknown flag with
//     the reason and the usage (exit 2), before it starts anything
import { expect, test } from "bun:test";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { ConfigError } from "../../src/config.ts";
import { commandSpec, flag, parseFlags, usageOf } from "./flags.ts";

const SPEC = commandSpec({
  command: "bun bench/example.ts",
  about: "An example.",
  args: ["OTHER"],
  flags: {
    products: flag.int(100, "products"),
    seed: flag.int(1, "seed", { min: 0 }),
    replicas: flag.int(null, "replicas", { min: 0, max: 1 }),
    clients: flag.ints([1, 4], "clients"),
    out: flag.text(null, "file", "FILE"),
    catalog: flag.oneOf(["project", "feed"], "project", "catalog"),
    noWrite: flag.on("print only"),
  },
  exclusive: [["out", "noWrite"]],
});

test("1. typed values, defaults, kebab-case flags, both spellings of a value", () => {
  expect(parseFlags(SPEC, ["x"])).toEqual({
    flags: {
      products: 100,
      seed: 1,
      replicas: null,
      clients: [1, 4],
      out: null,
      catalog: "project",
      noWrite: false,
    },
    args: ["x"],
  });
  expect(
    parseFlags(SPEC, ["--products=7", "x", "--clients", "2,3", "--catalog", "feed", "--no-write"]),
  ).toMatchObject({
    flags: { products: 7, clients: [2, 3], catalog: "feed", noWrite: true },
    args: ["x"],
  });
});

test("2. what is wrong names its flag; --help anywhere", () => {
  const refused: [string[], string][] = [
    [["x", "--products", "0"], "--products must be an integer >= 1, not 0"],
    [["x", "--products", "1.5"], "--products must be an integer >= 1, not 1.5"],
    [["x", "--replicas", "2"], "--replicas must be an integer from 0 to 1, not 2"],
    [["x", "--clients", "1,x"], "--clients must be an integer >= 1, not 1,x"],
    [["x", "--catalog", "yml"], "--catalog must be one of project, feed, not yml"],
    [["x", "--product", "3"], "unknown flag --product"],
    [["x", "--seed"], "--seed needs a value"],
    [["x", "--no-write=yes"], "--no-write takes no value"],
    [["x", "--out", "f", "--no-write"], "--out and --no-write exclude each other"],
    [[], "missing OTHER"],
    [["x", "y"], 'unexpected argument "y"'],
  ];
  for (const [argv, message] of refused)
    expect(() => parseFlags(SPEC, argv)).toThrow(new ConfigError(message));
  expect(parseFlags(SPEC, ["--products", "0", "--help"])).toBe("help");
});

test("3. the usage is made of the same table", () => {
  expect(
    usageOf(SPEC),
  ).toBe(`usage: bun bench/example.ts OTHER [--products N] [--seed N] [--replicas N] [--clients LIST] [--out FILE | --no-write]
  [--catalog project|feed]

An example.

  --products N             products (default 100)
  --seed N                 seed (default 1)
  --replicas N             replicas
  --clients LIST           clients (default 1,4)
  --out FILE               file
  --catalog project|feed   catalog (default project)
  --no-write               print only
  --help                   this text`);
});

test("4. every command of bench/ answers --help and refuses an unknown flag", async () => {
  const bench = join(import.meta.dir, "..");
  const commands = readdirSync(bench).filter((name) => name.endsWith(".ts"));
  expect(commands.length).toBeGreaterThan(25);
  const run = async (file: string, flag: string) => {
    const proc = Bun.spawn([process.execPath, join(bench, file), flag], {
      stdout: "pipe",
      stderr: "pipe",
    });
    const [out, err, code] = await Promise.all([
      new Response(proc.stdout).text(),
      new Response(proc.stderr).text(),
      proc.exited,
    ]);
    return { code, out: out.split("\n")[0], err: err.split("\n")[0] };
  };
  const answers: Record<string, unknown> = {};
  const expected: Record<string, unknown> = {};
  for (const file of commands) {
    const name = file === "service-targets.ts" ? "vitrina bench" : `bun bench/${file}`;
    answers[file] = [await run(file, "--help"), await run(file, "--no-such-flag")];
    expected[file] = [
      { code: 0, out: expect.stringMatching(new RegExp(`^usage: ${name}( |$)`)), err: "" },
      { code: 2, out: "", err: `${name}: unknown flag --no-such-flag` },
    ];
  }
  expect(answers).toEqual(expected);
}, 120_000);
