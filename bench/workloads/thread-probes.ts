// How soon each search thread of each node shows an acknowledged change (issue 20, point 1).
// The kernel hands each connection to one thread (SO_REUSEPORT), and every search answer says
// which thread made it (`Server-Timing: thread;desc=N`): a lane is one kept-alive connection
// (a node:http Agent of one socket) per thread of a node, found by opening connections until
// every thread has answered one. A probe asks, on every lane at once and again as soon as each
// answer is read, for the changed product by its code, until each lane's answer shows the new
// price. One probe at a time: the probes' own searches stay a few connections of load.

import { Agent, request } from "node:http";
import type { ProductItem } from "../../src/sample-catalog/types.ts";
import { priceAt } from "./price-changes.ts";
import type { AckedChange } from "./price-stream.ts";

export interface Lane {
  /** "A/0": node A, thread 0 (the main thread). */
  name: string;
  node: string;
  thread: string;
  url: URL;
  agent: Agent;
  /** performance.now() of its last request: an idle lane is kept alive (keepLanesAlive). */
  used: number;
}

export interface LaneAnswer {
  /** 0 when the request failed (a kept-alive connection the server had just closed). */
  status: number;
  body: string;
  /** The thread that answered, from Server-Timing; null when the answer says none. */
  thread: string | null;
}

const THREAD = /thread;desc=(\d+)/;

/** GET `path` on the lane's own connection; a failure answers status 0 and no thread. */
export function laneGet(
  lane: Pick<Lane, "url" | "agent"> & Partial<Pick<Lane, "used">>,
  path: string,
): Promise<LaneAnswer> {
  lane.used = performance.now();
  const failed = { status: 0, body: "", thread: null };
  return new Promise((resolve) => {
    const req = request(
      { host: lane.url.hostname, port: lane.url.port, path, agent: lane.agent },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          body += chunk;
        });
        res.on("end", () => {
          const timing = String(res.headers["server-timing"] ?? "");
          resolve({ status: res.statusCode ?? 0, body, thread: THREAD.exec(timing)?.[1] ?? null });
        });
        res.on("error", () => resolve(failed));
      },
    );
    req.on("error", () => resolve(failed));
    req.end();
  });
}

/**
 * One lane per thread of each node: connections are opened (and the extra ones closed) until
 * `threads` distinct threads of the node answered `path`, or `tries` connections were tried.
 */
export async function openLanes(
  nodes: readonly { name: string; url: string }[],
  path: string,
  o: { threads: number; tries?: number; log: (line: string) => void },
): Promise<Lane[]> {
  const lanes: Lane[] = [];
  for (const node of nodes) {
    const url = new URL(node.url);
    const found = new Map<string, Lane>();
    for (let t = 0; t < (o.tries ?? 200) && found.size < o.threads; t++) {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      const { thread } = await laneGet({ url, agent }, path);
      // No thread: the empty data set of a token the node does not know yet (another node
      // created the domain, this one has not read it), or a failure: again a little later.
      if (thread === null) await Bun.sleep(50);
      if (thread === null || found.has(thread)) agent.destroy();
      else {
        const name = `${node.name}/${thread}`;
        found.set(thread, { name, node: node.name, thread, url, agent, used: performance.now() });
      }
    }
    if (found.size === 0) throw new Error(`${node.url}: no search answer said its thread`);
    if (found.size < o.threads)
      o.log(
        `[mixed-load] lanes: node ${node.name} answered on ${found.size} of ${o.threads} threads`,
      );
    lanes.push(...[...found.values()].sort((a, b) => Number(a.thread) - Number(b.thread)));
  }
  return lanes;
}

export const closeLanes = (lanes: readonly Lane[]) => {
  for (const lane of lanes) lane.agent.destroy();
};

/**
 * Connects the lane again until its thread answers (a closed connection reopens wherever the
 * kernel puts it); false after `tries`.
 */
export async function repin(lane: Lane, path: string, tries = 64): Promise<boolean> {
  for (let t = 0; t < tries; t++) {
    lane.agent.destroy();
    lane.agent = new Agent({ keepAlive: true, maxSockets: 1 });
    if ((await laneGet(lane, path)).thread === lane.thread) return true;
  }
  return false;
}

/**
 * Asks `path` on every lane idle for `idleMs` (the server closes a connection idle for 30 s,
 * and the next one may land on another thread), and repins a lane whose answer came from
 * another thread. Returns the function that stops it.
 */
