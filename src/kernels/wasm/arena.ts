/**
 * The engine's WebAssembly memory: where tensors live that the SIMD kernels
 * (elementwise.wat, gemm.wat, reduce.wat) read and write without a copy. docs: README "Speed".
 *
 * - One memory, reserved once at its full size and never grown: growing a
 *   WebAssembly memory detaches every view of it, and a tensor's elements are
 *   a typed-array view. The reservation is address space; pages cost memory
 *   only once written.
 * - Blocks come in size classes (four per power of two, so at most a quarter
 *   is unused), each class a stack of free blocks: the block freed last is
 *   used next, still in cache, and needs no zeroing when its op writes every
 *   element.
 * - A block is freed when nothing reads it any more: its `Resident` (shared by
 *   a tensor and all its views) is registered with a FinalizationRegistry.
 *   Those callbacks run between tasks, so a loop that never yields cannot get
 *   blocks back: when the memory is full, new tensors live in ordinary
 *   ArrayBuffers (the JavaScript kernels' home) until the callbacks have run.
 *   Such a loop can give blocks back itself: `Tensor#dispose` (or a `tidy`
 *   scope) frees a block at once when no tensor over it is left undisposed.
 * - A tensor's public `data` is an ordinary typed array: reading it moves the
 *   elements out to an ArrayBuffer of their own (see `evict`), so a buffer can
 *   still be transferred to a worker or cloned without the whole memory.
 * - Tensors smaller than `MIN_RESIDENT_BYTES` stay in ordinary ArrayBuffers:
 *   for them the call into WebAssembly costs more than it saves.
 *
 * Where WebAssembly SIMD is missing, nothing here is created and every tensor
 * lives in an ordinary ArrayBuffer, computed by the JavaScript kernels. So it is
 * too until a program puts the modules in (`enableSimd`, ./engine.ts): their
 * bytes are not imported here, so that a bundle that leaves the engine out
 * carries none of them.
 */
import type { DType, StorageOf } from "../../../types/dtype.js";
import { allocate, CONSTRUCTORS } from "../../dtype.js";
import { decodeBase64 } from "./load.js";
import type { binarySimd, matmulSimd, unarySimd } from "../simd.js";

const PAGE = 65536;
/** The memory sizes tried, largest first (a browser may refuse a large one). */
const RESERVATIONS = [256 * 2 ** 20, 64 * 2 ** 20, 16 * 2 ** 20];
/** Bytes at the start of the memory for a kernel call: its plan, then operands staged there. */
export const META_BYTES = 64 * 1024;
/** Where a plan's words start, and where scalar and small operands are staged. */
export const PLAN_AT = 0;
/**
 * Two float64 parameters of an element-wise kernel (leakyRelu's alpha, clip's bounds), at the
 * end of the plan's area: a plan takes at most 5 * 64 words (1,280 bytes).
 */
export const PARAMS_AT = 4080;
export const STAGE_A = 4096;
export const STAGE_BYTES = 30 * 1024;
export const STAGE_B = STAGE_A + STAGE_BYTES;
/** Smaller tensors stay in ordinary ArrayBuffers. */
export const MIN_RESIDENT_BYTES = 4096;
/**
 * An op's result takes a new block (memory never written before) only while
 * the blocks made so far stay below this; above it, only a freed block, else
 * an ordinary ArrayBuffer. A loop that never yields cannot get blocks back
 * (see above): without this bound it would fill the whole reservation with
 * results it dropped, each of its first writes to a page costing more than the
 * op (measured: 13 ms for a new 4 MB block against 0.15 ms for the op in a
 * used one), and then go on in ordinary buffers anyway.
 */
const RESULT_LIMIT = 64 * 2 ** 20;
/**
 * And only while fewer bytes than this went into new result blocks since a
 * block last came back from the collector or a dispose (or a result outside the memory was
 * disposed, see `disposedOutside`; not a block a read-out of `data` moved out of the memory,
 * which says nothing of the results dropped: a training loop reading its weights each step
 * took 64 MiB of new blocks so, its first touches of those pages costing it more than half
 * again per step): a loop that yields gets blocks back every few MiB and
 * never meets this; one that never yields stops paying for new pages after
 * 16 MiB rather than 64 (its results then live in ordinary ArrayBuffers,
 * whose memory the allocator reuses at once).
 */
