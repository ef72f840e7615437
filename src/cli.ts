#!/usr/bin/env bun
import pkg from "../package.json" with { type: "json" };
import { commandInput, findCommand, UsageExit, usageLines } from "./cli/command.ts";
import { COMMANDS } from "./cli/commands.ts";
import { ConfigError } from "./config.ts";
import { AppError, Refused } from "./errors.ts";

const usage = (
  commands = COMMANDS,
  prefix = "",
) => `vitrina ${pkg.version}: catalog import and product search

usage:
${usageLines(commands, prefix)}

  vitrina --help | --version;  vitrina COMMAND --help
Every configuration flag can also be set by its VITRINA_* variable (--data-dir is VITRINA_DATA_DIR).`;

async function main(argv: string[]): Promise<number> {
  const first = argv[0];
  if (first === "--help" || first === "-h") throw new UsageExit(0, usage());
  if (first === "--version" || first === "-V") throw new UsageExit(0, `vitrina ${pkg.version}`);
  const command = findCommand(COMMANDS, argv);
  if (!command) {
    // A group's word alone ("domain") shows the group's commands.
    const group = first && COMMANDS.some((c) => c.name.startsWith(`${first} `)) ? first : "";
    if (group && argv.includes("--help")) throw new UsageExit(0, usage(COMMANDS, group));
    const what = first === undefined ? "no command given" : `unknown command "${argv.join(" ")}"`;
    throw new UsageExit(2, `vitrina: ${what}\n\n${usage(COMMANDS, group)}`);
  }
  const rest = argv.slice(command.name.split(" ").length);
  if (command.raw) return command.raw(rest);
  if (rest.includes("--version")) throw new UsageExit(0, `vitrina ${pkg.version}`);
  const input = commandInput(command, rest);
  return command.run ? command.run(input) : 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    if (error instanceof UsageExit) {
      (error.code === 0 ? console.log : console.error)(error.text);
      process.exit(error.code);
    }
    // What the operator can fix is one line and exit code 2; anything else is a bug: a stack.
    if (error instanceof ConfigError || error instanceof AppError || error instanceof Refused) {
      console.error(`vitrina: ${error.message}`);
      process.exit(2);
    }
    console.error(error);
    process.exit(1);
  },
);
