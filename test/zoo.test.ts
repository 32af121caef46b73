/**
 * The model zoo (test-d/zoo/models.ts) run at small sizes: each result's run-time shape equals
 * its type, read by the compiler (TypeScript 6, the API) from the same calls.
 */
import { describe, expect, it } from "vitest";
import * as sc from "shapecast";
import * as zoo from "../test-d/zoo/models.js";
import { join } from "node:path";
import { evaluateCalls } from "./support/calls.js";
import { root } from "./support/compiler.js";

const gptWeights = `{ tokens: randn([50, 768]), positions: randn([1024, 768]), gamma: ones([768]), beta: zeros([768]), query: randn([768, 768]),
  key: randn([768, 768]), value: randn([768, 768]), out: randn([768, 768]), up: randn([768, 3072]), down: randn([3072, 768]) }`;
const norm = (c: number) => `{ mean: zeros([${c}]), variance: ones([${c}]), gamma: ones([${c}]), beta: zeros([${c}]) }`;

/** Each call as written in a program, with concrete sizes. */
const calls: readonly string[] = [
  `gpt(${gptWeights}, zeros([2, 5], "int32"), 2, 5).logits`,
  `gpt(${gptWeights}, zeros([1, 3], "int32"), 1, 3).weights`,
  `gptLoss(${gptWeights}, zeros([2, 4], "int32"), ones([2, 4], "int32"), 2, 4)`,
  `basicBlock(randn([2, 4, 7, 6]), randn([4, 4, 3, 3]), randn([4, 4, 3, 3]), ${norm(4)}, ${norm(4)})`,
  `downBlock(randn([1, 64, 9, 8]), randn([128, 64, 3, 3]), randn([128, 128, 3, 3]), randn([128, 64, 1, 1])).out`,
  `downBlock(randn([2, 64, 4, 5]), randn([128, 64, 3, 3]), randn([128, 128, 3, 3]), randn([128, 64, 1, 1])).shortcut`,
  `patchEmbedding(randn([2, 3, 32, 48]), randn([192, 3, 16, 16])).patches`,
  `patchEmbedding(randn([1, 3, 40, 17]), randn([192, 3, 16, 16])).grid`,
  `vae({ encoder: randn([784, 400]), mu: randn([400, 6]), logVariance: randn([400, 6]), decoder: randn([6, 784]) }, random([3, 784]), 3, 6).reconstruction`,
  `vae({ encoder: randn([784, 400]), mu: randn([400, 6]), logVariance: randn([400, 6]), decoder: randn([6, 784]) }, random([3, 784]), 3, 6).kl`,
  `lstmCell(randn([3, 10]), zeros([3, 128]), zeros([3, 128]), randn([10, 512]), randn([128, 512])).h`,
  `lstm(randn([4, 3, 10]), zeros([3, 128]), randn([10, 512]), randn([128, 512])).c`,
];

const header = [
  `import { ones, randn, random, zeros } from "../src/index.js";`,
  `import { basicBlock, downBlock, gpt, gptLoss, lstm, lstmCell, patchEmbedding, vae } from "../test-d/zoo/models.js";`,
].join("\n");

describe("the model zoo at small sizes", () => {
  it("compiles each call with no diagnostic, and its run-time shape is its type's", () => {
    const names = calls.map((_, i) => `r${i}`);
    const types = evaluateCalls("__zoo__.ts", header, calls.map((call, i) => `export const r${i} = ${call};`), names, { paths: { shapecast: [join(root, "src/index.ts")] } });
    const run = (call: string) => Function("m", "sc", `const { ones, randn, random, zeros } = sc; const { ${Object.keys(zoo).join(", ")} } = m; return ${call};`)(zoo, sc) as sc.Tensor;
    const problems = calls.flatMap((call, i) => {
      const shape = run(call).shape;
      const { type, diagnostics } = types[i]!;
      return diagnostics.length > 0 || JSON.stringify(type) !== JSON.stringify({ shapes: [shape] })
        ? [`${call}\n  run time ${JSON.stringify(shape)}, type ${JSON.stringify(type)} ${diagnostics.join("; ")}`]
        : [];
    });
    expect(problems.join("\n")).toBe("");
  });

  it("gives finite values: the causal mask leaves each row's softmax a distribution", () => {
    const w = zoo.gpt(
      { tokens: sc.randn([50, 768]), positions: sc.randn([1024, 768]), gamma: sc.ones([768]), beta: sc.zeros([768]), query: sc.randn([768, 768]), key: sc.randn([768, 768]), value: sc.randn([768, 768]), out: sc.randn([768, 768]), up: sc.randn([768, 3072]), down: sc.randn([3072, 768]) },
      sc.tensor([[1, 2, 3]], { dtype: "int32" }), 1, 3,
    ).weights;
    const rows = sc.sum(w, -1).toArray().flat(3) as number[];
    for (const total of rows) expect(total).toBeCloseTo(1, 5);
    // the first position attends only to itself
    expect((w.toArray() as number[][][][])[0]![0]![0]!.slice(1)).toEqual([0, 0]);
  });
});
