import type { Config } from "../config.ts";
import { Refused } from "../errors.ts";
import { startServer } from "../server.ts";
import { flushLog } from "../telemetry/log-lines.ts";

/** `vitrina serve`: runs until SIGTERM or SIGINT, then stops in order. */
export async function serve(config: Config): Promise<number> {
  try {
    const server = await startServer(config).catch((error) => {
      if ((error as { code?: string }).code !== "EADDRINUSE") throw error;
      throw new Refused(
        `${config.host}:${config.port} is already in use (only a partitioned deployment shares a port on purpose, with --reuse-port)`,
      );
    });
    if (config.demo) {
      const { loadDemo } = await import("./load-demo.ts");
      await loadDemo(server);
    }
    // The start's own lines (the warm-up's) come before the line that says it is done.
    flushLog();
    console.log(JSON.stringify({ level: "info", msg: "listening", url: server.url }));
    await new Promise<void>((resolve) => {
      const stop = () => resolve();
      process.once("SIGTERM", stop);
      process.once("SIGINT", stop);
    });
    await server.stop();
    return 0;
  } finally {
    flushLog();
  }
}