export function keepLanesAlive(lanes: readonly Lane[], path: string, idleMs = 5000): () => void {
  let busy = false;
  const timer = setInterval(async () => {
    if (busy) return;
    busy = true;
    try {
      for (const lane of lanes)
        if (performance.now() - lane.used > idleMs) {
          const { thread } = await laneGet(lane, path);
          if (thread !== lane.thread) await repin(lane, path);
        }
    } finally {
      busy = false;
    }
  }, idleMs / 2);
  return () => clearInterval(timer);
}

/** The search that finds `product` by its code, unavailable or not, without facets. */
export function probePath(token: string, code: string): string {
  const params = {
    q: code,
    token,
    group_by_category: "false",
    show_filters: "false",
    show_unavailable: "true",
    demo: "true",
  };
  return `/api/v2/search/?${new URLSearchParams(params)}`;
}

interface AnswerShape {
  products?: { groups?: { items?: { source_id: string; discounted_price: number }[] }[] };
}

/**
 * True when the answer shows the product of `sourceId`, at one of `prices` when given (a later
 * change of the same product may overtake a probe: its price counts too).
 */
export function showsProduct(body: string, sourceId: string, prices?: readonly number[]): boolean {
  const answer = JSON.parse(body) as AnswerShape;
  for (const group of answer.products?.groups ?? [])
    for (const item of group.items ?? [])
      if (item.source_id === sourceId) return !prices || prices.includes(item.discounted_price);
  return false;
}

/** What a probe waits for: an answer to `path` that `shows` it, from `since` on. */
export interface Wanted {
  path: string;
  shows: (body: string) => boolean;
  /** performance.now() of the acknowledgement. */
  since: number;
}

/** The probe of an acknowledged change: its product by code, at the new price. */
export function wantedChange(change: AckedChange, path: string): Wanted {
  const { product, pass } = change;
  const prices = [pass, pass + 1, pass + 2].map((p) => priceAt(product, p));
  return {
    path,
    shows: (body) => showsProduct(body, product.source_id, prices),
    since: change.ackedAt,
  };
}

/**
 * Milliseconds from `wanted.since` until each lane's answer shows it (null: not within
 * `timeoutMs`), only answers of the lane's own thread counted.
 */
export function timesToVisible(
  lanes: readonly Lane[],
  wanted: Wanted,
  timeoutMs: number,
): Promise<{ lane: string; ms: number | null }[]> {
  return Promise.all(
    lanes.map(async (lane) => {
      for (;;) {
        const r = await laneGet(lane, wanted.path);
        const ms = performance.now() - wanted.since;
        if (ms > timeoutMs) return { lane: lane.name, ms: null };
        // The connection was closed and reopened on another thread: back to its own.
        if (r.thread !== lane.thread) {
          if (!(await repin(lane, wanted.path))) return { lane: lane.name, ms: null };
          continue;
        }
        if (r.status === 200 && wanted.shows(r.body)) return { lane: lane.name, ms };
      }
    }),
  );
}

export interface ProbeSamples {
  /** Per lane ("A/0"), ms from acknowledgement to the new price in its answers. */
  perLane: Map<string, number[]>;
  /** Per probe, until every lane showed it. */
  everywhere: number[];
  /** Probes some lane did not show within the timeout. */
  missed: number;
}

/** Takes an acknowledged change whenever no probe is running, and times it on every lane. */
export class Prober {
  readonly samples: ProbeSamples = { perLane: new Map(), everywhere: [], missed: 0 };
  private running: Promise<void> | null = null;

  constructor(
    private readonly lanes: readonly Lane[],
    private readonly pathOf: (product: ProductItem) => string,
    private readonly timeoutMs = 30_000,
  ) {}

  offer(change: AckedChange): void {
    if (this.running) return;
    this.running = this.probe(change).finally(() => {
      this.running = null;
    });
  }

  /** Waits for the probe under way, if any. */
  async drain(): Promise<void> {
    await this.running;
  }

  private async probe(change: AckedChange): Promise<void> {
    const wanted = wantedChange(change, this.pathOf(change.product));
    const times = await timesToVisible(this.lanes, wanted, this.timeoutMs);
    let worst = 0;
    for (const { lane, ms } of times) {
      if (ms === null) {
        this.samples.missed++;
        return;
      }
      const list = this.samples.perLane.get(lane) ?? [];
      list.push(ms);
      this.samples.perLane.set(lane, list);
      worst = Math.max(worst, ms);
    }
    this.samples.everywhere.push(worst);
  }
}
