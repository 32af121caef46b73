/**
 * Deflate streams that inflate to far more than they hold, written bit by bit (RFC 1951), so
 * that a test can make a member of a gibibyte in a few megabytes without ever holding the
 * gibibyte: `bomb(prefix, zeros)` inflates to `prefix` (a stored block) and then `zeros` zero
 * bytes (one fixed-Huffman block: a literal 0, then copies of 258 bytes at distance 1).
 */
import { zipSync } from "fflate";

class Bits {
  private readonly bytes: number[] = [];
  private bit = 0;

  /** `value`'s `count` low bits, least significant first (the order of DEFLATE's header fields and extra bits). */
  low(value: number, count: number): void {
    for (let i = 0; i < count; i++) this.push((value >>> i) & 1);
  }

  /** A Huffman code of `count` bits, most significant first. */
  code(value: number, count: number): void {
    for (let i = count - 1; i >= 0; i--) this.push((value >>> i) & 1);
  }

  private push(bit: number): void {
    if (this.bit === 0) this.bytes.push(0);
    this.bytes[this.bytes.length - 1]! |= bit << this.bit;
    this.bit = (this.bit + 1) % 8;
  }

  /** Pads to a byte boundary. */
  align(): void {
    this.bit = 0;
  }

  raw(bytes: Uint8Array): void {
    this.align();
    for (const byte of bytes) this.bytes.push(byte);
  }

  done(): Uint8Array {
    return Uint8Array.from(this.bytes);
  }
}

/** A raw DEFLATE stream of `prefix` and then `zeros` zero bytes (at least 1). */
export function bomb(prefix: Uint8Array, zeros: number): Uint8Array {
  const out = new Bits();
  if (prefix.length > 0) {
    out.low(0, 1); // not the last block
    out.low(0, 2); // stored
    out.align();
    out.low(prefix.length, 16);
    out.low(~prefix.length & 0xffff, 16);
    out.raw(prefix);
  }
  out.low(1, 1); // the last block
  out.low(1, 2); // fixed Huffman codes
  out.code(0x30, 8); // the literal 0
  let left = zeros - 1;
  // in the fixed code, length 258 is symbol 285 (8 bits, 0xc5) and distance 1 is code 0 (5 bits)
  for (; left >= 258; left -= 258) {
    out.code(0xc5, 8);
    out.code(0, 5);
  }
  for (; left > 0; left--) out.code(0x30, 8); // the rest as literals
  out.code(0, 7); // end of block
  return out.done();
}

/**
 * A zip archive of one deflated member `name` whose data is `deflated` and which declares `size`
 * bytes (fflate writes the member, then the data and sizes are put in by hand).
 */
export function zipOfDeflated(name: string, deflated: Uint8Array, size: number, crc = 0): Uint8Array {
  // a stored placeholder member of the right compressed length, then method, size and CRC set
  const archive = zipSync({ [name]: [new Uint8Array(deflated.length), { level: 0 }] });
  const view = new DataView(archive.buffer);
  const nameLength = new TextEncoder().encode(name).length;
  const local = 0;
  const dataStart = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
  archive.set(deflated, dataStart);
  const entry = archive.length - 22 - (46 + nameLength);
  for (const [header, at] of [
    [local, 8],
    [entry, 10],
  ] as const) {
    view.setUint16(header + at, 8, true); // deflated
    view.setUint32(header + at + 6, crc, true);
    view.setUint32(header + at + 14, size, true);
  }
  return archive;
}
