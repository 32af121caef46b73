/**
 * Strided element-wise kernels: out[i] = op(a[i], b[i]) over a plan from
 * ./plan.ts. No checks, no allocation, no per-element closure other than the
 * op itself, which TurboFan inlines: each kernel is made by its own factory
 * call, so the op call site in it only ever sees one function.
 *
 * Loop variables follow stdlib's convention: `d0` is the innermost size, `s*0`
 * the innermost strides, `i*` the running indices of out (o), a and b.
 */
import type { Operand, Plan } from "./plan.js";

export type Writable = { [index: number]: number; readonly length: number };

export type BinaryKernel = (plan: Plan, out: Operand<Writable>, a: Operand, b: Operand) => void;

/** A kernel computing `out = op(a, b)` element by element. */
export function makeBinaryKernel(op: (x: number, y: number) => number): BinaryKernel {
  /** One run of the innermost loop, specialised for contiguous and stride-0 operands. */
  const inner = (
    d0: number,
    o: Writable,
    io: number,
    so0: number,
    a: ArrayLike<number>,
    ia: number,
    sa0: number,
    b: ArrayLike<number>,
    ib: number,
    sb0: number,
  ): void => {
    if (so0 === 1) {
      const end = io + d0;
      if (sa0 === 1 && sb0 === 1) {
        const shift = ia - io;
        const shiftB = ib - io;
        let i = io;
        // unrolled by 4: V8 does not vectorise, but fewer loop tests help
        for (; i + 3 < end; i += 4) {
          o[i] = op(a[i + shift]!, b[i + shiftB]!);
          o[i + 1] = op(a[i + 1 + shift]!, b[i + 1 + shiftB]!);
          o[i + 2] = op(a[i + 2 + shift]!, b[i + 2 + shiftB]!);
          o[i + 3] = op(a[i + 3 + shift]!, b[i + 3 + shiftB]!);
        }
        for (; i < end; i++) o[i] = op(a[i + shift]!, b[i + shiftB]!);
        return;
      }
      if (sa0 === 0 && sb0 === 1) {
        const x = a[ia]!;
        const shiftB = ib - io;
        let i = io;
        for (; i + 3 < end; i += 4) {
          o[i] = op(x, b[i + shiftB]!);
          o[i + 1] = op(x, b[i + 1 + shiftB]!);
          o[i + 2] = op(x, b[i + 2 + shiftB]!);
          o[i + 3] = op(x, b[i + 3 + shiftB]!);
        }
        for (; i < end; i++) o[i] = op(x, b[i + shiftB]!);
        return;
      }
      if (sa0 === 1 && sb0 === 0) {
        const y = b[ib]!;
        const shift = ia - io;
        let i = io;
        for (; i + 3 < end; i += 4) {
          o[i] = op(a[i + shift]!, y);
          o[i + 1] = op(a[i + 1 + shift]!, y);
          o[i + 2] = op(a[i + 2 + shift]!, y);
          o[i + 3] = op(a[i + 3 + shift]!, y);
        }
        for (; i < end; i++) o[i] = op(a[i + shift]!, y);
        return;
      }
      if (sa0 === 0 && sb0 === 0) {
        const value = op(a[ia]!, b[ib]!);
        for (let i = io; i < end; i++) o[i] = value;
        return;
      }
      // contiguous output, inputs at any strides (a transposed input)
      const sa1 = sa0 * 2;
      const sa2 = sa0 * 3;
      const sb1 = sb0 * 2;
      const sb2 = sb0 * 3;
      let i = io;
      for (; i + 3 < end; i += 4) {
        o[i] = op(a[ia]!, b[ib]!);
        o[i + 1] = op(a[ia + sa0]!, b[ib + sb0]!);
        o[i + 2] = op(a[ia + sa1]!, b[ib + sb1]!);
        o[i + 3] = op(a[ia + sa2]!, b[ib + sb2]!);
        ia += sa0 * 4;
        ib += sb0 * 4;
      }
      for (; i < end; i++, ia += sa0, ib += sb0) o[i] = op(a[ia]!, b[ib]!);
      return;
    }
    for (let k = 0; k < d0; k++) {
      o[io] = op(a[ia]!, b[ib]!);
      io += so0;
      ia += sa0;
      ib += sb0;
    }
  };

  return (plan, out, a, b) => {
    if (plan.size === 0) return;
    const { dims } = plan;
    const [so, sa, sb] = plan.strides as [number[], number[], number[]];
    const rank = dims.length;
    const o = out.data;
    if (rank === 0) {
      o[out.offset] = op(a.data[a.offset]!, b.data[b.offset]!);
      return;
    }
    const last = rank - 1;
    const d0 = dims[last]!;
    const so0 = so[last]!;
    const sa0 = sa[last]!;
    const sb0 = sb[last]!;
    if (rank === 1) {
      inner(d0, o, out.offset, so0, a.data, a.offset, sa0, b.data, b.offset, sb0);
      return;
    }
    if (rank === 2) {
      const d1 = dims[0]!;
      const so1 = so[0]!;
      const sa1 = sa[0]!;
      const sb1 = sb[0]!;
      let io = out.offset;
      let ia = a.offset;
      let ib = b.offset;
      for (let i1 = 0; i1 < d1; i1++) {
        inner(d0, o, io, so0, a.data, ia, sa0, b.data, ib, sb0);
        io += so1;
        ia += sa1;
        ib += sb1;
      }
      return;
    }
    // rank >= 3: an odometer over the outer loops, the inner loop as above
    const counter = new Array<number>(last).fill(0);
    let io = out.offset;
    let ia = a.offset;
    let ib = b.offset;
    for (;;) {
      inner(d0, o, io, so0, a.data, ia, sa0, b.data, ib, sb0);
      let axis = last - 1;
      for (; axis >= 0; axis--) {
        const next = counter[axis]! + 1;
        if (next < dims[axis]!) {
          counter[axis] = next;
          io += so[axis]!;
          ia += sa[axis]!;
          ib += sb[axis]!;
          break;
        }
        counter[axis] = 0;
        io -= so[axis]! * (dims[axis]! - 1);
        ia -= sa[axis]! * (dims[axis]! - 1);
        ib -= sb[axis]! * (dims[axis]! - 1);
      }
      if (axis < 0) return;
    }
  };
}

