/** The examples run as a user runs them (`npm start` is examples/demo.ts) and print what their comments promise. */
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { root } from "./support/compiler.js";

const run = (file: string): string =>
  execFileSync(process.execPath, [join(root, "node_modules/tsx/dist/cli.mjs"), join(root, "examples", file)], {
    encoding: "utf8",
    env: { ...process.env, NO_COLOR: "1" },
  });

describe("examples/demo.ts (npm start)", () => {
  const output = run("demo.ts");

  it("walks through every mode", () => {
    for (const heading of ["NumPy (the default)", "none (OpenVINO NONE)", "XLA", "PDPD", "Broadcast to a target shape"]) {
      expect(output).toContain(heading);
    }
  });

  it("prints results and the runtime's messages, without colour under NO_COLOR", () => {
    expect(output).toContain("[2, 1, 5]      + [4, 1]         → [2, 4, 5]");
    expect(output).toContain("broadcastShapes (numpy): axis 0 has 3 vs 2; cannot broadcast [3] with [2]");
    expect(output).toContain("valid broadcastDimensions: [0] or [1]");
    expect(output).toContain("axis 2 fits");
    expect(output).not.toContain("\u001b[");
  });
});

const expectations: Record<string, string[]> = {
  "01-creating-tensors.ts": ["tensor([[[255.,   0.,   0.]", "shape=[2, 2, 3], dtype=float32", "ragged: tensor: ragged data: data[1] has 1 elements"],
  "02-elementwise-ops.ts": ["x + bias: tensor([[11., 18., 33.]", "misfit: add (numpy): axis 1 has 3 vs 2; cannot broadcast [2, 3] with [2]"],
  "03-broadcast-modes.ts": ["xla [0]: tensor([[7., 7., 7.]", "xla composed: tensor([[ 6.,  7.]", "pdpd: add (pdpd): axis 1 has 1 vs 7"],
  "04-views.ts": ["transpose: [ 4, 3, 2 ]", "shares the buffer: true"],
  "05-dtypes.ts": ["int32 + float32 -> float32", "int32 overflow wraps: tensor([-2147483648]", "mod by 0 on int32 is 0: tensor([0, 0, 0]"],
  "06-mlp-forward.ts": [
    "logits: [ 4, 10 ] float32",
    "each row of probabilities sums to 1: tensor([true, true, true, true]",
    "misfit: add (numpy): axis 1 has 10 vs 11; cannot broadcast [4, 10] with [11]",
  ],
  "07-attention.ts": [
    "weights: [ 2, 4, 16, 16 ] output: [ 2, 4, 16, 32 ]",
    "every row of weights sums to 1: true",
    "misfit: matmul: inner sizes 32 vs 64 (the last axis of a, the second-to-last axis of b); cannot multiply [2, 4, 16, 32] by [2, 4, 64, 16]",
  ],
  "08-image-normalization.ts": [
    "normalized: [ 8, 3, 32, 32 ] float32",
    "std after: tensor([1.0, 1.0, 1.0]",
    "pdpd/xla and numpy agree: true",
    "misfit: sub (pdpd): axis 1 has 4 vs 3; cannot broadcast [2, 4, 8, 8] with [3]",
    "misfit in normalize: sub (pdpd): axis 1 has 4 vs 3",
  ],
  "09-cnn-digits.ts": [
    "logits: [ 20, 10 ] float32",
    "accuracy on the 20 test images: 20/20",
    "accuracy in NumPy on all 2000 held-out images: 96.25%",
    "agrees with NumPy to 1e-4: true",
    "misfit: reshape: [1, 14, 14, 8] has 1568 elements but [1, 288] holds 288",
  ],
  "10-transformer-block.ts": [
    "block: [ 2, 6, 16 ] -> [ 2, 6, 16 ] float32",
    "two blocks: [ 2, 6, 16 ]",
    "permuting tokens permutes the output: true",
    "misfit: layerNorm: gamma has shape [16] but must have shape [8]",
  ],
  "11-train-iris.ts": ["epoch 300: loss", "held-out accuracy: 96.7% of 30 flowers", "loaded back with a schema: equal values, same accuracy 96.7%", "served by ONNX Runtime: the same species for 30 of 30 held-out flowers", "read back with importOnnxWeights: the trained values"],
  "12-train-cnn.ts": ["before training: 29.0% of 300 held-out images", "step 150: loss", "100.0% of the held-out images"],
};

describe("examples/", () => {
  const files = readdirSync(join(root, "examples")).filter((file) => /^\d\d-.*\.ts$/.test(file));

  it("has an expectation for every numbered example", () => {
    expect(files.sort()).toEqual(Object.keys(expectations).sort());
  });

  for (const file of files) {
    it(`${file} runs`, () => {
      const output = run(file);
      for (const text of expectations[file] ?? []) expect(output).toContain(text);
    });
  }
});

describe("npm run example:*", () => {
  it("names the model examples by what they build", () => {
    const scripts = (JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts;
    expect(scripts["example:mlp"]).toBe("tsx examples/06-mlp-forward.ts");
    expect(scripts["example:attention"]).toBe("tsx examples/07-attention.ts");
    expect(scripts["example:image"]).toBe("tsx examples/08-image-normalization.ts");
    expect(scripts["example:cnn"]).toBe("tsx examples/09-cnn-digits.ts");
    expect(scripts["example:transformer"]).toBe("tsx examples/10-transformer-block.ts");
    expect(scripts["example:train"]).toBe("tsx examples/11-train-iris.ts && tsx examples/12-train-cnn.ts");
  });

  it("runs every numbered example with npm run examples", () => {
    const scripts = (JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts;
    const glob = /for f in (examples\/\S+); do/.exec(scripts["examples"] ?? "")?.[1];
    expect(glob).toBe("examples/[0-9]*.ts");
  });
});
