/**
 * `npm run bench:types:model` (part of `npm run bench:types`): what typed shapes cost in a model file. It
 * generates 1,000 chained operations of mixed kinds (broadcast, matmul,
 * reduce, reshape, concat) on rank 2 to 5 shapes, once with literal shapes
 * and once with the same code on `number[]` shapes, type-checks both with
 * `--extendedDiagnostics` under TypeScript 6 and 7, and prints the check-time
 * ratio and the instantiations per operation. Targets: at most 3x the
 * untyped check time, at most 400 instantiations per operation on average,
 * no TS2589. A second, generic-heavy model (layers written once over type
 * parameters, called with several sizes) is measured the same way and held to
 * the same targets, and so are two architectures written as programs write them
 * (`architectures` below: a transformer block and a CNN, generic over their batch
 * sizes with literal widths). The model zoo of test-d/zoo/models.ts (GPT decoder, ResNet blocks,
 * UNet, ViT patches, VAE, LSTM: generic in every open size), called with literal sizes, is
 * measured against its untyped twin (every tensor `Tensor<number[]>`) with the targets of its
 * own: at most 2x the twin's check time under TypeScript 6; under TypeScript 7 at most 2x or at
 * most 0.3 ms per op call above the twin (its untyped check takes a few hundredths of a second);
 * at most 500 instantiations per op call. Every program imports the library's declarations, as an
 * installed package is imported (see the declarations emitted below), so no time of the library's own check is in it. Options: --ops N, --runs N, --seed N, --only word,word
 * (the models whose titles start with these words: model, generic, transformer, cnn, zoo).
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { type Compiled, compileOnce, compilers, median, root, writeProject } from "./harness.js";
import { seededRandom } from "./seeded.js";

const out = join(root, "bench", ".out", "model");
const { values } = parseArgs({
  options: {
    ops: { type: "string", default: "1000" },
    runs: { type: "string", default: "7" },
    seed: { type: "string", default: "11" },
    // models whose title starts with one of these words (e.g. `--only transformer,CNN`)
    only: { type: "string" },
  },
});
const OPS = Number(values.ops);
const RUNS = Number(values.runs);

/**
 * The programs import the library as a program that installed it does: its declarations
 * (emitted here, as `npm run build` emits them into dist/), with `skipLibCheck`. So a check
 * time is the program's own, with nothing of the library's sources in it, and the baseline
 * (a file that only imports the library) takes about 0.01 s, not the 0.8 to 1.3 s of checking
 * the library's sources, whose noise on a shared machine was larger than the zoo's whole cost.
 */
execFileSync(process.execPath, [join(root, "node_modules/typescript/bin/tsc"), "-p", join(root, "tsconfig.build.json"), "--emitDeclarationOnly", "--outDir", join(out, "lib")], { stdio: "inherit" });

const random = seededRandom(Number(values.seed));
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const SIZES = [2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64, 96, 128];
const tuple = (shape: readonly number[]) => `[${shape.join(", ")}]`;

/** One generated statement: the code, and the shape it produces. */
interface Step { code: string; shape: number[]; kind: string }

function generate(count: number): Step[] {
  const steps: Step[] = [];
  let shape = Array.from({ length: 2 + Math.floor(random() * 4) }, () => pick(SIZES));
  let name = "t0";
  steps.push({ code: `const t0 = input(${tuple(shape)});`, shape, kind: "input" });
  for (let i = 1; i <= count; i++) {
    const rank = shape.length;
    const last = shape[rank - 1]!;
    const options: (() => Step)[] = [
      () => ({ code: `add(${name}, input([${last}]))`, shape: [...shape], kind: "broadcast" }),
      () => ({ code: `mul(${name}, input(${tuple(shape.map((d, a) => (a === rank - 2 ? 1 : d)))}))`, shape: [...shape], kind: "broadcast" }),
      () => {
        const n = pick(SIZES);
        return { code: `matmul(${name}, input([${last}, ${n}]))`, shape: [...shape.slice(0, -1), n], kind: "matmul" };
      },
      () => ({ code: `sum(${name}, -1, { keepDims: true })`, shape: [...shape.slice(0, -1), 1], kind: "reduce" }),
      () => ({ code: `concat([${name}, input(${tuple(shape)})], 0)`, shape: [shape[0]! * 2, ...shape.slice(1)], kind: "concat" }),
      () =>
        rank > 2
          ? { code: `reshape(${name}, ${tuple([...shape.slice(0, -2), -1])})`, shape: [...shape.slice(0, -2), shape[rank - 2]! * last], kind: "reshape" }
          : { code: `reshape(${name}, ${tuple([shape[0]!, -1, 1])})`, shape: [shape[0]!, last, 1], kind: "reshape" },
    ];
    let step = pick(options)();
    // keep ranks in 2..5 and sizes modest: restart from a fresh input when a shape runs away
    if (step.shape.length > 5 || step.shape.some((d) => d > 4096) || step.shape.reduce((p, d) => p * d, 1) > 2 ** 24) {
      shape = Array.from({ length: 2 + Math.floor(random() * 4) }, () => pick(SIZES));
      step = { code: `add(input(${tuple(shape)}), input([${shape[shape.length - 1]}]))`, shape, kind: "broadcast" };
    }
    steps.push({ code: `const t${i} = ${step.code};`, shape: step.shape, kind: step.kind });
    shape = step.shape;
    name = `t${i}`;
  }
  return steps;
}

