// Growable typed arrays: builders append millions of numbers without an object or a boxed
// number per element, then hand out an exact-length view.

type TypedCtor<T> = { new (length: number): T };

abstract class Vec<T extends Uint8Array | Uint16Array | Uint32Array | Float64Array> {
  protected data: T;
  length = 0;

  constructor(
    private readonly ctor: TypedCtor<T>,
    capacity: number,
  ) {
    this.data = new ctor(Math.max(16, capacity));
  }

  push(value: number): void {
    if (this.length === this.data.length) this.grow(this.length * 2);
    this.data[this.length++] = value;
  }

  get(index: number): number {
    return this.data[index] as number;
  }

  set(index: number, value: number): void {
    this.data[index] = value;
  }

  /** Drops the contents but keeps the capacity (scratch reuse). */
  clear(): void {
    this.length = 0;
  }

  /** A view of the filled part; valid until the next push. */
  view(): T {
    return this.data.subarray(0, this.length) as T;
  }

  /** An exact-length copy that owns its memory (the builder's slack is not kept alive). */
  toArray(): T {
    return this.data.slice(0, this.length) as T;
  }

  private grow(capacity: number): void {
    const next = new this.ctor(capacity);
    next.set(this.data);
    this.data = next;
  }
}

export class U8Vec extends Vec<Uint8Array> {
  constructor(capacity = 16) {
    super(Uint8Array, capacity);
  }
}

export class U16Vec extends Vec<Uint16Array> {
  constructor(capacity = 16) {
    super(Uint16Array, capacity);
  }
}

export class U32Vec extends Vec<Uint32Array> {
  constructor(capacity = 16) {
    super(Uint32Array, capacity);
  }
}

export class F64Vec extends Vec<Float64Array> {
  constructor(capacity = 16) {
    super(Float64Array, capacity);
  }
}
