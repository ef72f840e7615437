// The flags of every benchmark command, declared once per command (issue 36, point 5): one
// table gives each flag its type, default and help line; the same table parses argv, makes the
// usage that `--help` prints, and refuses a wrong or unknown flag with the usage and exit 2
// before anything starts. A flag's name is its key in kebab case (`secondProducts` is
// `--second-products`), so the values come back typed under the keys the command reads.
import { ConfigError } from "../../src/config.ts";

interface Described {
  help: string;
}
interface IntFlag<D extends number | null> extends Described {
  kind: "int";
  fallback: D;
  min: number;
  max: number;
  /** The value's name in the usage: N, S (seconds). */
  value: string;
}
interface IntListFlag<D extends number[] | null> extends Described {
  kind: "ints";
  fallback: D;
  min: number;
}
interface TextFlag<D extends string | null> extends Described {
  kind: "text";
  fallback: D;
  value: string;
}
interface ChoiceFlag<C extends string, D extends C | null> extends Described {
  kind: "choice";
  choices: readonly C[];
  fallback: D;
}
interface SwitchFlag extends Described {
  kind: "switch";
}
type Flag =
  | IntFlag<number | null>
  | IntListFlag<number[] | null>
  | TextFlag<string | null>
  | ChoiceFlag<string, string | null>
  | SwitchFlag;
type Flags = Record<string, Flag>;

// A default of null stays null (the flag is "not asked" when absent); any other widens to its
// type: `flag.int(4, ...)` is a number, not the literal 4.
type Widened<D, T> = D extends null ? null : T;

/** An integer, `min` (1 unless said) to `max`. */
const int = <D extends number | null>(
  fallback: D,
  help: string,
  o: { min?: number; max?: number; value?: string } = {},
): IntFlag<Widened<D, number>> => ({
  kind: "int",
  fallback: fallback as Widened<D, number>,
  help,
  min: o.min ?? 1,
  max: o.max ?? Number.MAX_SAFE_INTEGER,
  value: o.value ?? "N",
});

/** A comma-separated list of integers ≥ `min` (1 unless said): `--clients 1,4,16`. */
const ints = <D extends number[] | null>(
  fallback: D,
  help: string,
  min = 1,
): IntListFlag<Widened<D, number[]>> => ({
  kind: "ints",
  fallback: fallback as Widened<D, number[]>,
  help,
  min,
});

/** Any text: a file, a URL, a list of names. */
const text = <D extends string | null>(
  fallback: D,
  help: string,
  value = "S",
): TextFlag<Widened<D, string>> => ({
  kind: "text",
  fallback: fallback as Widened<D, string>,
  help,
  value,
});

/** One of a few names; `fallback` null when absent means "not asked". */
const oneOf = <C extends string, D extends C | null>(
  choices: readonly C[],
  fallback: D,
  help: string,
): ChoiceFlag<C, D> => ({ kind: "choice", choices, fallback, help });

/** A flag without a value: false unless given. */
const on = (help: string): SwitchFlag => ({ kind: "switch", help });

/** The kinds of flag: `flag.int(100_000, "products to import")`. */
export const flag = { int, ints, text, oneOf, on };

type ValueOf<F> =
  F extends IntFlag<infer D>
    ? D
    : F extends IntListFlag<infer D>
      ? D
      : F extends TextFlag<infer D>
        ? D
        : F extends ChoiceFlag<infer C, infer D>
          ? D extends null
            ? C | null
            : C
          : boolean;
export type FlagValues<S extends Flags> = { [K in keyof S]: ValueOf<S[K]> };

export interface CommandSpec<S extends Flags> {
  /** How it is run, e.g. `bun bench/engine-codes.ts`. */
  command: string;
  /** What it measures: the paragraph of the usage under its first line. */
  about: string;
  /** Positional arguments, each required, by name (`OTHER_CHECKOUT`). */
  args?: readonly string[];
  flags: S;
  /** Pairs of flags (keys) that exclude each other; the usage shows each pair as `[--a | --b]`. */
  exclusive?: readonly (readonly [keyof S & string, keyof S & string])[];
}