const FRESH_WITHOUT_RELEASE = 16 * 2 ** 20;
/** The smallest block (a class's size is never below it). */
const MIN_BLOCK = 1024;

type Storage = StorageOf[DType];

/**
 * A tensor's elements in the engine's memory, shared by the tensor and every
 * view of it. `array` views its block until the elements are moved out
 * (`evict`); from then on it is an ordinary typed array and `held` is -1.
 * @internal
 */
export class Resident {
  /** Tensors over the block not yet disposed (`Tensor#dispose`): the last one's `dispose()` frees it. */
  refs = 0;
  constructor(
    public array: Storage,
    public held: number,
  ) {}
}

interface Api {
  Memory: new (descriptor: { initial: number; maximum: number }) => { buffer: ArrayBuffer };
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { exports: Record<string, unknown> };
}

/** A kernel export: `(rank, meta, o, a, b)`, addresses in bytes. */
export type BinarySimd = (rank: number, meta: number, o: number, a: number, b: number) => void;

interface Arena {
  readonly buffer: ArrayBuffer;
  readonly limit: number;
  readonly exports: Record<string, unknown>;
  readonly words: Int32Array;
  /** The end of the blocks made so far; memory above it has never been written. */
  top: number;
  /** Free blocks per size class (stacks of byte offsets). */
  readonly free: number[][];
  /** Bytes in blocks held by tensors. */
  live: number;
  /** Blocks given out and not freed. */
  blocks: number;
  /** Bytes given out since the collector was last nudged. */
  sinceNudge: number;
  /** Whether the program let a task run since the last nudge (see `nudge`). */
  yielded: boolean;
  /** Nudges made (for the tests). */
  nudges: number;
  /** The color of the last large block made (see COLOR_STEP). */
  colored: number;
  /** Bytes of new blocks given to results since a block last came back (see FRESH_WITHOUT_RELEASE). */
  freshResults: number;
  readonly registry: FinalizationRegistry<number>;
}

let arena: Arena | undefined;
let tried = false;
let enabled = true;
/** The modules' bytes (base64: elementwise, gemm, reduce), once `provideModules` gave them. */
let sources: readonly string[] | undefined;

/**
 * The ops' way into the SIMD kernels (src/kernels/simd.ts), given with the modules: the ops call
 * through here rather than import that module, so a bundle without the engine carries none of it.
 * Each returns false when the op is left to the JavaScript kernels (no SIMD here, no kernel for
 * the dtype, operands it cannot read).
 */
export interface SimdOps {
  readonly binary: typeof binarySimd;
  readonly unary: typeof unarySimd;
  readonly matmul: typeof matmulSimd;
}
/** `SimdOps`, once `provideModules` gave them; until then every op runs the JavaScript kernels. */
export const simdOps: Partial<SimdOps> = {};

/**
 * Gives the arena its modules and the ops their SIMD entry points (./engine.ts's `enableSimd`).
 * Before this, no arena is made and every op runs the JavaScript kernels; after it, the next op
 * that asks makes the arena (at most once).
 */
export function provideModules(modules: readonly string[], ops: SimdOps): void {
  if (sources !== undefined) return;
  sources = modules;
  Object.assign(simdOps, ops);
  tried = false;
}

/** The size class of a block of `bytes`: k * 4 + steps for a size of 2^k + steps * 2^(k - 2). */
export function classOf(bytes: number): number {
  const size = Math.max(bytes, MIN_BLOCK);
  const k = 31 - Math.clz32(size - 1);
  const quarter = 2 ** (k - 2);
  return k * 4 + Math.ceil((size - 2 ** k) / quarter);
}

/** The bytes of a block of size class `index`. */
export function classBytes(index: number): number {
  const k = Math.floor((index - 1) / 4);
  return 2 ** k + (index - 4 * k) * 2 ** (k - 2);
}

