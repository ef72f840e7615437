import { ErrorReply } from "redis";
import type { Redis, Reply } from "./connection.ts";

/**
 * A Lua script run by EVALSHA, falling back to EVAL when the server does not have it cached
 * (after a restart, or on first use): the script body crosses the wire once per server.
 * Every key a script touches is passed in KEYS, which Redis Cluster requires.
 */
export class LuaScript {
  readonly sha: string;

  constructor(readonly source: string) {
    this.sha = new Bun.CryptoHasher("sha1").update(source).digest("hex");
  }

  async run(client: Redis, keys: readonly string[], args: readonly string[]): Promise<Reply> {
    const tail = [String(keys.length), ...keys, ...args];
    try {
      return await client.sendCommand<Reply>(["EVALSHA", this.sha, ...tail]);
    } catch (error) {
      if (!(error instanceof ErrorReply) || !error.message.startsWith("NOSCRIPT")) throw error;
      return client.sendCommand<Reply>(["EVAL", this.source, ...tail]);
    }
  }
}
