import http from "node:http";

// Distinct shoppers are distinct client addresses (issue 23): a test presents several by
// sending from other loopback addresses (Linux answers on all of 127.0.0.0/8), e.g. 127.0.0.2.

/** A request to `url` from the local address `from`: the status and the parsed JSON body. */
export function requestFrom(
  from: string,
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      // A connection of its own (no agent): Bun's agent would reuse one the server closed.
      {
        localAddress: from,
        method: init.method ?? "GET",
        headers: init.headers ?? {},
        agent: false,
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          text += chunk;
        });
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            body: text === "" ? null : JSON.parse(text),
          }),
        );
      },
    );
    request.on("error", reject);
    request.end(init.body);
  });
}

/** GET `url` from the local address `from`: the status and the parsed JSON body. */
export const getFrom = (from: string, url: string) => requestFrom(from, url);
