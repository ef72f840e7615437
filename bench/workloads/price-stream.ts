// The price stream of the mixed-load benchmark (issue 20, point 1): K clients each send a batch
// of changes of existing products (bench/workloads/price-changes.ts) and the next as soon as
// it is acknowledged, until stopped. Changes are numbered across the clients, so that the
// stream spreads over the whole catalog and each product changes once per pass.

import type { ProductItem } from "../../src/sample-catalog/types.ts";
import { PRODUCTS } from "../../test/http/harness.ts";
import { postJson } from "../suite/serve.ts";
import type { CatalogSource } from "./catalog-source.ts";
import { changeOf, changeTarget, strideOf } from "./price-changes.ts";

/** A stream runs this long before the searches measured during it (clients connected, the JIT warm). */
export const RAMP_MS = 1000;

/** A change of an acknowledged batch, for a probe to look for. */
export interface AckedChange {
  product: ProductItem;
  pass: number;
  /** performance.now() when the batch's answer was read. */
  ackedAt: number;
}

export interface StreamResult {
  changes: number;
  batches: number;
  /** From the first send to the last acknowledgement read. */
  seconds: number;
  /** Each batch's time from send to acknowledgement, ms. */
  ackMs: number[];
  /** The last change acknowledged, to wait for before the next run. */
  last: AckedChange | null;
}

export interface PriceStream {
  stop(): Promise<StreamResult>;
}

export function startPriceStream(o: {
  base: string;
  secretToken: string;
  source: CatalogSource;
  seed: number;
  products: number;
  clients: number;
  batch: number;
  /** The first change's number (default 0): streams that start apart write other values. */
  from?: number;
  /**
   * The catalog's products made beforehand, when they fit in memory: making each one as it is
   * sent held the stream's clients to ~11,000 changes/s on the server's own 2 cores.
   */
  made?: readonly ProductItem[];
  /** Called with the batch's last change after each acknowledgement. */
  onAck?: (change: AckedChange) => void;
}): PriceStream {
  const stride = strideOf(o.products);
  const url = o.base + PRODUCTS;
  const ackMs: number[] = [];
  let next = o.from ?? 0;
  let changes = 0;
  let running = true;
  let last: AckedChange | null = null;
  const started = performance.now();
  const client = async () => {
    while (running) {
      const first = next;
      next += o.batch;
      let lastChange: AckedChange | null = null;
      const items = [];
      for (let n = first; n < first + o.batch; n++) {
        const { index, pass } = changeTarget(n, o.products, stride);
        const product =
          o.made?.[index] ?? (o.source.products(o.seed, 1, index).next().value as ProductItem);
        items.push(changeOf(product, pass));
        lastChange = { product, pass, ackedAt: 0 };
      }
      const body = JSON.stringify(items);
      const sent = performance.now();
      const status = await postJson(url, o.secretToken, body);
      const ackedAt = performance.now();
      if (status !== 200 && status !== 201) throw new Error(`price batch answered ${status}`);
      ackMs.push(ackedAt - sent);
      changes += o.batch;
      if (lastChange) {
        last = { ...lastChange, ackedAt };
        o.onAck?.(last);
      }
    }
  };
  const clients = Promise.all(Array.from({ length: o.clients }, client));
  // A failed batch is thrown by stop(), not as an unhandled rejection in the middle of a run.
  clients.catch(() => {});
  return {
    stop: async () => {
      running = false;
      await clients;
      return {
        changes,
        batches: ackMs.length,
        seconds: (performance.now() - started) / 1000,
        ackMs,
        last,
      };
    },
  };
}
