/**
 * Reading zip archives (the container of NumPy's `.npz`) without inflating
 * anything before the caller has looked: `zipMembers` lists an archive's
 * members from its central directory (names, methods, declared sizes,
 * checksums, where each member's data lies), and a `MemberReader` inflates a
 * member's first bytes a piece at a time, and the whole member only into a
 * buffer of the size the caller agreed to, then checks its CRC-32. The DEFLATE
 * decoder is fflate's; writing archives is fflate's `zipSync`.
 *
 * Read: members stored (method 0) or deflated (method 8), zip64 sizes and
 * offsets (the end-of-directory record, the locator and each entry's extra
 * field), names in UTF-8 (flag bit 11) or, as the format says otherwise, in
 * code page 437. Refused, each a `TypeError` naming the member: encryption,
 * other methods, archives split over disks, a directory or local header that
 * lies outside the bytes, two members of one name; a member's data that
 * inflates to fewer bytes than declared or fails its CRC-32 is a `RangeError`.
 */
import { Inflate, inflateSync } from "fflate";
import { allocateArray } from "../dtype.js";
import { utf8Text } from "./bytes.js";

/** One member, as the central directory describes it. */
export interface ZipMember {
  readonly name: string;
  /** 0 stored, 8 deflated. */
  readonly method: 0 | 8;
  /** The declared size of the member's bytes (inflated). */
  readonly size: number;
  readonly compressedSize: number;
  readonly crc: number;
  /** Where the member's (compressed) data begins in the archive. */
  readonly dataStart: number;
}

const END = 0x06054b50;
const END64 = 0x06064b50;
const LOCATOR64 = 0x07064b50;
const ENTRY = 0x02014b50;
const LOCAL = 0x04034b50;
/** The zip64 extended information extra field. */
const ZIP64_FIELD = 0x0001;

/** Code page 437's characters for bytes 128 to 255: names without the UTF-8 flag are in it. */
const CP437_HIGH =
  "ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜ¢£¥₧ƒáíóúñÑªº¿⌐¬½¼¡«»░▒▓│┤╡╢╖╕╣║╗╝╜╛┐└┴┬├─┼╞╟╚╔╩╦╠═╬╧╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀αßΓπΣσµτΦΘΩδ∞φε∩≡±≥≤⌠⌡÷≈°∙·√ⁿ²■\u00a0";

/** A member's name: UTF-8 when the flag says so (a TypeError from `op` when it is not), else code page 437. */
function nameOf(op: string, bytes: Uint8Array, utf8: boolean): string {
  if (utf8) {
    try {
      return utf8Text(bytes);
    } catch (error) {
      throw new TypeError(`${op}: a member's name is flagged UTF-8 but is not: a damaged archive`, { cause: error });
    }
  }
  let name = "";
  for (const byte of bytes) name += byte < 128 ? String.fromCharCode(byte) : CP437_HIGH[byte - 128]!;
  return name;
}

/**
 * The members of the zip archive `bytes`, in the central directory's order, checked; a
 * `TypeError` beginning with `op` for bytes that are not a zip archive or a damaged one.
 */
