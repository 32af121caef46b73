/**
 * Iteration plans for strided kernels, in the manner of NumPy's nditer:
 * drop size-1 axes, order axes by the output's strides (innermost = smallest),
 * then merge neighbouring axes that are contiguous for every operand. A
 * same-shape contiguous op becomes one flat loop; a broadcast becomes loops
 * whose stride-0 operands the kernels hoist out of the inner loop.
 *
 * Strides and offsets are in elements. Nothing here checks its input: the ops
 * in src/ops/ validate before they plan.
 */

/** One operand as the kernels see it: its buffer, first element, and a stride per axis of the iteration shape. */
export interface Operand<Data = ArrayLike<number>> {
  readonly data: Data;
  readonly offset: number;
  readonly strides: readonly number[];
}

/** The loops to run: sizes outermost first, and per operand its strides in the same order. */
export interface Plan {
  /** Loop sizes, outermost first; empty when there is exactly one element. */
  readonly dims: number[];
  /** `strides[k][axis]`: operand k's stride on that loop. */
  readonly strides: number[][];
  /** Total number of elements (0 means nothing to do). */
  readonly size: number;
}

/**
 * Plans the iteration of `shape` over operands with the given strides (each of
 * the same length as `shape`; operand 0 is the output, whose strides choose
 * the loop order).
 */
export function planIteration(shape: readonly number[], operandStrides: readonly (readonly number[])[]): Plan {
  const count = operandStrides.length;
  let size = 1;
  // 1. keep the axes whose size is not 1
  const axes: number[] = [];
  for (let axis = 0; axis < shape.length; axis++) {
    const dim = shape[axis]!;
    size *= dim;
    if (dim !== 1) axes.push(axis);
  }
  if (size === 0) return { dims: [], strides: operandStrides.map(() => []), size: 0 };
  // 2. order by the output's stride magnitude, largest first (insertion sort: ranks are small)
  const out = operandStrides[0]!;
  for (let i = 1; i < axes.length; i++) {
    const axis = axes[i]!;
    const key = Math.abs(out[axis]!);
    let j = i - 1;
    while (j >= 0 && Math.abs(out[axes[j]!]!) < key) {
      axes[j + 1] = axes[j]!;
      j--;
    }
    axes[j + 1] = axis;
  }
  // 3. merge an axis into the one inside it when every operand steps through both as one
  const dims: number[] = [];
  const strides: number[][] = [];
  for (let k = 0; k < count; k++) strides.push([]);
  for (let i = axes.length - 1; i >= 0; i--) {
    const axis = axes[i]!;
    const dim = shape[axis]!;
    const last = dims.length - 1;
    if (last >= 0) {
      let mergeable = true;
      for (let k = 0; k < count; k++) {
        if (operandStrides[k]![axis] !== strides[k]![last]! * dims[last]!) {
          mergeable = false;
          break;
        }
      }
      if (mergeable) {
        // the outer axis continues the inner one: one longer loop with the inner strides
        dims[last] = dims[last]! * dim;
        continue;
      }
    }
    dims.push(dim);
    for (let k = 0; k < count; k++) strides[k]!.push(operandStrides[k]![axis]!);
  }
  // built innermost first; loops run outermost first
  dims.reverse();
  for (const row of strides) row.reverse();
  return { dims, strides, size };
}

/** Row-major (C-order) strides of a contiguous shape. */
export function contiguousStrides(shape: readonly number[]): number[] {
  const strides = new Array<number>(shape.length);
  let step = 1;
  for (let axis = shape.length - 1; axis >= 0; axis--) {
    strides[axis] = step;
    step *= shape[axis]!;
  }
  return strides;
}

/**
 * Strides that read an operand of shape `operandShape` (strides `operandStrides`)
 * as if it had the result's shape, right-aligned: stride 0 on broadcast axes.
 */
export function broadcastStrides(
  operandShape: readonly number[],
  operandStrides: readonly number[],
  resultShape: readonly number[],
): number[] {
  const rank = resultShape.length;
  const pad = rank - operandShape.length;
  const strides = new Array<number>(rank);
  for (let axis = 0; axis < rank; axis++) {
    const own = axis - pad;
    strides[axis] = own < 0 || operandShape[own] === 1 ? 0 : operandStrides[own]!;
  }
  return strides;
}
