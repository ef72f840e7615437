import { connect, type Socket } from "node:net";

/**
 * A client on a bare TCP socket, for what fetch cannot do: send headers and half a body, then
 * trickle or hold (a slow or abusive client), and see whether the server closes the connection.
 */
export interface RawClient {
  /** Bytes sent by the server so far, as text. */
  received(): string;
  /** Resolves when the server has closed the connection (or it broke). */
  closed: Promise<void>;
  write(text: string): void;
  /** Sends `text` every `ms` until the connection closes. */
  trickle(text: string, ms: number): void;
  destroy(): void;
}

/** Connects to `url`'s host and port and sends `head` (request line, headers, part of a body). */
export function rawClient(url: string, head: string): Promise<RawClient> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket: Socket = connect(Number(port), hostname);
    let text = "";
    let timer: ReturnType<typeof setInterval> | undefined;
    const closed = new Promise<void>((done) =>
      socket.once("close", () => {
        clearInterval(timer);
        done();
      }),
    );
    socket.on("data", (chunk) => {
      text += chunk.toString("utf8");
    });
    socket.on("error", () => {}); // a reset is a close here
    socket.once("connect", () => {
      socket.write(head);
      resolve({
        received: () => text,
        closed,
        write: (more) => {
          if (!socket.destroyed) socket.write(more);
        },
        trickle: (more, ms) => {
          timer = setInterval(() => {
            if (!socket.destroyed) socket.write(more);
          }, ms);
        },
        destroy: () => {
          clearInterval(timer);
          socket.destroy();
        },
      });
    });
    socket.once("error", reject);
  });
}

/** The head of a POST with its headers and the first `body` bytes of a longer body. */
export const partialPost = (
  path: string,
  headers: Record<string, string>,
  length: number,
  body: string,
): string =>
  `POST ${path} HTTP/1.1\r\nHost: vitrina\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n${Object.entries(
    headers,
  )
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join("")}\r\n${body}`;

/** Status line and JSON body of an HTTP/1.1 answer in `text`. */
export function parseAnswer(text: string): { status: number; headers: string; body: unknown } {
  const end = text.indexOf("\r\n\r\n");
  const head = text.slice(0, end);
  return {
    status: Number(/^HTTP\/1\.1 (\d+)/.exec(head)?.[1] ?? 0),
    headers: head.toLowerCase(),
    body: JSON.parse(text.slice(end + 4)),
  };
}
