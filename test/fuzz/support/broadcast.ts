/**
 * Generators of shapes that fit each broadcasting mode (and, one case in
 * eight, shapes that may not), for the fuzz suite's rules in fit.ts.
 */
import fc from "fast-check";
import { withinBudget } from "./arbs.js";
import type { BinarySpec } from "./fit.js";

export { type BinarySpec, binaryFit, type Fit, type FitOrError, isFit, numpyFit, readIndex, readIndexOf } from "./fit.js";

/** The shapes of a binary case and its spec. */
export interface ShapesCase {
  readonly a: readonly number[];
  readonly b: readonly number[];
  readonly spec: BinarySpec;
}

const dim = fc.oneof({ arbitrary: fc.integer({ min: 1, max: 4 }), weight: 8 }, { arbitrary: fc.constant(0), weight: 1 });
const flags = fc.array(fc.boolean(), { minLength: 5, maxLength: 5 });

/**
 * Shapes that fit, per mode (one case in eight has one size changed: the
 * reference decides whether it still fits). Every field is drawn
 * independently and interpreted here, so that counterexamples shrink well.
 */
export const shapesCaseArb: fc.Arbitrary<ShapesCase> = fc
  .record({
    mode: fc.nat(3),
    r: fc.array(dim, { maxLength: 5 }).map((s) => withinBudget(s, 64)),
    ra: fc.nat(5),
    rb: fc.nat(5),
    oa: flags,
    ob: flags,
    picked: flags,
    flag: fc.boolean(),
    form: fc.nat(2),
    start: fc.nat(5),
    trailing: fc.nat(2),
    mutate: fc.nat(7),
    side: fc.boolean(),
    axis: fc.nat(7),
    size: fc.integer({ min: 0, max: 5 }),
  })
  .map((f): ShapesCase => {
    const r = f.r;
    let c: ShapesCase;
    if (f.mode === 0) {
      // numpy: suffixes of a result shape, with some sizes 1 (either side may be higher)
      const ra = Math.min(f.ra, r.length);
      const rb = Math.min(f.rb, r.length);
      c = {
        a: r.slice(r.length - ra).map((d, i) => (f.oa[i] ? 1 : d)),
        b: r.slice(r.length - rb).map((d, i) => (f.ob[i] ? 1 : d)),
        spec: f.flag ? { mode: "numpy" } : undefined,
      };
    } else if (f.mode === 1) {
      c = { a: r, b: [...r], spec: { mode: "none" } };
    } else if (f.mode === 2) {
      // xla: the lower rank mapped by increasing dims onto the higher (either side); equal ranks: degenerate dims
      const dims = [...r.keys()].filter((i) => f.picked[i]);
      const low = dims.map((axis, i) => (f.ob[i] ? 1 : r[axis]!));
      const high = r.map((d, i) => (f.oa[i] && !dims.includes(i) ? 1 : d));
      let spec: BinarySpec;
      if (low.length === high.length) spec = f.form === 0 ? { mode: "xla" } : { mode: "xla", broadcastDimensions: f.form === 1 ? [] : dims };
      else if (low.length === 0) spec = f.form === 1 ? { mode: "xla", broadcastDimensions: [] } : { mode: "xla" };
      else spec = { mode: "xla", broadcastDimensions: dims };
      c = f.flag ? { a: low, b: high, spec } : { a: high, b: low, spec };
    } else {
      // pdpd: b is a run of a's axes (some 1s) plus trailing 1s, at axis (or -1 / omitted when it ends at a's end)
      const s = Math.min(f.start, r.length);
      const len = Math.min(f.rb, r.length - s);
      const run = r.slice(s, s + len).map((d, i) => (f.ob[i] ? 1 : d));
      const extra = Math.min(f.trailing, r.length - s - len);
      const b = [...run, ...new Array<number>(extra).fill(1)];
      const atEnd = s + b.length === r.length;
      const spec: BinarySpec = atEnd && f.form === 1 ? { mode: "pdpd" } : atEnd && f.form === 2 ? { mode: "pdpd", axis: -1 } : { mode: "pdpd", axis: s };
      c = { a: r, b, spec };
    }
    if (f.mutate !== 7) return c;
    const target = f.side ? c.a : c.b;
    if (target.length === 0) return c;
    const changed = target.map((d, i) => (i === f.axis % target.length ? f.size : d));
    return f.side ? { ...c, a: changed } : { ...c, b: changed };
  });