const kebab = (key: string) => key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

const valueName = (f: Flag): string | null =>
  f.kind === "switch"
    ? null
    : f.kind === "choice"
      ? f.choices.join("|")
      : f.kind === "ints"
        ? "LIST"
        : f.value;

const fallbackOf = (f: Flag): string | null =>
  f.kind === "switch" || f.fallback === null
    ? null
    : Array.isArray(f.fallback)
      ? f.fallback.join(",")
      : String(f.fallback);

/** `--help`'s text: the synopsis, what the command measures, one entry per flag. */
export function usageOf<S extends Flags>(spec: CommandSpec<S>): string {
  const flag = (key: string) => {
    const f = spec.flags[key] as Flag;
    const value = valueName(f);
    return `--${kebab(key)}${value ? ` ${value}` : ""}`;
  };
  const partner = new Map<string, string>();
  for (const [a, b] of spec.exclusive ?? []) partner.set(b, a);
  const parts = [...(spec.args ?? [])];
  for (const key of Object.keys(spec.flags)) {
    if (partner.has(key)) continue;
    const pair = spec.exclusive?.find(([a]) => a === key);
    parts.push(pair ? `[${flag(key)} | ${flag(pair[1])}]` : `[${flag(key)}]`);
  }
  // The synopsis wraps past 120 columns, the next lines indented.
  const lines = [`usage: ${spec.command}`];
  for (const part of parts) {
    const last = lines.length - 1;
    if (`${lines[last]} ${part}`.length > 120) lines.push(`  ${part}`);
    else lines[last] += ` ${part}`;
  }
  const width = Math.max(...Object.keys(spec.flags).map((k) => flag(k).length)) + 2;
  const entries = Object.entries(spec.flags).map(([key, f]) => {
    const fallback = fallbackOf(f);
    const help = `${f.help}${fallback === null ? "" : ` (default ${fallback})`}`;
    return `  ${flag(key).padEnd(width)} ${help.replaceAll("\n", `\n   ${" ".repeat(width)}`)}`;
  });
  return [...lines, "", spec.about, "", ...entries, `  ${"--help".padEnd(width)} this text`].join(
    "\n",
  );
}

function parsedValue(name: string, f: Exclude<Flag, SwitchFlag>, raw: string): unknown {
  const integer = (s: string, min: number, max: number) => {
    const n = s.trim() === "" ? Number.NaN : Number(s);
    if (!Number.isInteger(n) || n < min || n > max)
      throw new ConfigError(
        max === Number.MAX_SAFE_INTEGER
          ? `--${name} must be an integer >= ${min}, not ${raw}`
          : `--${name} must be an integer from ${min} to ${max}, not ${raw}`,
      );
    return n;
  };
  switch (f.kind) {
    case "int":
      return integer(raw, f.min, f.max);
    case "ints":
      return raw.split(",").map((s) => integer(s, f.min, Number.MAX_SAFE_INTEGER));
    case "choice":
      if (!f.choices.includes(raw))
        throw new ConfigError(`--${name} must be one of ${f.choices.join(", ")}, not ${raw}`);
      return raw;
    case "text":
      return raw;
  }
}

/**
 * The command's flags and arguments from argv, or "help" when `--help` is among them. Throws a
 * ConfigError, whose message names the flag, for anything wrong.
 */
