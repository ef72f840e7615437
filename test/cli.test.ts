// The CLI's surface (issue 12, point 8). Properties checked:
//  1. `--help` and `--version` exit 0 with the usage (every command) or the version, on stdout;
//     so does `COMMAND --help` for every command of the table, and a group's `domain --help`
//  2. an unknown command, no command, an unknown flag, a flag of another command and a wrong
//     number of arguments exit 2 with the usage on stderr and nothing on stdout
//  3. `bench --help` prints bench's usage at once; `bench --seconds -1` and an unknown bench
//     flag exit 2 before anything starts
//  4. an out-of-range port and an unreachable Redis are one line on stderr and exit 2
import { expect, test } from "bun:test";
import pkg from "../package.json" with { type: "json" };
import { COMMANDS } from "../src/cli/commands.ts";
import { CLI, tempDir } from "./http/harness.ts";

async function cli(...args: string[]) {
  using dir = tempDir();
  const proc = Bun.spawn([process.execPath, CLI, ...args], {
    stdout: "pipe",
    stderr: "pipe",
    // No VITRINA_* of the caller's environment, and no store in the working directory.
    env: { PATH: process.env.PATH ?? "", VITRINA_DATA_DIR: dir },
    cwd: dir,
  });
  const [out, err, code] = await Promise.all([
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
    proc.exited,
  ]);
  return { code, out: out.trim(), err: err.trim() };
}

test("1. --help and --version, for the CLI and every command", async () => {
  const help = await cli("--help");
  expect([help.code, help.err]).toEqual([0, ""]);
  for (const c of COMMANDS) expect(help.out).toContain(`  vitrina ${c.name}`);
  expect(await cli("--version")).toEqual({ code: 0, out: `vitrina ${pkg.version}`, err: "" });
  expect(await cli("serve", "--version")).toEqual({
    code: 0,
    out: `vitrina ${pkg.version}`,
    err: "",
  });
  for (const c of COMMANDS) {
    const r = await cli(...c.name.split(" "), "--help");
    expect([c.name, r.code, r.err, r.out.split("\n")[0]]).toEqual([
      c.name,
      0,
      "",
      `usage: vitrina ${c.name} ${c.usage}`,
    ]);
  }
  const group = await cli("domain", "--help");
  expect([group.code, group.out.includes("vitrina domain delete NAME")]).toEqual([0, true]);
}, 60_000);

test("2. misuse exits 2 with the usage on stderr", async () => {
  const cases: [string[], string][] = [
    [["frobnicate"], 'vitrina: unknown command "frobnicate"'],
    [[], "vitrina: no command given"],
    [["domain", "list", "--bogus"], "vitrina domain list: unknown flag --bogus"],
    [["domain", "list", "--listen", "127.0.0.1:1"], "vitrina domain list: unknown flag --listen"],
    [["domain", "create"], "vitrina domain create: expected 1 argument(s), got 0"],
    [["serve", "extra"], "vitrina serve: expected 0 argument(s), got 1"],
    [["backup", "--force", "--to"], "vitrina: --to needs a value"],
  ];
  for (const [args, first] of cases) {
    const r = await cli(...args);
    expect([args, r.code, r.out, r.err.split("\n")[0]]).toEqual([args, 2, "", first]);
  }
  expect((await cli("frobnicate")).err).toContain("usage:\n  vitrina serve");
}, 60_000);

test("3. bench checks its flags before it starts", async () => {
  const started = performance.now();
  const help = await cli("bench", "--help");
  expect([help.code, help.err, help.out.split("\n")[0]]).toEqual([
    0,
    "",
    "usage: vitrina bench [--products N] [--seconds S] [--seed N] [--probes N] [--redis | --redis-url URL] [--no-write]",
  ]);
  const negative = await cli("bench", "--seconds", "-1");
  const unknown = await cli("bench", "--fast");
  expect([negative.code, negative.out, negative.err.split("\n")[0]]).toEqual([
    2,
    "",
    "vitrina bench: --seconds must be an integer >= 1, not -1",
  ]);
  expect([unknown.code, unknown.err.split("\n")[0]]).toEqual([
    2,
    "vitrina bench: unknown flag --fast",
  ]);
  expect(performance.now() - started).toBeLessThan(15_000);
}, 30_000);

test("4. a bad port and an unreachable Redis are one line, exit 2", async () => {
  expect(await cli("serve", "--listen", "127.0.0.1:70000")).toEqual({
    code: 2,
    out: "",
    err: "vitrina: --listen port must be 0 to 65535, not 70000",
  });
  expect(await cli("serve", "--listen", "127.0.0.1:http")).toEqual({
    code: 2,
    out: "",
    err: "vitrina: --listen port must be an integer >= 0",
  });
  expect(await cli("serve", "--redis-url", "redis://127.0.0.1:1")).toEqual({
    code: 2,
    out: "",
    err: "vitrina: Redis at redis://127.0.0.1:1 is unreachable: connect ECONNREFUSED 127.0.0.1:1",
  });
}, 30_000);
