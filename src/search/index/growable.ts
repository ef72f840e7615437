// Growable typed arrays: builders append millions of numbers without an object or a boxed
// number per element, then hand out an exact-length copy. One standalone class per element
// type on purpose: methods shared through a base class see several typed-array kinds and
// their property accesses turn polymorphic, which measured several times slower.

export class U8Vec {
  private data: Uint8Array;
  length = 0;

  constructor(capacity = 16) {
    this.data = new Uint8Array(Math.max(16, capacity));
  }

  push(value: number): void {
    if (this.length === this.data.length) {
      const next = new Uint8Array(this.length * 2);
      next.set(this.data);
      this.data = next;
    }
    this.data[this.length++] = value;
  }

  get(index: number): number {
    return this.data[index] as number;
  }

  set(index: number, value: number): void {
    this.data[index] = value;
  }

  /** Drops the contents, keeps the capacity. */
  clear(): void {
    this.length = 0;
  }

  /** A view of the filled part, valid until the next push. */
  view(): Uint8Array {
    return this.data.subarray(0, this.length);
  }

  /** An exact-length copy that owns its memory (the slack is not kept alive). */
  toArray(): Uint8Array {
    return this.data.slice(0, this.length);
  }
}

export class U32Vec {
  private data: Uint32Array;
  length = 0;

  constructor(capacity = 16) {
    this.data = new Uint32Array(Math.max(16, capacity));
  }

  push(value: number): void {
    if (this.length === this.data.length) {
      const next = new Uint32Array(this.length * 2);
      next.set(this.data);
      this.data = next;
    }
    this.data[this.length++] = value;
  }

  get(index: number): number {
    return this.data[index] as number;
  }

  set(index: number, value: number): void {
    this.data[index] = value;
  }

  /** Drops the contents, keeps the capacity. */
  clear(): void {
    this.length = 0;
  }

  /** A view of the filled part, valid until the next push. */
  view(): Uint32Array {
    return this.data.subarray(0, this.length);
  }

  /** An exact-length copy that owns its memory (the slack is not kept alive). */
  toArray(): Uint32Array {
    return this.data.slice(0, this.length);
  }
}

export class F64Vec {
  private data: Float64Array;
  length = 0;

  constructor(capacity = 16) {
    this.data = new Float64Array(Math.max(16, capacity));
  }

  push(value: number): void {
    if (this.length === this.data.length) {
      const next = new Float64Array(this.length * 2);
      next.set(this.data);
      this.data = next;
    }
    this.data[this.length++] = value;
  }

  get(index: number): number {
    return this.data[index] as number;
  }

  set(index: number, value: number): void {
    this.data[index] = value;
  }

  /** Drops the contents, keeps the capacity. */
  clear(): void {
    this.length = 0;
  }

  /** A view of the filled part, valid until the next push. */
  view(): Float64Array {
    return this.data.subarray(0, this.length);
  }

  /** An exact-length copy that owns its memory (the slack is not kept alive). */
  toArray(): Float64Array {
    return this.data.slice(0, this.length);
  }
}
