/**
 * The lowering table: for each op shapecast records (src/autodiff/tape.ts),
 * the function that writes it as ONNX nodes. One file per family of ops; an
 * op missing here is an export error naming it (src/onnx/export.ts), and
 * test/onnx/coverage.test.ts checks that every op of the catalog has one.
 */
import type { Lowering } from "./context.js";
import { elementwiseLowerings } from "./elementwise.js";
import { linalgLowerings } from "./linalg.js";
import { normLowerings } from "./norm.js";
import { convLowerings } from "./conv.js";
import { reduceLowerings } from "./reduce.js";
import { resizeLowerings } from "./resize.js";
import { shapingLowerings } from "./shaping.js";

export const lowerings: Readonly<Record<string, Lowering>> = {
  ...elementwiseLowerings,
  ...reduceLowerings,
  ...shapingLowerings,
  ...linalgLowerings,
  ...normLowerings,
  ...convLowerings,
  ...resizeLowerings,
};