function create(): Arena | undefined {
  const api = (globalThis as { WebAssembly?: Api }).WebAssembly;
  const Registry = (globalThis as { FinalizationRegistry?: typeof FinalizationRegistry }).FinalizationRegistry;
  if (api === undefined || Registry === undefined || sources === undefined) return undefined;
  let modules: object[];
  try {
    modules = sources.map((bytes) => new api.Module(decodeBase64(bytes)));
  } catch {
    return undefined; // no SIMD (a CompileError), or no WebAssembly compilation here
  }
  for (const bytes of RESERVATIONS) {
    let memory: { buffer: ArrayBuffer };
    try {
      memory = new api.Memory({ initial: bytes / PAGE, maximum: bytes / PAGE });
    } catch {
      continue; // too large for this platform: try a smaller one
    }
    // every module's functions on the one memory
    const exports = Object.assign({}, ...modules.map((module) => new api.Instance(module, { env: { memory }, math: { sin: Math.sin, cos: Math.cos, mod: (x: number, y: number) => x % y } }).exports)) as Record<string, unknown>;
    const made: Arena = {
      buffer: memory.buffer,
      limit: bytes,
      exports,
      words: new Int32Array(memory.buffer, PLAN_AT, STAGE_A / 4),
      top: META_BYTES,
      free: [],
      live: 0,
      blocks: 0,
      sinceNudge: 0,
      yielded: true,
      nudges: 0,
      colored: 0,
      freshResults: 0,
      registry: new Registry((held: number) => release(held)),
    };
    return made;
  }
  return undefined;
}

/** The arena, made on first use; `undefined` where SIMD is missing or the engine is switched off. */
function current(): Arena | undefined {
  if (!enabled) return undefined;
  if (!tried) {
    tried = true;
    arena = create();
  }
  return arena;
}

/** Does this platform run the SIMD kernels (and is the engine on)? */
export const simdAvailable = (): boolean => current() !== undefined;

/**
 * Switches the WebAssembly engine off (every new tensor in an ordinary
 * ArrayBuffer, every op on the JavaScript kernels) or back on. Tensors already
 * in the memory keep working either way. @internal (tests and benchmarks)
 */
export function setSimdEnabled(on: boolean): void {
  enabled = on;
}

/**
 * Bytes given out between two nudges of the collector, and the nudge's size:
 * 100,000 ops on [64, 64] in a loop that yields peaked at 47-50 MiB of blocks
 * with 16 / 64 MiB, 35 with 16 / 128, 28-30 with 8 / 128, in the same time
 * (test/kernels/arena.test.ts's loop, a 3-million-object heap beside it).
 */
const NUDGE_BYTES = 8 * 2 ** 20;
/** Above the size from which allocators map fresh pages (32 MiB for glibc's malloc): never written, never touched. */
const BALLAST_BYTES = 128 * 2 ** 20;
/** The host's `setTimeout` (Node and browsers alike; the library's types name no host). */
const later = (globalThis as unknown as { setTimeout: (run: () => void, ms: number) => unknown }).setTimeout;
/** The last ballast: kept so that making it is not optimized away. */
let ballast: ArrayBuffer | undefined;

/**
 * The collector does not see the memory's blocks, only the small objects that hold them,
 * so it would run rarely and return blocks late. A large ArrayBuffer, never written (its
 * pages are never touched, so it costs address space only), is what it does see: making
 * one now and then, in proportion to the blocks given out, lets it run as it would if the
 * blocks were ArrayBuffers of their own.
 */
function nudge(a: Arena): void {
  a.sinceNudge = 0;
  // A program that has not let a task run since the last nudge cannot get blocks back from a
  // collection (the registry's callbacks run as tasks): another ballast would only buy it a
  // full collection for nothing (measured: a training step of a small MLP in a loop that never
  // yields took 0.26 ms with a nudge every 8 MiB, ten mark-compacts in 1.5 s, against 0.15 ms
  // in ordinary buffers). The nudges resume after the program yields.
  if (!a.yielded) return;
  a.yielded = false;
  a.nudges++;
  const timer = later(() => (a.yielded = true), 0);
  (timer as { unref?: () => void } | undefined)?.unref?.();
  ballast = undefined;
  try {
    ballast = new ArrayBuffer(BALLAST_BYTES);
  } catch {
    // where so much address space is refused (a small 32-bit tab), the blocks come back later, not never
  }
}

const encode = (offset: number, index: number): number => (offset / 16) * 128 + index;

