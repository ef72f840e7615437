// UTF-8 written to a buffer that doubles when full: an answer's bytes made of pieces kept as
// bytes (lists-bytes.ts) and text encoded once, into one buffer, copied out once.

export const OPEN_LIST = 0x5b;
export const CLOSE_LIST = 0x5d;
export const CLOSE_OBJECT = 0x7d;
export const COMMA = 0x2c;
const ZERO = 0x30;

const encoder = new TextEncoder();

export class ByteWriter {
  private buffer = new Uint8Array(65_536);
  used = 0;

  /** Empties it, to write another answer. */
  reset(): void {
    this.used = 0;
  }

  private room(n: number): void {
    if (this.used + n <= this.buffer.length) return;
    const next = new Uint8Array(Math.max(this.buffer.length * 2, this.used + n));
    next.set(this.buffer.subarray(0, this.used));
    this.buffer = next;
  }

  byte(b: number): void {
    this.room(1);
    this.buffer[this.used++] = b;
  }

  bytes(b: Uint8Array): void {
    this.room(b.length);
    this.buffer.set(b, this.used);
    this.used += b.length;
  }

  text(s: string): void {
    // UTF-8 needs at most 3 bytes per UTF-16 unit.
    this.room(s.length * 3);
    this.used += encoder.encodeInto(s, this.buffer.subarray(this.used)).written;
  }

  /** A count as JSON writes it: a whole number's digits (else its JSON). */
  count(n: number): void {
    if (!Number.isSafeInteger(n) || n < 0) {
      this.text(JSON.stringify(n));
      return;
    }
    let digits = 1;
    for (let k = n; k >= 10; k = Math.floor(k / 10)) digits++;
    this.room(digits);
    let at = this.used + digits;
    let k = n;
    do {
      this.buffer[--at] = ZERO + (k % 10);
      k = Math.floor(k / 10);
    } while (k > 0);
    this.used += digits;
  }

  /** A copy of the bytes written since `from`. */
  copy(from = 0): Uint8Array {
    return this.buffer.slice(from, this.used);
  }
}