const steps = generate(OPS);
const imports = `import { add, argmax, concat, greater, matmul, mean, mul, reshape, softmax, stack, sub, sum, where, zeros, type Tensor } from "../lib/src/index.js";\n`;
const typed = `${imports}const input = zeros;\n${steps.map((s) => s.code).join("\n")}\nexport { t${OPS} };\n`;
// the same code, every input typed as a tensor of unknown rank
const untyped = `${imports}const input = (shape: readonly number[]): Tensor<number[], "float32"> => zeros(shape) as Tensor<number[], "float32">;\n${steps
  .map((s) => s.code)
  .join("\n")}\nexport { t${OPS} };\n`;
const baseline = `${imports}export const input = zeros;\n`;

/**
 * The generic-heavy model: layers written once over type parameters (a
 * transformer-style block of 10 ops), each called with several literal sizes.
 * Ops are counted in the bodies and at the calls. The untyped twin declares the
 * same functions over `Tensor<number[]>`.
 */
const LAYER_OPS = 10;
const CALLS_PER_LAYER = 4;
const layers = Math.max(1, Math.round(OPS / (LAYER_OPS + CALLS_PER_LAYER)));
const GENERIC_OPS = layers * (LAYER_OPS + CALLS_PER_LAYER);
function genericModel(typedShapes: boolean): string {
  const T = (shape: string) => (typedShapes ? `Tensor<${shape}, "float32">` : `Tensor<number[], "float32">`);
  const lines: string[] = [imports, typedShapes ? "const input = zeros;" : `const input = (shape: readonly number[]): ${T("")} => zeros(shape) as ${T("")};`];
  for (let l = 0; l < layers; l++) {
    const params = typedShapes ? "<B extends number, S extends number, D extends number, E extends number>" : "";
    lines.push(
      `function layer${l}${params}(x: ${T("[B, S, D]")}, pos: ${T("[S, D]")}, w: ${T("[D, E]")}, gain: ${T("[1, E]")}, bias: ${T("[E]")}) {`,
      "  const h = matmul(add(x, pos), w);",
      "  const centered = sub(h, mean(h, -1, { keepDims: true }));",
      "  const scaled = add(mul(centered, gain), bias);",
      "  const active = where(greater(scaled, 0), scaled, mul(scaled, 0.01));",
      "  const probs = softmax(active);",
      "  return [stack([probs, probs], -1), argmax(probs, -1)] as const;",
      "}",
    );
    for (let c = 0; c < CALLS_PER_LAYER; c++) {
      const [b, s, d, e] = [pick(SIZES), pick(SIZES), pick(SIZES), pick(SIZES)];
      lines.push(`export const out${l}_${c} = layer${l}(input([${b}, ${s}, ${d}]), input([${s}, ${d}]), input([${d}, ${e}]), input([1, ${e}]), input([${e}]));`);
    }
  }
  return `${lines.join("\n")}\n`;
}

/**
 * Architectures as a program writes them: each block a function generic over the sizes that
 * vary between calls (batch, sequence length) with its widths literal, its weights module
 * constants, and called several times with literal sizes. A block's sizes are drawn once, so
 * the typed program and its untyped twin (every tensor `Tensor<number[]>`) are the same text
 * but for types. Ops are counted in the bodies and at the calls, as in the generic model.
 * Adding an architecture is one more `Architecture` in `architectures`.
 */