export function zipMembers(op: string, bytes: Uint8Array): ZipMember[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const damaged = (what: string): never => {
    throw new TypeError(`${op}: the bytes are not a zip archive, or a damaged one (${what})`);
  };
  const u16 = (at: number): number => view.getUint16(at, true);
  const u32 = (at: number): number => view.getUint32(at, true);
  const u64 = (at: number): number => {
    const value = view.getBigUint64(at, true);
    return value > BigInt(Number.MAX_SAFE_INTEGER) ? Infinity : Number(value);
  };
  // the end-of-directory record: 22 bytes and a comment of up to 65,535, at the very end
  let end = -1;
  for (let at = bytes.length - 22; at >= 0 && at >= bytes.length - 22 - 0xffff; at--) {
    if (u32(at) === END && at + 22 + u16(at + 20) === bytes.length) {
      end = at;
      break;
    }
  }
  if (end < 0) damaged("no end-of-directory record");
  if (u16(end + 4) !== 0 || u16(end + 6) !== 0) damaged("the archive is split over several disks");
  let count = u16(end + 10);
  let directorySize = u32(end + 12);
  let directoryStart = u32(end + 16);
  if (end >= 20 && u32(end - 20) === LOCATOR64) {
    const record = u64(end - 12);
    if (!(record + 56 <= end) || u32(record) !== END64) damaged("its zip64 locator points at no zip64 end-of-directory record");
    count = u64(record + 32);
    directorySize = u64(record + 40);
    directoryStart = u64(record + 48);
  }
  if (!(directoryStart + directorySize <= end)) damaged("its central directory lies outside the archive");
  const members: ZipMember[] = [];
  const names = new Set<string>();
  let at = directoryStart;
  for (let i = 0; i < count; i++) {
    if (at + 46 > directoryStart + directorySize || u32(at) !== ENTRY) damaged(`the central directory's entry ${i} is cut short or has no signature`);
    const flags = u16(at + 8);
    const method = u16(at + 10);
    const crc = u32(at + 16);
    let compressedSize = u32(at + 20);
    let size = u32(at + 24);
    const nameLength = u16(at + 28);
    const extraLength = u16(at + 30);
    const commentLength = u16(at + 32);
    let local = u32(at + 42);
    const next = at + 46 + nameLength + extraLength + commentLength;
    if (next > directoryStart + directorySize) damaged(`the central directory's entry ${i} is cut short`);
    const name = nameOf(op, bytes.subarray(at + 46, at + 46 + nameLength), (flags & 0x800) !== 0);
    // zip64: the 8-byte values stand, in this order, for the fields that read 0xffffffff
    for (let field = at + 46 + nameLength; field + 4 <= at + 46 + nameLength + extraLength; ) {
      const id = u16(field);
      const length = u16(field + 2);
      if (id === ZIP64_FIELD) {
        let value = field + 4;
        const take = (): number => {
          if (value + 8 > field + 4 + length) damaged(`member ${JSON.stringify(name)}'s zip64 field is cut short`);
          const read = u64(value);
          value += 8;
          return read;
        };
        if (size === 0xffffffff) size = take();
        if (compressedSize === 0xffffffff) compressedSize = take();
        if (local === 0xffffffff) local = take();
      }
      field += 4 + length;
    }
    if ((flags & 1) !== 0) throw new TypeError(`${op}: member ${JSON.stringify(name)} is encrypted, which is not read`);
    if (method !== 0 && method !== 8) throw new TypeError(`${op}: member ${JSON.stringify(name)} is compressed by method ${method}; stored (0) and deflated (8) members are read`);
    if (names.has(name)) throw new TypeError(`${op}: the archive holds two members named ${JSON.stringify(name)}`);
    names.add(name);
    if (!(local + 30 <= directoryStart) || u32(local) !== LOCAL) damaged(`member ${JSON.stringify(name)}'s local header lies outside the archive`);
    const dataStart = local + 30 + u16(local + 26) + u16(local + 28);
    if (!(dataStart + compressedSize <= directoryStart)) damaged(`member ${JSON.stringify(name)}'s data lies outside the archive`);
    if (method === 0 && compressedSize !== size) damaged(`member ${JSON.stringify(name)} is stored, but its sizes differ (${compressedSize} and ${size})`);
    members.push({ name, method, size, compressedSize, crc, dataStart });
    at = next;
  }
  return members;
}

/** The compressed bytes handed to the streaming decoder at a time while reading a member's head. */
const PIECE = 4096;

/** CRC-32 tables for four bytes at a time: `tables[k][b]` is byte `b`'s remainder shifted by `k` more bytes. */
let tables: Uint32Array[] | undefined;