/** Blocks from this size on start at one of COLORS offsets (see COLOR_STEP). */
const COLORED_BYTES = 64 * 1024;
const COLORS = 8;
/** 37 cache lines: not a multiple of 4 KiB, so each color moves the bits that pick a cache set. */
const COLOR_STEP = 37 * 64;
// A new large block starts `color * COLOR_STEP` bytes after the last one ends, the color cycling
// with the large blocks made (a freed block keeps its own), so that large blocks do not all start
// at the same place modulo a power of two: size classes make same-sized blocks a power of two
// apart (three 4 MB tensors at 4 MiB strides), and then the elements an op reads and writes
// together share cache sets and the low 12 address bits loads and stores are matched by (a
// [1000, 1000] float32 add took 0.112-0.113 ms with its operands 4 MiB apart against
// 0.106-0.109 at other distances, median of 15 each).

/** Frees a block; `collected`: it came back from the collector or a dispose (not a read-out's eviction), which lets results take new blocks again. */
function release(held: number, collected = true): void {
  const a = arena;
  if (a === undefined) return;
  const index = held % 128;
  const offset = ((held - index) / 128) * 16;
  (a.free[index] ??= []).push(offset);
  a.live -= classBytes(index);
  if (collected) a.freshResults = 0;
  a.blocks--;
}

/**
 * Elements of `dtype` in the engine's memory, or `undefined` when they should
 * live in an ordinary ArrayBuffer (too few, no SIMD here, or the memory is
 * full). `zeroed`: the caller needs zeros (a reused block is cleared);
 * otherwise the block holds whatever it held and the caller writes every element.
 * `kind` "result": an op's result, which takes a block never used before only
 * below `RESULT_LIMIT` (see there).
 */
export function residentStorage(dtype: DType, length: number, zeroed: boolean, kind: "tensor" | "result" = "tensor"): Resident | undefined {
  // (a count no dtype makes resident is turned away before anything is looked up: the small op's path)
  if (length < MIN_RESIDENT_BYTES / 8) return undefined;
  const Ctor = CONSTRUCTORS[dtype];
  const bytes = length * Ctor.BYTES_PER_ELEMENT;
  if (bytes < MIN_RESIDENT_BYTES) return undefined;
  const a = current();
  if (a === undefined) return undefined;
  const index = classOf(bytes);
  const size = classBytes(index);
  const stack = a.free[index];
  let offset: number;
  let fresh = false;
  if (stack !== undefined && stack.length > 0) offset = stack.pop()!;
  else {
    const large = size >= COLORED_BYTES;
    const color = large ? (a.colored + 1) % COLORS : 0;
    const end = a.top + color * COLOR_STEP + size;
    if (kind === "result" ? end > RESULT_LIMIT || a.freshResults >= FRESH_WITHOUT_RELEASE : end > a.limit) return undefined;
    offset = end - size;
    a.top = end;
    if (large) a.colored = color;
    if (kind === "result") a.freshResults += size;
    fresh = true; // never written: zeros
  }
  a.live += size;
  a.blocks++;
  // (blocks given out before this one: a block disposed by hand before the next comes is never counted)
  if (a.sinceNudge >= NUDGE_BYTES) nudge(a);
  a.sinceNudge += size;
  const array = new Ctor(a.buffer, offset, length) as Storage;
  if (zeroed && !fresh) array.fill(0);
  const held = encode(offset, index);
  const resident = new Resident(array, held);
  a.registry.register(resident, held, resident);
  return resident;
}

/**
 * Moves a resident tensor's elements out to an ArrayBuffer of their own and
 * frees its block at once: what reading `data` does, so that what a user
 * holds is an ordinary typed array (transferable, cloned alone).
 */
export function evict(resident: Resident): Storage {
  if (resident.held >= 0) {
    const copy = resident.array.slice() as Storage;
    arena!.registry.unregister(resident);
    // (a read-out says nothing of whether the program's dropped results come back)
    release(resident.held, false);
    resident.held = -1;
    resident.array = copy;
  }
  return resident.array;
}

/**
 * A tensor over `resident` was disposed: when it was the last one not disposed, the block is
 * freed now rather than when the collector finds the `Resident` unreachable. The tensors over
 * it (each one counted in `refs` when made) are then all disposed, and read nothing from it.
 */
