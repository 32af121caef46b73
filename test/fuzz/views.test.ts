/**
 * Fuzz: random chains of views (transpose, permute, slices with negative
 * steps, broadcastTo in every mode, reshape views and copies, expandDims,
 * squeeze, split, flatten) on tensors of rank 0 to 8 with empty axes and
 * every dtype. After every step the view must equal the model carried
 * alongside (the same ops applied to plain arrays by index arithmetic); at
 * the end every read-out (toArray, get, item, toTypedArray, String of an
 * empty tensor) is checked, and a write through the view (clip with `out`)
 * must land exactly on the base elements the model says the view reads.
 */
import { clip, type Tensor } from "shapecast";
import { describe } from "vitest";
import { type ChainDesc, chainArb } from "./support/arbs.js";
import { buildChain } from "./support/chain.js";
import { checkEmptyString, checkReadOuts, expectError, expectModel, expectNoError, snapshot, expectUnchanged } from "./support/check.js";
import { store, type DType } from "./support/dtypes.js";
import { isWritable, type Model, sizeOf, writeThrough } from "./support/model.js";
import { fuzz } from "./support/run.js";

/** The value clip(v, c, c) writes, per dtype, chosen to differ from most elements. */
const fillValue = (dtype: DType, m: Model): number =>
  dtype === "bool" ? (m.values.some((v) => v === 0) ? 1 : 0) : dtype === "uint8" ? 77 : dtype === "int32" ? 7777 : 0.25;

describe("fuzz: views", () => {
  fuzz("views/chain", chainArb({ maxSteps: 6 }), (desc) => {
    const x = buildChain(desc);
    const code = x.lines.join("\n");
    checkReadOuts(x.t, x.m, code);
  });

  fuzz("views/print-empty", chainArb({ maxSteps: 3 }), (desc) => {
    const x = buildChain(desc, false);
    if (sizeOf(x.m.shape) === 0) checkEmptyString(x.t, x.m, x.lines.join("\n"));
  });

  fuzz("views/write-through", chainArb({ maxSteps: 5 }), (desc) => {
    const x = buildChain(desc, false);
    const code = x.lines.join("\n");
    expectModel(x.t, x.m, code);
    const origin = x.m.origin;
    if (origin === null || origin.length === 0) return; // a copy somewhere (or empty): nothing to share
    const c = fillValue(desc.dtype, x.m);
    const call = `${code}\nclip(${x.name}, ${c}, ${c}, { out: ${x.name} });`;
    if (!isWritable(x.m)) {
      // a broadcast view repeats elements: it cannot be written into, and nothing is written
      const before = snapshot([x.base]);
      expectError(() => clip(x.t, c, c, { out: x.t }), ["TypeError", "RangeError", "ShapeError"], "clip", call);
      expectUnchanged([x.base], before, call, [x.lines[0]!]);
      return;
    }
    const result: Tensor = expectNoError(() => clip(x.t, c, c, { out: x.t }), call);
    if (result !== x.t) throw new Error(`${call}\n  should return out itself`);
    // clip propagates NaN (contract); everything else becomes c
    const wrote = x.m.values.map((v) => (Number.isNaN(v) ? v : store(desc.dtype, c)));
    expectModel(x.t, { ...x.m, values: wrote }, `${call}\n(the view after the write)`);
    expectModel(x.base, writeThrough(x.baseM, origin, wrote), `${call}\n(the base ${x.lines[0]} after the write through the view)`);
  });
});