interface Architecture {
  /** The block's name in the title, and the ops one block's body performs. */
  name: string;
  bodyOps: number;
  /** How often each block is called. */
  calls: number;
  /** One block: draws its sizes (in `draw`, once) and writes its lines; `T(shape)` is a tensor type in either twin. */
  draw: (index: number) => { typeParameters: string; lines: (T: (shape: string) => string) => string[] };
}

const HEADS = [2, 4, 8];
const HEAD_SIZES = [8, 16, 32, 64];

/**
 * A pre-norm transformer encoder block over `[B, T, D]` (B and T type parameters, D = H x Dh
 * literal): layerNorm, multi-head attention (q, k and v by matmul, split into heads by reshape
 * and transpose, scores by matmul with the keys transposed, scaled, softmax, the heads merged
 * back), a residual add, layerNorm, a gelu MLP with biases, a residual add.
 */
const transformer: Architecture = {
  name: "transformer block",
  bodyOps: 26,
  calls: 4,
  draw: (l) => {
    const [h, dh] = [pick(HEADS), pick(HEAD_SIZES)];
    const d = h * dh;
    const f = d * pick([2, 4]);
    const calls = Array.from({ length: 4 }, () => [pick([1, 2, 4, 8, 16, 32]), pick([16, 32, 64, 128, 256, 512])] as const);
    return {
      typeParameters: "<B extends number, T extends number>",
      lines: (T) => [
        ...["g1", "b1", "g2", "b2", "c2"].map((name) => `const t${l}_${name} = input([${d}]);`),
        ...["wq", "wk", "wv", "wo"].map((name) => `const t${l}_${name} = input([${d}, ${d}]);`),
        `const t${l}_w1 = input([${d}, ${f}]);`,
        `const t${l}_c1 = input([${f}]);`,
        `const t${l}_w2 = input([${f}, ${d}]);`,
        `function block${l}TYPEPARAMS(x: ${T(`[B, T, ${d}]`)}) {`,
        "  const [b, t] = [x.shape[0], x.shape[1]];",
        `  const h = layerNorm(x, t${l}_g1, t${l}_b1);`,
        `  const q = transpose(reshape(matmul(h, t${l}_wq), [b, t, ${h}, ${dh}]), [0, 2, 1, 3]);`,
        `  const k = transpose(reshape(matmul(h, t${l}_wk), [b, t, ${h}, ${dh}]), [0, 2, 1, 3]);`,
        `  const v = transpose(reshape(matmul(h, t${l}_wv), [b, t, ${h}, ${dh}]), [0, 2, 1, 3]);`,
        `  const weights = softmax(div(matmul(q, transpose(k, [0, 1, 3, 2])), ${Math.sqrt(dh)}));`,
        `  const heads = reshape(transpose(matmul(weights, v), [0, 2, 1, 3]), [b, t, ${d}]);`,
        `  const x1 = add(x, matmul(heads, t${l}_wo));`,
        `  const m = layerNorm(x1, t${l}_g2, t${l}_b2);`,
        `  const mlp = add(matmul(gelu(add(matmul(m, t${l}_w1), t${l}_c1)), t${l}_w2), t${l}_c2);`,
        "  return add(x1, mlp);",
        "}",
        ...calls.map(([b, t], c) => `export const block${l}_${c} = block${l}(input([${b}, ${t}, ${d}]));`),
      ],
    };
  },
};

/**
 * A small CNN over `[B, H, W, C]` (channels last; B a type parameter, the image sizes literal):
 * two stages of batchNorm, a 3x3 conv2d ("same" padding, so the window rule runs), relu and
 * pooling (max, then average), then flattened by reshape into a dense layer, a relu, a dense
 * layer and softmax.
 */
