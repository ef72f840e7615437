const encoder = new TextEncoder();

/**
 * A byte buffer that grows as UTF-8 is appended to it, built for one transfer to another
 * thread: `done` hands out a view of its own buffer, never a copy.
 */
export class Utf8Writer {
  private bytes: Uint8Array;
  length = 0;

  constructor(capacity: number) {
    this.bytes = new Uint8Array(capacity);
  }

  write(text: string): void {
    let rest = text;
    for (;;) {
      const { read, written } = encoder.encodeInto(rest, this.bytes.subarray(this.length));
      this.length += written;
      if (read === rest.length) return;
      rest = rest.slice(read);
      this.grow(rest.length * 3);
    }
  }

  /** Bytes already encoded (a record's JSON of a change batch): one copy, no encoding. */
  append(bytes: Uint8Array): void {
    if (this.length + bytes.length > this.bytes.length) this.grow(bytes.length);
    this.bytes.set(bytes, this.length);
    this.length += bytes.length;
  }

  /** The bytes written, as a view of a buffer of their own (to be transferred). */
  done(): Uint8Array {
    return this.bytes.subarray(0, this.length);
  }

  private grow(more: number): void {
    const grown = new Uint8Array(Math.max(this.bytes.length * 2, this.length + more));
    grown.set(this.bytes.subarray(0, this.length));
    this.bytes = grown;
  }
}
