/**
 * The model zoo (test-d/zoo/models.ts) run at small sizes: each result's run-time shape equals
 * its type, read by the compiler (TypeScript 6, the API) from the same calls.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import * as sc from "shapecast";
import * as zoo from "../test-d/zoo/models.js";
import { evaluateCalls } from "./support/calls.js";
import { compilerOptions, root, writeGenerated } from "./support/compiler.js";
import { rawIn } from "./support/diagnostics.js";
import { diagnosticsByLine, liftMisfits, misfitProblems } from "./support/misfit-lines.js";

const gptWeights = `{ tokens: randn([50, 768]), positions: randn([1024, 768]), gamma: ones([768]), beta: zeros([768]), query: randn([768, 768]),
  key: randn([768, 768]), value: randn([768, 768]), out: randn([768, 768]), up: randn([768, 3072]), down: randn([3072, 768]) }`;
const norm = (c: number) => `{ mean: zeros([${c}]), variance: ones([${c}]), gamma: ones([${c}]), beta: zeros([${c}]) }`;

const unetWeights = (channels: number, classes: number) => `{ in1: randn([16, ${channels}, 3, 3]), in2: randn([32, 16, 3, 3]), bottom: randn([64, 32, 3, 3]),
  out2: randn([32, 96, 3, 3]), out1: randn([16, 48, 3, 3]), head: randn([${classes}, 16, 1, 1]) }`;

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
  `unet(${unetWeights(3, 5)}, randn([2, 3, 9, 12])).logits`,
  `unet(${unetWeights(1, 2)}, randn([1, 1, 5, 7])).bottom`,
  `unet(${unetWeights(1, 2)}, randn([1, 1, 5, 7])).up2`,
  `upLevel(randn([1, 32, 3, 4]), randn([1, 16, 6, 8]), randn([16, 48, 3, 3]))`,
  `segment(${unetWeights(3, 5)}, randn([2, 3, 9, 12]))`,
  `unetEncoder(${unetWeights(1, 2)}, randn([1, 1, 5, 7])).bottom`,
];

const header = [
  `import { ones, randn, random, zeros } from "../src/index.js";`,
  `import { basicBlock, downBlock, gpt, gptLoss, lstm, lstmCell, patchEmbedding, segment, unet, unetEncoder, upLevel, vae } from "../test-d/zoo/models.js";`,
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

describe("the misfits planted in the zoo (test-d/zoo.test-d.ts)", () => {
  it("are each reported on their line with the library's words, a definite one never as undecided, and no diagnostic shows a raw conditional", () => {
    const text = readFileSync(join(root, "test-d/zoo.test-d.ts"), "utf8");
    // 0-based line of each misfit, and the words its comment names (in backquotes)
    const { source, expected } = liftMisfits(text, /: `(.*)`$/);
    expect(expected.size).toBeGreaterThanOrEqual(12);
    const { file } = writeGenerated("zoo-misfits.ts", source.replace(`from "./zoo/models.js"`, `from "../../test-d/zoo/models.js"`));
    const program = ts.createProgram([file], { ...compilerOptions, paths: { shapecast: [join(root, "src/index.ts")] } });
    const found = diagnosticsByLine(program, program.getSourceFile(file)!);
    const problems = [
      ...misfitProblems(expected, found),
      ...[...found].filter(([, texts]) => rawIn(texts.join("\n"))).map(([line, texts]) => `line ${line + 1}: a raw conditional type:\n${texts.join("\n")}`),
    ];
    expect(problems.join("\n\n")).toBe("");
  });
});