const cnn: Architecture = {
  name: "CNN",
  bodyOps: 15,
  calls: 4,
  draw: (l) => {
    const [side, c0, c1, c2, hidden, classes] = [pick([16, 24, 32, 48, 64]), pick([1, 3]), pick([8, 16, 32]), pick([16, 32, 64]), pick([32, 64, 128]), pick([10, 100])];
    const flat = (side / 4) * (side / 4) * c2;
    const calls = Array.from({ length: 4 }, () => pick([1, 2, 4, 8, 16, 32, 64]));
    const norm = (stage: number, c: number) => ["m", "v", "g", "b"].map((name) => `const c${l}_${name}${stage} = input([${c}]);`);
    return {
      typeParameters: "<B extends number>",
      lines: (T) => [
        ...norm(0, c0),
        ...norm(1, c1),
        `const c${l}_k1 = input([3, 3, ${c0}, ${c1}]);`,
        `const c${l}_k2 = input([3, 3, ${c1}, ${c2}]);`,
        `const c${l}_w1 = input([${flat}, ${hidden}]);`,
        `const c${l}_bias1 = input([${hidden}]);`,
        `const c${l}_w2 = input([${hidden}, ${classes}]);`,
        `const c${l}_bias2 = input([${classes}]);`,
        `function cnn${l}TYPEPARAMS(x: ${T(`[B, ${side}, ${side}, ${c0}]`)}) {`,
        "  const b = x.shape[0];",
        `  const s0 = batchNorm(x, c${l}_m0, c${l}_v0, c${l}_g0, c${l}_b0);`,
        `  const p1 = maxPool2d(relu(conv2d(s0, c${l}_k1, { padding: "same" })), { size: 2 });`,
        `  const s1 = batchNorm(p1, c${l}_m1, c${l}_v1, c${l}_g1, c${l}_b1);`,
        `  const p2 = avgPool2d(relu(conv2d(s1, c${l}_k2, { padding: "same" })), { size: 2, strides: 2 });`,
        `  const flat = reshape(p2, [b, ${flat}]);`,
        `  const hidden = relu(add(matmul(flat, c${l}_w1), c${l}_bias1));`,
        `  return softmax(add(matmul(hidden, c${l}_w2), c${l}_bias2));`,
        "}",
        ...calls.map((b, c) => `export const cnn${l}_${c} = cnn${l}(input([${b}, ${side}, ${side}, ${c0}]));`),
      ],
    };
  },
};

const architectures: Architecture[] = [transformer, cnn];

/** An architecture's typed program and untyped twin, with as many blocks as make about `OPS` ops. */
function architectureModel(architecture: Architecture): { typed: string; untyped: string; blocks: number; ops: number } {
  const blocks = Math.max(1, Math.round(OPS / (architecture.bodyOps + architecture.calls)));
  const drawn = Array.from({ length: blocks }, (_, l) => architecture.draw(l));
  const write = (typedShapes: boolean) => {
    const T = (shape: string) => (typedShapes ? `Tensor<${shape}, "float32">` : `Tensor<number[], "float32">`);
    const lines = [
      architectureImports,
      typedShapes ? "const input = zeros;" : `const input = (shape: readonly number[]): ${T("")} => zeros(shape) as ${T("")};`,
      ...drawn.flatMap((block) => block.lines(T).map((line) => line.replace("TYPEPARAMS", typedShapes ? block.typeParameters : ""))),
    ];
    return `${lines.join("\n")}\n`;
  };
  return { typed: write(true), untyped: write(false), blocks, ops: blocks * (architecture.bodyOps + architecture.calls) };
}
const architectureImports =
  `import { add, avgPool2d, batchNorm, conv2d, div, gelu, layerNorm, matmul, maxPool2d, relu, reshape, softmax, transpose, zeros, type Tensor } from "../lib/src/index.js";\n`;

const project = (name: string, source: string): string => writeProject(join(out, name), "model.ts", source);

/**
 * The model zoo (test-d/zoo/models.ts) as written, then each model called with literal sizes; the
 * untyped twin is the same text with every tensor type `Tensor<number[], D>`. Its op calls are the
 * calls of the library's functions in either part (the weights' `input`s too).
 */
