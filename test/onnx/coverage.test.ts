/**
 * Every op of the catalog exports: each op a traced function can call on
 * its inputs has a lowering under the name it records (src/autodiff/tape.ts).
 * Ops that make constants (creators, file readers), take gradients or step
 * optimizers, and the shape functions are not graph ops; an op written with
 * other ops (a loss built from them) exports through those.
 */
import { describe, expect, it } from "vitest";
import { catalog, type OpEntry } from "../../src/ops/catalog.js";
import { lowerings } from "../../src/onnx/lower/index.js";

/** Families whose functions never become graph nodes. */
const NOT_IN_GRAPHS = new Set(["io", "autodiff", "optim", "broadcast", "assert", "memory", "bundle"]);
/** Creators that follow a tensor (they record their call); the other creators make constants. */
const RECORDED_CREATORS = new Set(["zerosLike", "onesLike", "fullLike", "clone"]);
/** Ops that record under another op's name, or not at all (written with other ops). */
const RECORDED_AS: Readonly<Record<string, readonly string[]>> = {
  transpose: ["permute"],
  flatten: ["reshape"],
  meanSquaredError: [],
  binaryCrossEntropy: [],
};

const graphOps = (Object.entries(catalog) as [string, OpEntry][])
  .filter(([name, entry]) => !NOT_IN_GRAPHS.has(entry.family) && (entry.family !== "create" || RECORDED_CREATORS.has(name)))
  .map(([name]) => name);

describe("the lowering table", () => {
  it("has a lowering for every op a traced function can call", () => {
    const missing = graphOps.flatMap((name) => (RECORDED_AS[name] ?? [name]).filter((recorded) => lowerings[recorded] === undefined));
    expect(missing).toEqual([]);
    expect(graphOps.length).toBeGreaterThan(90);
  });
});