/** Unary kernels: out = op(a). */
export type UnaryKernel = (plan: Plan, out: Operand<Writable>, a: Operand) => void;

export function makeUnaryKernel(op: (x: number) => number): UnaryKernel {
  const inner = (d0: number, o: Writable, io: number, so0: number, a: ArrayLike<number>, ia: number, sa0: number): void => {
    if (so0 === 1 && sa0 === 1) {
      const shift = ia - io;
      const end = io + d0;
      let i = io;
      for (; i + 3 < end; i += 4) {
        o[i] = op(a[i + shift]!);
        o[i + 1] = op(a[i + 1 + shift]!);
        o[i + 2] = op(a[i + 2 + shift]!);
        o[i + 3] = op(a[i + 3 + shift]!);
      }
      for (; i < end; i++) o[i] = op(a[i + shift]!);
      return;
    }
    if (sa0 === 0) {
      const value = op(a[ia]!);
      for (let k = 0; k < d0; k++, io += so0) o[io] = value;
      return;
    }
    for (let k = 0; k < d0; k++) {
      o[io] = op(a[ia]!);
      io += so0;
      ia += sa0;
    }
  };

  return (plan, out, a) => {
    if (plan.size === 0) return;
    const { dims } = plan;
    const [so, sa] = plan.strides as [number[], number[]];
    const rank = dims.length;
    const o = out.data;
    if (rank === 0) {
      o[out.offset] = op(a.data[a.offset]!);
      return;
    }
    const last = rank - 1;
    const d0 = dims[last]!;
    const so0 = so[last]!;
    const sa0 = sa[last]!;
    const counter = new Array<number>(last).fill(0);
    let io = out.offset;
    let ia = a.offset;
    for (;;) {
      inner(d0, o, io, so0, a.data, ia, sa0);
      let axis = last - 1;
      for (; axis >= 0; axis--) {
        const next = counter[axis]! + 1;
        if (next < dims[axis]!) {
          counter[axis] = next;
          io += so[axis]!;
          ia += sa[axis]!;
          break;
        }
        counter[axis] = 0;
        io -= so[axis]! * (dims[axis]! - 1);
        ia -= sa[axis]! * (dims[axis]! - 1);
      }
      if (axis < 0) return;
    }
  };
}

/** Ternary kernel for `where`: out = cond ? a : b, where cond is true when it is not 0 (NaN is true). */
export function whereKernel(plan: Plan, out: Operand<Writable>, cond: Operand, a: Operand, b: Operand): void {
  if (plan.size === 0) return;
  const { dims } = plan;
  const [so, sc, sa, sb] = plan.strides as [number[], number[], number[], number[]];
  const rank = dims.length;
  if (rank === 0) {
    out.data[out.offset] = cond.data[cond.offset] !== 0 ? a.data[a.offset]! : b.data[b.offset]!;
    return;
  }
  const last = rank - 1;
  const d0 = dims[last]!;
  const counter = new Array<number>(last).fill(0);
  let io = out.offset;
  let ic = cond.offset;
  let ia = a.offset;
  let ib = b.offset;
  const o = out.data;
  const c = cond.data;
  const x = a.data;
  const y = b.data;
  const so0 = so[last]!;
  const sc0 = sc[last]!;
  const sa0 = sa[last]!;
  const sb0 = sb[last]!;
  for (;;) {
    for (let k = 0, jo = io, jc = ic, ja = ia, jb = ib; k < d0; k++, jo += so0, jc += sc0, ja += sa0, jb += sb0) {
      o[jo] = c[jc] !== 0 ? x[ja]! : y[jb]!;
    }
    let axis = last - 1;
    for (; axis >= 0; axis--) {
      const next = counter[axis]! + 1;
      if (next < dims[axis]!) {
        counter[axis] = next;
        io += so[axis]!;
        ic += sc[axis]!;
        ia += sa[axis]!;
        ib += sb[axis]!;
        break;
      }
      counter[axis] = 0;
      io -= so[axis]! * (dims[axis]! - 1);
      ic -= sc[axis]! * (dims[axis]! - 1);
      ia -= sa[axis]! * (dims[axis]! - 1);
      ib -= sb[axis]! * (dims[axis]! - 1);
    }
    if (axis < 0) return;
  }
}