function zooModel(): { typed: string; untyped: string; ops: number } {
  const models = readFileSync(join(root, "test-d/zoo/models.ts"), "utf8").replace(`from "shapecast"`, `from "../lib/src/index.js"`);
  const imported = /import \{([^}]*)\} from "\.\.\/lib\/src\/index\.js"/.exec(models)![1]!.split(",").map((name) => name.trim()).filter((name) => /^[a-z]\w*$/.test(name));
  const weights = (c: number, k: number) =>
    `{ in1: input([16, ${c}, 3, 3]), in2: input([32, 16, 3, 3]), bottom: input([64, 32, 3, 3]), out2: input([32, 96, 3, 3]), out1: input([16, 48, 3, 3]), head: input([${k}, 16, 1, 1]) }`;
  const norm = (c: number) => `{ mean: input([${c}]), variance: input([${c}]), gamma: input([${c}]), beta: input([${c}]) }`;
  const gpt = `{ tokens: input([50, 768]), positions: input([1024, 768]), gamma: input([768]), beta: input([768]), query: input([768, 768]), key: input([768, 768]), value: input([768, 768]), out: input([768, 768]), up: input([768, 3072]), down: input([3072, 768]) }`;
  const calls = [
    `export const z0 = gpt(${gpt}, input([2, 5], "int32"), 2, 5).logits;`,
    `export const z1 = gptLoss(${gpt}, input([4, 16], "int32"), input([4, 16], "int32"), 4, 16);`,
    `export const z2 = basicBlock(input([2, 8, 7, 6]), input([8, 8, 3, 3]), input([8, 8, 3, 3]), ${norm(8)}, ${norm(8)});`,
    `export const z3 = downBlock(input([1, 64, 9, 8]), input([128, 64, 3, 3]), input([128, 128, 3, 3]), input([128, 64, 1, 1])).out;`,
    `export const z4 = patchEmbedding(input([2, 3, 32, 48]), input([192, 3, 16, 16])).patches;`,
    `export const z5 = unet(${weights(3, 5)}, input([2, 3, 64, 48])).logits;`,
    `export const z6 = upLevel(input([1, 32, 3, 4]), input([1, 16, 6, 8]), input([16, 48, 3, 3]));`,
    `export const z7 = vae({ encoder: input([784, 400]), mu: input([400, 6]), logVariance: input([400, 6]), decoder: input([6, 784]) }, input([3, 784]), 3, 6).kl;`,
    `export const z8 = lstm(input([4, 3, 10]), input([3, 128]), input([10, 512]), input([128, 512])).c;`,
    `export const z9 = segment(${weights(3, 5)}, input([2, 3, 40, 36]));`,
  ];
  const write = (typedShapes: boolean) =>
    [
      typedShapes ? models : models.replace(/Tensor<\[[^\]]*\]/g, "Tensor<number[]"),
      `import { zeros as zeroTensor, type DType as TensorDType } from "../lib/src/index.js";`,
      typedShapes
        ? "const input = zeroTensor;"
        : `const input = <D extends TensorDType = "float32">(shape: readonly number[], dtype?: D): Tensor<number[], D> => zeroTensor(shape, dtype) as Tensor<number[], D>;`,
      ...calls,
    ].join("\n") + "\n";
  const typed = write(true);
  const called = new RegExp(`(?<![\\w.])(?:${[...imported, "input"].join("|")})\\(|\\.slice\\(`, "g");
  const ops = (typed.replace(/^import[^;]*;$/gm, "").match(called) ?? []).length;
  return { typed, untyped: write(false), ops };
}
const zoo = zooModel();

/** A model's two projects (typed and untyped), with the library-only baseline, and its op count. */
interface Model {
  title: string;
  typed: string;
  untyped: string;
  ops: number;
}

/**
 * Baseline, typed and untyped are compiled back to back in each round, so a
 * slow spell on this shared machine hits all three; the figures are the
 * medians over rounds of the times above the baseline, and the ratio is the
 * ratio of those medians.
 */
function measure(compiler: readonly string[], model: Model, baselineConfig: string) {
  const rounds: { typed: number; untyped: number }[] = [];
  let last: { base: Compiled; typed: Compiled; untyped: Compiled } | undefined;
  for (let round = 0; round < RUNS; round++) {
    const base = compileOnce(compiler, baselineConfig);
    const typed = compileOnce(compiler, model.typed);
    const untyped = compileOnce(compiler, model.untyped);
    rounds.push({ typed: Math.max(typed.check - base.check, 0.001), untyped: Math.max(untyped.check - base.check, 0.001) });
    last = { base, typed, untyped };
  }
  const { base, typed, untyped } = last!;
  return {
    typedCheck: median(rounds.map((r) => r.typed)),
    untypedCheck: median(rounds.map((r) => r.untyped)),
    perOp: (typed.instantiations - base.instantiations) / model.ops,
    errors: typed.errors || untyped.errors,
  };
}

