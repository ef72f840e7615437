import { type Config, loadConfig, OPTIONS, parseArgs, unknownFlag } from "../config.ts";

/** What a command's `run` receives: its positional words, its own flags, the configuration. */
export interface CommandInput {
  args: string[];
  /** The command's own flags (`own`), by name without dashes; switches are "true". */
  own: Map<string, string>;
  config: Config;
}

/**
 * One row of the CLI's table. A command is named by one or more words ("serve", "domain
 * create"); its configuration flags are those of config.ts it names in `config`, its own
 * flags are listed in `own`. A command with `raw` parses its argv itself (bench).
 */
export interface Command {
  name: string;
  /** What follows the name in the usage line: arguments and flags. */
  usage: string;
  summary: string;
  /** The config.ts flags it accepts (without dashes). */
  config?: readonly string[];
  /** Its own flags: name -> "switch" (no value) or a description of the value. */
  own?: Record<string, string>;
  /** How many positional words it takes; `[min]` for at least min (a text of several words). */
  args?: number | [number];
  run?: (input: CommandInput) => Promise<number>;
  raw?: (argv: string[]) => Promise<number>;
}

/** The CLI asked to print something and end: `code` 0 for --help, 2 for a misuse. */
export class UsageExit extends Error {
  constructor(
    readonly code: 0 | 2,
    readonly text: string,
  ) {
    super(text);
  }
}

const HELP = ["help", "version"];

/** The usage lines of the commands, one each. */
export function usageLines(commands: readonly Command[], prefix = ""): string {
  return commands
    .filter((c) => c.name.startsWith(prefix))
    .map((c) => `  vitrina ${c.name}${c.usage ? ` ${c.usage}` : ""}\n      ${c.summary}`)
    .join("\n");
}

/** The help of one command: its usage, then each flag with its VITRINA_* variable. */
export function commandHelp(c: Command): string {
  const byFlag = new Map(Object.values(OPTIONS).map((o) => [o.flag as string, o]));
  const flags = (c.config ?? []).map((f) => {
    const o = byFlag.get(f);
    return `  --${f}${o ? `  (${o.env}, default ${JSON.stringify(o.default)})` : ""}`;
  });
  const own = Object.entries(c.own ?? {}).map(
    ([f, what]) => `  --${f}${what === "switch" ? "" : ` ${what}`}`,
  );
  const all = [...own, ...flags];
  return `usage: vitrina ${c.name}${c.usage ? ` ${c.usage}` : ""}\n\n${c.summary}\n${
    all.length ? `\nflags:\n${all.join("\n")}\n` : ""
  }`;
}

/** The command that argv names: the longest name whose words lead argv. */
export function findCommand(
  commands: readonly Command[],
  argv: readonly string[],
): Command | undefined {
  let best: Command | undefined;
  for (const c of commands) {
    const words = c.name.split(" ");
    if (words.every((w, i) => argv[i] === w) && words.length > (best?.name.split(" ").length ?? 0))
      best = c;
  }
  return best;
}

/**
 * Checks argv against the command's row and builds its input: `--help` ends with its help
 * (code 0); a flag it does not take or a wrong number of arguments, with its usage (code 2).
 */
export function commandInput(c: Command, argv: readonly string[]): CommandInput {
  const ownSwitches = Object.entries(c.own ?? {})
    .filter(([, what]) => what === "switch")
    .map(([f]) => f);
  const unknown = unknownFlag(argv, [...HELP, ...Object.keys(c.own ?? {}), ...(c.config ?? [])]);
  if (unknown !== null)
    throw new UsageExit(2, `vitrina ${c.name}: unknown flag --${unknown}\n\n${commandHelp(c)}`);
  const { positional, flags } = parseArgs(argv, [...ownSwitches, ...HELP]);
  if (flags.has("help")) throw new UsageExit(0, commandHelp(c));
  const own = new Map<string, string>();
  const config = new Map<string, string>();
  for (const [f, value] of flags) (f in (c.own ?? {}) ? own : config).set(f, value);
  const [min, exact] = Array.isArray(c.args) ? [c.args[0], false] : [c.args ?? 0, true];
  if (exact ? positional.length !== min : positional.length < min)
    throw new UsageExit(
      2,
      `vitrina ${c.name}: expected ${exact ? "" : "at least "}${min} argument(s), got ${positional.length}\n\n${commandHelp(c)}`,
    );
  // A flag with a wrong value (ConfigError) is reported in one line by the caller.
  return { args: positional, own, config: loadConfig(config) };
}