export function parseFlags<S extends Flags>(
  spec: CommandSpec<S>,
  argv: readonly string[],
): { flags: FlagValues<S>; args: string[] } | "help" {
  // `--help` wins over whatever else is wrong: the usage is what a confused caller needs.
  if (argv.includes("--help") || argv.includes("-h")) return "help";
  const byName = new Map(Object.keys(spec.flags).map((key) => [kebab(key), key]));
  const given = new Map<string, unknown>();
  const args: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (!arg.startsWith("--")) {
      args.push(arg);
      continue;
    }
    const eq = arg.indexOf("=");
    const name = arg.slice(2, eq > 0 ? eq : undefined);
    const key = byName.get(name);
    if (key === undefined) throw new ConfigError(`unknown flag --${name}`);
    const f = spec.flags[key] as Flag;
    if (f.kind === "switch") {
      if (eq > 0) throw new ConfigError(`--${name} takes no value`);
      given.set(key, true);
      continue;
    }
    const raw = eq > 0 ? arg.slice(eq + 1) : argv[++i];
    if (raw === undefined) throw new ConfigError(`--${name} needs a value`);
    given.set(key, parsedValue(name, f, raw));
  }
  for (const [a, b] of spec.exclusive ?? [])
    if (given.has(a) && given.has(b))
      throw new ConfigError(`--${kebab(a)} and --${kebab(b)} exclude each other`);
  const expected = spec.args ?? [];
  if (args.length > expected.length)
    throw new ConfigError(`unexpected argument "${args[expected.length]}"`);
  if (args.length < expected.length) throw new ConfigError(`missing ${expected[args.length]}`);
  const flags = Object.fromEntries(
    Object.entries(spec.flags).map(([key, f]) => [
      key,
      given.has(key) ? given.get(key) : f.kind === "switch" ? false : f.fallback,
    ]),
  );
  return { flags: flags as FlagValues<S>, args };
}

/** Declares a command's flags: the keys of `exclusive` are checked against those of `flags`. */
export const commandSpec = <S extends Flags>(spec: CommandSpec<S>): CommandSpec<S> => spec;

/**
 * argv -> a command's options (or "help"): the flags parsed, then `toOptions` makes them the
 * options of its run and refuses (a ConfigError) what one flag alone cannot tell.
 */
export function parserOf<S extends Flags, O>(
  spec: CommandSpec<S>,
  toOptions: (flags: FlagValues<S>, args: string[]) => O,
): (argv: readonly string[]) => O | "help" {
  return (argv) => {
    const parsed = parseFlags(spec, argv);
    return parsed === "help" ? "help" : toOptions(parsed.flags, parsed.args);
  };
}

/**
 * The options of a command, or the exit code it ends with before anything starts: 0 after
 * `--help` (the usage on stdout), 2 after a wrong flag (its message and the usage on stderr).
 */
function optionsOrExit<S extends Flags, O>(
  spec: CommandSpec<S>,
  parse: (argv: readonly string[]) => O | "help",
  argv: readonly string[],
): O | number {
  try {
    const options = parse(argv);
    if (options !== "help") return options;
    console.log(usageOf(spec));
    return 0;
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`${spec.command}: ${error.message}\n\n${usageOf(spec)}`);
    return 2;
  }
}

/**
 * A script's flags, read at its start from process.argv; `--help` or a wrong flag ends the
 * process there (exit 0 or 2).
 */
export function flagsOf<S extends Flags, O = FlagValues<S> & { args: string[] }>(
  spec: CommandSpec<S>,
  toOptions: (flags: FlagValues<S>, args: string[]) => O = (flags, args) =>
    ({ ...flags, args }) as O,
): O {
  const options = optionsOrExit(spec, parserOf(spec, toOptions), process.argv.slice(2));
  if (typeof options === "number") process.exit(options);
  return options;
}

/**
 * A benchmark as a command that tests can also drive: its options checked before anything
 * starts, then the run with its progress on stderr. Resolves to the exit code.
 */
export function commandOf<S extends Flags, O extends object>(
  spec: CommandSpec<S>,
  parse: (argv: readonly string[]) => O | "help",
  run: (options: O & { log: (line: string) => void }) => Promise<unknown>,
): (argv: readonly string[]) => Promise<number> {
  return async (argv) => {
    const options = optionsOrExit(spec, parse, argv);
    if (typeof options === "number") return options;
    await run({ ...options, log: (line: string) => console.error(line) });
    return 0;
  };
}

/** Runs a command made by commandOf as the process's own, with its argv and exit code. */
export const runAsMain = (command: (argv: readonly string[]) => Promise<number>) =>
  command(process.argv.slice(2)).then((code) => process.exit(code));