const kinds = steps.slice(1).reduce<Record<string, number>>((counts, s) => ({ ...counts, [s.kind]: (counts[s.kind] ?? 0) + 1 }), {});
const baselineConfig = project("baseline", baseline);
const models: Model[] = [
  {
    title: `model of ${OPS} chained ops on rank 2-5 shapes: ${Object.entries(kinds).map(([k, n]) => `${k} ${n}`).join(", ")}`,
    typed: project("typed", typed),
    untyped: project("untyped", untyped),
    ops: OPS,
  },
  {
    title: `generic model: ${layers} layers of ${LAYER_OPS} ops over type parameters, each called ${CALLS_PER_LAYER} times with literal sizes (${GENERIC_OPS} ops)`,
    typed: project("generic-typed", genericModel(true)),
    untyped: project("generic-untyped", genericModel(false)),
    ops: GENERIC_OPS,
  },
  {
    title: `zoo of test-d/zoo/models.ts (GPT decoder, ResNet blocks, UNet, ViT patches, VAE, LSTM), generic in every open size, called with literal sizes (${zoo.ops} op calls)`,
    typed: project("zoo-typed", zoo.typed),
    untyped: project("zoo-untyped", zoo.untyped),
    ops: zoo.ops,
  },
  ...architectures.map((architecture) => {
    const { typed, untyped, blocks, ops } = architectureModel(architecture);
    const folder = architecture.name.replace(/\W+/g, "-");
    return {
      title: `${architecture.name}: ${blocks} blocks of ${architecture.bodyOps} ops generic over their batch sizes, each called ${architecture.calls} times with literal sizes (${ops} ops)`,
      typed: project(`${folder}-typed`, typed),
      untyped: project(`${folder}-untyped`, untyped),
      ops,
    };
  }),
];
let worst = { ratio: 0, perOp: 0, errors: false };
// the zoo's targets: <= 2x the twin (TypeScript 7: or <= 0.3 ms per op call above it), <= 500 inst/op call
const zooMissed: string[] = [];
const only = values.only?.split(",").map((word) => word.trim().toLowerCase());
for (const model of models.filter((m) => !only || only.some((word) => m.title.toLowerCase().startsWith(word)))) {
  console.log(`\n${model.title}`);
  console.log("| compiler | typed check s | untyped check s | ratio | typed inst/op | TS2589 / errors |");
  console.log("|---|---|---|---|---|---|");
  const isZoo = model.title.startsWith("zoo");
  for (const [name, compiler] of Object.entries(compilers)) {
    process.stderr.write(`${name} ...\n`);
    const { typedCheck, untypedCheck, perOp, errors } = measure(compiler, model, baselineConfig);
    const ratio = typedCheck / untypedCheck;
    if (isZoo) {
      const aboveMs = ((typedCheck - untypedCheck) * 1000) / model.ops;
      const fits = ratio <= 2 || (name.includes("7") && aboveMs <= 0.3);
      if (!fits) zooMissed.push(`${name}: ${ratio.toFixed(2)}x, ${aboveMs.toFixed(3)} ms per op call above the twin`);
      if (perOp > 500) zooMissed.push(`${name}: ${perOp.toFixed(1)} inst/op call`);
      if (errors) zooMissed.push(`${name}: ${errors}`);
      console.log(`| ${name} | ${typedCheck.toFixed(3)} | ${untypedCheck.toFixed(3)} | ${ratio.toFixed(2)}× (${aboveMs.toFixed(3)} ms/op above) | ${perOp.toFixed(1)} | ${errors || "none"} |`);
      continue;
    }
    worst = { ratio: Math.max(worst.ratio, ratio), perOp: Math.max(worst.perOp, perOp), errors: worst.errors || Boolean(errors) };
    console.log(`| ${name} | ${typedCheck.toFixed(3)} | ${untypedCheck.toFixed(3)} | ${ratio.toFixed(2)}× | ${perOp.toFixed(1)} | ${errors || "none"} |`);
  }
}
console.log(`\n(check times are above a file that only imports the library; medians of ${RUNS} interleaved rounds)`);
const met = worst.ratio <= 3 && worst.perOp <= 400 && !worst.errors;
console.log(
  met
    ? "targets met: <= 3x the untyped check time, <= 400 instantiations per op, no errors"
    : `targets missed: ratio ${worst.ratio.toFixed(2)}x (<= 3), ${worst.perOp.toFixed(1)} inst/op (<= 400)${worst.errors ? ", compile errors" : ""}`,
);
if (zooMissed.length > 0) console.log(`zoo targets missed: ${zooMissed.join("; ")}`);
process.exitCode = met && zooMissed.length === 0 ? 0 : 1;
