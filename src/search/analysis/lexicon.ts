import { readFileSync } from "node:fs";
import { join } from "node:path";

// The generated word data the analysis reads lives in lexicon/ at the repository's root, beside
// the scripts that make it and its licences (lexicon/README.md), not in the code: text files, one
// datum a line, their `#` lines the file's notice. Each is read once per process or thread, when
// the module that holds it is first imported.

const LEXICON = join(import.meta.dir, "..", "..", "..", "lexicon");

/** The data lines of lexicon/NAME, in order, without its notice. */
export function lexiconLines(name: string): string[] {
  return readFileSync(join(LEXICON, name), "utf8")
    .split("\n")
    .filter((line) => line !== "" && !line.startsWith("#"));
}