export function drop(resident: Resident): void {
  if (--resident.refs > 0 || resident.held < 0) return;
  const a = arena!;
  a.registry.unregister(resident);
  release(resident.held);
  // a block given back by hand needs no collection to find it: it does not count towards a nudge
  a.sinceNudge = Math.max(0, a.sinceNudge - classBytes(resident.held % 128));
  resident.held = -1;
  resident.array = resident.array.subarray(0, 0) as Storage;
}

/**
 * Gives back a block an op took for its own use (an operand converted into the memory, see
 * src/kernels/simd.ts) as soon as the op ran. Unlike a result's block coming back, it says
 * nothing of whether the program's dropped results come back, so it does not let results take
 * new blocks again (see `FRESH_WITHOUT_RELEASE`).
 */
export function dropTemporary(resident: Resident): void {
  const a = arena;
  if (a === undefined || resident.held < 0) return;
  a.registry.unregister(resident);
  release(resident.held, false);
  a.sinceNudge = Math.max(0, a.sinceNudge - classBytes(resident.held % 128));
  resident.held = -1;
  resident.array = resident.array.subarray(0, 0) as Storage;
}

/**
 * A tensor large enough for a block, but in an ordinary ArrayBuffer, was disposed: the program
 * frees its results itself, so new blocks for results are worth their first writes again (see
 * `FRESH_WITHOUT_RELEASE`): the next result takes one, and its `dispose()` gives it back.
 */
export function disposedOutside(): void {
  if (arena !== undefined) arena.freshResults = 0;
}

/** Is `array` a view of the engine's memory? Then `array.byteOffset` is its address. */
export const inMemory = (array: ArrayLike<number>): boolean =>
  arena !== undefined && (array as { buffer?: ArrayBufferLike }).buffer === arena.buffer;

/** The kernel export `name` (`add_f32`, ...), when the arena runs here and has it. */
export function simdKernel(name: string): BinarySimd | undefined {
  const a = current();
  return a === undefined ? undefined : (a.exports[name] as BinarySimd | undefined);
}

/** gemm.wat's float32 product, C = A x B, over byte addresses and byte strides (see scripts/wat/gemm.ts). */
export type GemmF32 = (a: number, b: number, c: number, m: number, k: number, n: number, aRow: number, aDepth: number, bRow: number, cRow: number) => void;

/** The float32 matrix product on the memory, when the arena runs here. */
export function gemmKernel(): GemmF32 | undefined {
  const a = current();
  return a === undefined ? undefined : (a.exports["gemm_f32"] as GemmF32);
}

/** A reduce.wat export by name (`sum_f32`, `argmax_f64`, ...; see scripts/wat/reduce.ts), when the arena runs here. */
export function reduceKernel<F>(name: string): F | undefined {
  const a = current();
  return a === undefined ? undefined : (a.exports[name] as F | undefined);
}

/** The plan's words (dims, strides, counters), written before a kernel call. */
export const planWords = (): Int32Array => arena!.words;

/** The memory's buffer (for staging operands). */
export const memoryBuffer = (): ArrayBuffer => arena!.buffer;

/** What the memory holds now: for tests, benchmarks and `memoryStats`. */
export function arenaStats(): { simd: boolean; reservedBytes: number; usedBytes: number; blocks: number; touchedBytes: number; nudges: number } {
  const a = current();
  if (a === undefined) return { simd: false, reservedBytes: 0, usedBytes: 0, blocks: 0, touchedBytes: 0, nudges: 0 };
  return { simd: true, reservedBytes: a.limit, usedBytes: a.live, blocks: a.blocks, touchedBytes: a.top, nudges: a.nudges };
}

/**
 * A new tensor's elements: in the engine's memory when there are enough of
 * them and SIMD runs here, else a buffer of their own. `zeroed`: false when
 * the caller writes every element.
 */
export const allocateStorage = <D extends DType>(op: string, dtype: D, length: number, zeroed: boolean): StorageOf[D] | Resident =>
  residentStorage(dtype, length, zeroed) ?? allocate(op, dtype, length);

/** The typed array of storage from `allocateStorage`, to write the elements into. */
export const arrayOf = <D extends DType>(storage: StorageOf[D] | Resident): StorageOf[D] =>
  (storage instanceof Resident ? storage.array : storage) as StorageOf[D];
