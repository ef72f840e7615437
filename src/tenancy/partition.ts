import { AppError } from "../errors.ts";
import type { DomainRecord } from "../model/records.ts";

// Which partition of nodes serves a domain, from its name alone: every node and a load
// balancer compute the same answer without asking anyone.
//
// The name is hashed with 64-bit FNV-1a (Fowler, Noll, Vo) and the hash is mapped to a
// partition by jump consistent hashing (Lamping and Veach, "A Fast, Minimal Memory,
// Consistent Hash Algorithm", 2014): growing from N to N+1 partitions moves only 1/(N+1) of
// the domains, all of them to the new partition, where a plain `hash % N` would move most.

const FNV_OFFSET = 0xcbf29ce484222325n;
const FNV_PRIME = 0x100000001b3n;
const MASK = 0xffffffffffffffffn;

export function fnv1a64(text: string): bigint {
  let h = FNV_OFFSET;
  for (const byte of new TextEncoder().encode(text)) h = ((h ^ BigInt(byte)) * FNV_PRIME) & MASK;
  return h;
}

/** Jump consistent hash: the bucket in [0, buckets) of a 64-bit key. */
export function jumpHash(key: bigint, buckets: number): number {
  let b = -1;
  let j = 0;
  let k = key;
  while (j < buckets) {
    b = j;
    k = (k * 2862933555777941757n + 1n) & MASK;
    j = Math.floor(((b + 1) * 2 ** 31) / Number((k >> 33n) + 1n));
  }
  return b;
}

export interface Partition {
  index: number;
  count: number;
}

/** The partition (0-based, below `count`) of a domain name. */
export function partitionOf(domainName: string, count: number): number {
  return count <= 1 ? 0 : jumpHash(fnv1a64(domainName), count);
}

/** Whether a node of `partition` serves the domain; every domain without partitioning. */
export function serves(partition: Partition | null, domain: Pick<DomainRecord, "name">): boolean {
  return partition === null || partitionOf(domain.name, partition.count) === partition.index;
}

/**
 * The routes' hook: a request for a domain of another partition is answered 421 Misdirected
 * Request, naming the partition that serves it, so a load balancer (or a client) can resend it.
 */
export function assertServedBy(partition: Partition | null): (domainName: string) => void {
  return (domainName) => {
    if (partition === null) return;
    const p = partitionOf(domainName, partition.count);
    if (p !== partition.index)
      throw new AppError("wrong_partition", { name: domainName, partition: p });
  };
}