/** The CRC-32 (ISO 3309, the polynomial 0xedb88320 reflected, as zip uses it) of `bytes`. */
export function crc32(bytes: Uint8Array): number {
  if (tables === undefined) {
    const first = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      first[n] = c >>> 0;
    }
    tables = [first];
    for (let k = 1; k < 4; k++) tables.push(first.map((_, n) => (first[tables![k - 1]![n]! & 0xff]! ^ (tables![k - 1]![n]! >>> 8)) >>> 0));
  }
  const [t0, t1, t2, t3] = tables as [Uint32Array, Uint32Array, Uint32Array, Uint32Array];
  let crc = 0xffffffff;
  let i = 0;
  for (const end = bytes.length - 3; i < end; i += 4) {
    crc ^= bytes[i]! | (bytes[i + 1]! << 8) | (bytes[i + 2]! << 16) | (bytes[i + 3]! << 24);
    crc = t3[crc & 0xff]! ^ t2[(crc >>> 8) & 0xff]! ^ t1[(crc >>> 16) & 0xff]! ^ t0[crc >>> 24]!;
  }
  for (; i < bytes.length; i++) crc = t0[(crc ^ bytes[i]!) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/**
 * One member's bytes, inflated only as far as asked: `head(n)` gives at least its first `n`
 * bytes (fewer only at its end), inflating a piece at a time; `all(size)` all of them once the
 * caller knows how many there must be, inflated into exactly that many bytes.
 */
export class MemberReader {
  private readonly stream: Inflate | undefined;
  private out = new Uint8Array(0);
  private length = 0;
  private next = 0;
  private ended = false;

  constructor(
    private readonly op: string,
    private readonly archive: Uint8Array,
    private readonly member: ZipMember,
  ) {
    if (member.method === 8) {
      this.stream = new Inflate((chunk, final) => {
        if (this.length + chunk.length > this.out.length) {
          const grown = new Uint8Array(Math.max(this.length + chunk.length, 2 * this.out.length));
          grown.set(this.out.subarray(0, this.length));
          this.out = grown;
        }
        this.out.set(chunk, this.length);
        this.length += chunk.length;
        if (final) this.ended = true;
      });
    }
  }

  private get what(): string {
    return `member ${JSON.stringify(this.member.name)}`;
  }

  private get compressed(): Uint8Array {
    const { member } = this;
    return this.archive.subarray(member.dataStart, member.dataStart + member.compressedSize);
  }

  private damaged(error: unknown): TypeError {
    return new TypeError(`${this.op}: ${this.what} is damaged: its deflated data does not inflate (${(error as Error).message})`, { cause: error });
  }

  /** A `RangeError` unless `bytes` (all the member's) pass its CRC-32. */
  private checkCrc(bytes: Uint8Array): void {
    if (crc32(bytes) !== this.member.crc) throw new RangeError(`${this.op}: ${this.what} is damaged: its bytes fail their CRC-32 check`);
  }

  /** At least the first `n` bytes (all of them when the member is shorter). */
  head(n: number): Uint8Array {
    const { stream } = this;
    if (stream === undefined) {
      // stored: the archive's own bytes, all there, so checked before anything is read of them
      if (!this.ended) this.checkCrc(this.compressed);
      this.ended = true;
      return this.compressed;
    }
    const compressed = this.compressed;
    while (this.length < n && !this.ended) {
      const piece = compressed.subarray(this.next, this.next + PIECE);
      this.next += piece.length;
      const last = this.next === compressed.length;
      try {
        stream.push(piece, last);
      } catch (error) {
        throw this.damaged(error);
      }
      if (last && !this.ended) throw new TypeError(`${this.op}: ${this.what} is damaged: its deflated data ends before its last block`);
    }
    return this.out.subarray(0, this.length);
  }

  /**
   * All the member's bytes, which must be exactly `size` (the declared size checked before
   * anything more is inflated): inflated into a buffer of that size, so nothing past it is ever
   * kept (bytes the data may hold past it are dropped, as zip readers read only the declared
   * size); fewer bytes, or bytes that fail the member's CRC-32, are a `RangeError`.
   */
  all(size: number, why: string): Uint8Array {
    const { member } = this;
    if (member.size !== size) {
      throw new RangeError(`${this.op}: ${this.what} declares ${member.size} bytes, but ${why} makes it ${size}`);
    }
    let bytes: Uint8Array;
    if (this.stream === undefined) {
      bytes = this.head(size);
    } else {
      try {
        bytes = inflateSync(this.compressed, { out: allocateArray(this.op, Uint8Array, size) });
      } catch (error) {
        throw this.damaged(error);
      }
    }
    if (bytes.length < size) throw new RangeError(`${this.op}: ${this.what} inflates to ${bytes.length} bytes, fewer than the ${size} it declares`);
    if (this.stream !== undefined) this.checkCrc(bytes);
    return bytes;
  }
}
