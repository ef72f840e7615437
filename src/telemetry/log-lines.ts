// Log lines go to stdout as JSON, one a line. Request lines are many (one per search), so they
// are written in batches once per turn of the event loop instead of one write each.

let buffer: string[] = [];
let scheduled = false;

export function flushLog(): void {
  scheduled = false;
  if (buffer.length === 0) return;
  const text = `${buffer.join("\n")}\n`;
  buffer = [];
  process.stdout.write(text);
}

/** Queues one JSON line; it is written before the next turn of the event loop ends. */
export function logLine(fields: Record<string, unknown>): void {
  buffer.push(JSON.stringify(fields));
  if (!scheduled) {
    scheduled = true;
    setImmediate(flushLog);
  }
}
