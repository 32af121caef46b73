/**
 * The `from-tfjs` codemod: TensorFlow.js code in, shapecast code out.
 * Fixture pairs under test/cli/fixtures/from-tfjs-<case>/ (src/model.ts, and expected/src/model.ts for what it must become)
 * run through `fromTfjs.apply` on a ts-morph project loaded from the fixture's
 * tsconfig; the outputs type-check against the library with literal shapes;
 * a second run changes nothing; what is left is reported with its place; and
 * the same runs through `shapecast codemod from-tfjs` as a process.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { cast, div, floor, slice, tensor } from "shapecast";
import { Project, type SourceFile } from "ts-morph";
import { describe, expect, it } from "vitest";
import { fromTfjs } from "../../cli/transforms/from-tfjs/index.js";
import { transforms } from "../../cli/transforms/index.js";
import { applyTransform, type Skipped } from "../../cli/transforms/transform.js";
import { copyFixture, fixtures, runCli } from "./support.js";

const cases = ["creation", "ops", "named", "chained", "matmul", "mixed"] as const;
type Case = (typeof cases)[number];

const folder = (name: Case): string => join(fixtures, `from-tfjs-${name}`);
const read = (name: Case, file: string): string => readFileSync(join(folder(name), file), "utf8");

/** The fixture's project and its src/model.ts. */
function load(name: Case): { project: Project; input: SourceFile } {
  const project = new Project({ tsConfigFilePath: join(folder(name), "tsconfig.json") });
  return { project, input: project.getSourceFileOrThrow(join(folder(name), "src", "model.ts")) };
}

function run(name: Case): { output: string; skipped: Skipped[]; project: Project; input: SourceFile } {
  const { project, input } = load(name);
  const skipped = applyTransform(fromTfjs, input, { project, cwd: folder(name) });
  return { output: input.getFullText(), skipped, project, input };
}

/** `line:column code` of each skipped place. */
const places = (skipped: readonly Skipped[]): string[] => skipped.map((s) => `${s.line}:${s.column} ${s.code}`);

describe("from-tfjs: input/expected pairs", () => {
  for (const name of cases) {
    it(`${name}: the output is expected/src/model.ts`, () => {
      expect(run(name).output).toBe(read(name, "expected/src/model.ts"));
    });
  }

  it("converts every call of the fully convertible fixtures and reports nothing there", () => {
    for (const name of ["creation", "ops", "named", "chained"] as const) {
      const { output, skipped } = run(name);
      expect(skipped, name).toEqual([]);
      expect(output, name).not.toMatch(/@tensorflow|\btf\.\w+[(<]/);
    }
  });

  it("is registered for `shapecast codemod from-tfjs`", () => {
    expect(transforms.find((t) => t.name === "from-tfjs")).toBe(fromTfjs);
  });
});

describe("from-tfjs: a second run changes nothing", () => {
  for (const name of cases) {
    it(name, () => {
      const { project, input } = run(name);
      const once = input.getFullText();
      const again = applyTransform(fromTfjs, input, { project, cwd: folder(name) });
      expect(input.getFullText()).toBe(once);
      // what was left the first time is still left, and nothing more
      expect(again.length).toBeLessThanOrEqual(run(name).skipped.length);
    });
  }
});

describe("from-tfjs: the output type-checks against shapecast with literal shapes", () => {
  /** The types of the named bindings of a fixture's expected output, after checking it has no errors. */
  function typesOf(name: Case, allowed: readonly number[] = []): Map<string, string> {
    const { project } = load(name);
    const file = project.createSourceFile(join(folder(name), "src", "expected.check.ts"), read(name, "expected/src/model.ts"), { overwrite: true });
    const errors = file.getPreEmitDiagnostics().filter((d) => !allowed.includes(d.getCode()));
    expect(errors.map((d) => `${d.getLineNumber()}: ${project.formatDiagnosticsWithColorAndContext([d])}`)).toEqual([]);
    return new Map(file.getVariableDeclarations().map((decl) => [decl.getName(), decl.getType().getText(decl).replaceAll('import("shapecast").', "")]));
  }

  it("creation: nested data, flat data with a shape, dtypes, tensor1d..4d and scalar", () => {
    const types = typesOf("creation");
    expect(types.get("matrix")).toBe('Tensor<[2, 3], "float32">');
    expect(types.get("square")).toBe('Tensor<[2, 2], "float32">');
    expect(types.get("cube")).toBe('Tensor<[2, 2, 2], "int32">');
    expect(types.get("batch")).toBe('Tensor<[1, 2, 2, 1], "float32">');
    expect(types.get("vector")).toBe('Tensor<[3], "float32">');
    expect(types.get("flags")).toBe('Tensor<[3], "bool">');
    expect(types.get("scalar")).toBe('Tensor<[], "float32">');
    expect(types.get("generic")).toBe('Tensor<[2, 2], "float32">');
    expect(types.get("reshaped")).toBe('Tensor<[2, 2, 2], "float32">');
    expect(types.get("fromArray")).toBe('Tensor<[number], "float32">');
    expect(types.get("fromTyped")).toBe('Tensor<[3, 2], "float32">');
  });

  it("ops: element-wise, reductions with keepDims, reshape, transpose, matmul", () => {
    const types = typesOf("ops");
    expect(types.get("sum")).toBe('Tensor<[2, 3], "float32">');
    expect(types.get("difference")).toBe('Tensor<[2, 3], "float32">');
    expect(types.get("total")).toBe('Tensor<[], "float32">');
    expect(types.get("columns")).toBe('Tensor<[3], "float32">');
    expect(types.get("rows")).toBe('Tensor<[2, 1], "float32">');
    expect(types.get("everything")).toBe('Tensor<[1, 1], "float32">');
    expect(types.get("noKeep")).toBe('Tensor<[2], "float32">');
    expect(types.get("tall")).toBe('Tensor<[3, 2], "float32">');
    expect(types.get("flipped")).toBe('Tensor<[3, 2], "float32">');
    expect(types.get("permuted")).toBe('Tensor<[3, 1, 2], "float32">');
    expect(types.get("projected")).toBe('Tensor<[2, 1], "float32">');
  });

  it("named imports", () => {
    const types = typesOf("named");
    expect(types.get("y")).toBe('Tensor<[2, 3], "float32">');
    expect(types.get("flat")).toBe('Tensor<[6], "float32">');
    expect(types.get("centre")).toBe('Tensor<[3], "float32">');
  });

  it("chained methods", () => {
    const types = typesOf("chained");
    expect(types.get("chained")).toBe('Tensor<[2, 2], "float32">');
    expect(types.get("product")).toBe('Tensor<[2, 2], "float32">');
    expect(types.get("rowSums")).toBe('Tensor<[2], "float32">');
    expect(types.get("average")).toBe('Tensor<[], "float32">');
    expect(types.get("kept")).toBe('Tensor<[1, 2], "float32">');
    expect(types.get("column")).toBe('Tensor<[4, 1], "float32">');
    expect(types.get("swapped")).toBe('Tensor<[2, 2], "float32">');
  });

  it("matMul with transpose flags: the transposes give the shapes tfjs computes", () => {
    // the file keeps its tfjs import for the calls left alone: unresolved where TensorFlow.js is not
    // installed (TS2307), and where it is (this repository has it, for its gradient tests), those calls'
    // shapecast arguments are not tfjs tensors (TS2345, on their line only)
    const { project } = load("matmul");
    const check = project.createSourceFile(join(folder("matmul"), "src", "mixed.check.ts"), read("matmul", "expected/src/model.ts"), { overwrite: true });
    const leftAlone = check.getFullText().split("\n").findIndex((line) => line.includes("tf.matMul(x, y, true)")) + 1;
    const mixed = check.getPreEmitDiagnostics().filter((d) => d.getCode() === 2345);
    expect(mixed.map((d) => d.getLineNumber()).filter((line) => line !== leftAlone)).toEqual([]);
    const types = typesOf("matmul", [2307, 2345]);
    expect(types.get("gram")).toBe('Tensor<[2, 2], "float32">');
    expect(types.get("outer")).toBe('Tensor<[3, 3], "float32">');
    expect(types.get("both")).toBe('Tensor<[3, 3], "float32">');
    expect(types.get("batched")).toBe('Tensor<[2, 2, 2], "float32">');
    expect(types.get("method")).toBe('Tensor<[2, 2], "float32">');
  });
});

describe("from-tfjs: what is left is reported with its place", () => {
  it("mixed: every use left alone, at its line and column, with a reason, and the tfjs import kept", () => {
    const { output, skipped } = run("mixed");
    expect(output).toContain('import * as tf from "@tensorflow/tfjs";\nimport { add, einsum, mul, ones, softmax, tensor } from "shapecast";\n');
    expect(places(skipped)).toEqual([
      "16:18 tf.variable(tf.zeros([2, 2]), false)",
      "16:30 tf.zeros([2, 2])",
      "17:22 tf.sequential({ layers: [tf.layers.dense({ units: 1, inputShape: [2] })] })",
      "17:47 tf.layers.dense({ units: 1, inputShape: [2] })",
      '18:24 tf.tensor([1, 2], [2], "complex64")',
      "19:19 tf.ones([2])",
      "19:33 tf.ones([2])",
      "20:23 tf.add(...operands)",
      "22:21 tf.div(operands[0], 2)",
    ]);
    expect(new Set(skipped.map((s) => s.file))).toEqual(new Set([join(folder("mixed"), "src", "model.ts")]));
    const reasons = skipped.map((s) => s.reason);
    expect(reasons[0]).toMatch(/^training: tf\.variable/);
    // what shares tensors with a call left keeps TensorFlow.js, and says which call
    expect(reasons[1]).toBe("kept with TensorFlow.js: tf.variable(tf.zeros([2, 2]), false) (line 16) is left, and this code shares tensors with it; converting the rest would mix the two libraries");
    expect(reasons[2]).toMatch(/^models and layers: tf\.sequential/);
    expect(reasons[4]).toMatch(/^dtype not in shapecast: "complex64"/);
    expect(reasons[5]).toMatch(/^kept with TensorFlow\.js: tf\.add\(\.\.\.operands\) \(line 20\)/);
    expect(reasons[7]).toMatch(/^spread arguments: tf\.add\(\.\.\.\)/);
    expect(reasons[8]).toMatch(/^kept with TensorFlow\.js: tf\.add\(\.\.\.operands\) \(line 20\)/);
    // the reported lines are the input's, where the code still stands
    const lines = read("mixed", "src/model.ts").split("\n");
    for (const place of skipped) expect(lines[place.line - 1]!.slice(place.column - 1)).toMatch(/^(tf\.|x\.)/);
  });

  it("matMul flags: an operand of unknown rank is transposed by einsum, a flag that is a name picks at run time", () => {
    const { output, skipped } = run("matmul");
    expect(skipped).toEqual([]);
    expect(output).toContain('return [matmul(einsum("...ij->...ji", x), y), matmul(x, flip ? einsum("...ij->...ji", y) : y)];');
  });
});

describe("from-tfjs: single files", () => {
  /** Runs the transform on `text` as /src/<name>.ts of an in-memory project (shapecast does not resolve there). */
  function convert(text: string): { output: string; skipped: Skipped[] } {
    const project = new Project({ useInMemoryFileSystem: true, compilerOptions: { strict: true } });
    const file = project.createSourceFile("/src/main.ts", text);
    const skipped = applyTransform(fromTfjs, file, { project, cwd: "/src" });
    return { output: file.getFullText(), skipped };
  }

  /** TensorFlow.js with its CPU backend, to compare converted code with what tfjs computes. */
  const tfjsCpu = async () => {
    const tf = await import("@tensorflow/tfjs-core");
    await import("@tensorflow/tfjs-backend-cpu");
    await tf.setBackend("cpu");
    return tf;
  };

  /** A file's text from its lines. */
  const lines = (...text: string[]): string => [...text, ""].join("\n");

  it("keeps tfjs's floor division of int32 tensors: exact through float64, then back to int32", () => {
    const { output, skipped } = convert(lines(
      'import * as tf from "@tensorflow/tfjs";',
      'const counts = tf.tensor1d([7, -7, 9], "int32");',
      'const groups = tf.tensor1d([2, 2, 4], "int32");',
      "const ratio = tf.tensor1d([7, 7, 9]);",
      "export const perGroup = tf.div(counts, groups);",
      "export const asMethod = counts.div(groups);",
      "export const real = tf.div(ratio, tf.tensor1d([2, 2, 4]));",
    ));
    expect(skipped).toEqual([]);
    expect(output).toBe(lines(
      'import { cast, div, floor, tensor } from "shapecast";',
      'const counts = tensor([7, -7, 9], { dtype: "int32" });',
      'const groups = tensor([2, 2, 4], { dtype: "int32" });',
      "const ratio = tensor([7, 7, 9]);",
      'export const perGroup = cast(floor(div(cast(counts, "float64"), groups)), "int32");',
      'export const asMethod = cast(floor(div(cast(counts, "float64"), groups)), "int32");',
      "export const real = div(ratio, tensor([2, 2, 4]));",
    ));
  });

  it("divides as floats when only one operand is int32, as TensorFlow.js does (a plain number is a float32 to it)", async () => {
    const { output, skipped } = convert(lines(
      'import * as tf from "@tensorflow/tfjs";',
      'const counts = tf.tensor1d([7, -7, 9], "int32");',
      "export const halves = tf.div(counts, 2);",
      "export const scaled = counts.div(tf.tensor1d([2, 2, 4]));",
    ));
    expect(skipped).toEqual([]);
    expect(output).toBe(lines(
      'import { div, tensor } from "shapecast";',
      'const counts = tensor([7, -7, 9], { dtype: "int32" });',
      "export const halves = div(counts, 2);",
      "export const scaled = counts.div(tensor([2, 2, 4]));",
    ));
    // what TensorFlow.js computes for these, and what the converted calls compute
    const tf = await tfjsCpu();
    const { div, tensor } = await import("shapecast");
    const counts = [7, -7, 9];
    expect(Array.from(tf.div(tf.tensor1d(counts, "int32"), 2).dataSync())).toEqual(Array.from(div(tensor(counts, { dtype: "int32" }), 2).toTypedArray()));
    expect(tf.div(tf.tensor1d(counts, "int32"), 2).dtype).toBe("float32");
  });

  it("removes TensorFlow.js's memory management: tf.tidy becomes its body, dispose goes, keep is its tensor", () => {
    const { output, skipped } = convert(lines(
      'import * as tf from "@tensorflow/tfjs";',
      "const x = tf.tensor1d([1, 2, 3]);",
      "export const a = tf.tidy(() => tf.add(x, 1));",
      "export const b = tf.tidy(() => tf.add(x, 1)).mul(2);",
      'export const c = tf.tidy("named", () => tf.mul(x, x));',
      "export function d(y: tf.Tensor) {",
      "  return tf.tidy(() => {",
      "    const squared = tf.mul(y, y);",
      "    return tf.add(squared, 1);",
      "  });",
      "}",
      "export function e(y: tf.Tensor) {",
      "  const scale = 2;",
      "  return tf.tidy(() => {",
      "    const scale = tf.keep(tf.mul(y, y));",
      "    return scale;",
      "  });",
      "}",
      "export const f = tf.tidy(() => {",
      "  const t = tf.sub(x, 1);",
      "  return tf.mul(t, t);",
      "});",
      "const scratch = tf.ones([3]);",
      "scratch.dispose();",
      "tf.dispose([scratch, x]);",
      "export const g = tf.dispose(tf.ones([2]));",
      "export const h = tf.tidy(function () { return tf.add(tf.ones([2]), 1); });",
    ));
    expect(output).toBe(lines(
      'import * as tf from "@tensorflow/tfjs";',
      'import { add, mul, ones, sub, tensor } from "shapecast";',
      "const x = tensor([1, 2, 3]);",
      "export const a = add(x, 1);",
      "export const b = add(x, 1).mul(2);",
      "export const c = mul(x, x);",
      "export function d(y: Tensor) {",
      "  const squared = mul(y, y);",
      "  return add(squared, 1);",
      "}",
      "export function e(y: Tensor) {",
      "  const scale = 2;",
      "  return (() => {",
      "    const scale = mul(y, y);",
      "    return scale;",
      "  })();",
      "}",
      "export const f = (() => {",
      "  const t = sub(x, 1);",
      "  return mul(t, t);",
      "})();",
      "const scratch = ones([3]);",
      "export const g = tf.dispose(tf.ones([2]));",
      "export const h = tf.tidy(function () { return tf.add(tf.ones([2]), 1); });",
    ).replace('import { add, mul, ones, sub, tensor } from "shapecast";', 'import { Tensor, add, mul, ones, sub, tensor } from "shapecast";'));
    // a statement-level dispose of an array of tensors goes too; one used as a value, and a tidy of a
    // function expression (its own `this`), are reported
    // (each keeps TensorFlow.js for what is in it)
    expect(skipped.map((s) => `${s.line}:${s.column} ${s.reason.split(":")[0]}`)).toEqual([
      "26:18 memory management",
      "26:29 kept with TensorFlow.js",
      "27:18 memory management",
      "27:47 kept with TensorFlow.js",
      "27:54 kept with TensorFlow.js",
    ]);
  });

  it("reads CommonJS: `const tf = require(...)` and destructured requires, and requires shapecast's names in their place", () => {
    const commonJs = (text: string): { output: string; skipped: Skipped[] } => {
      const project = new Project({ useInMemoryFileSystem: true, compilerOptions: { allowJs: true, strict: true } });
      const file = project.createSourceFile("/src/main.cjs", text);
      const skipped = applyTransform(fromTfjs, file, { project, cwd: "/src" });
      return { output: file.getFullText(), skipped };
    };
    const namespace = commonJs(lines(
      "// scores",
      'const tf = require("@tensorflow/tfjs-core");',
      "function score(scores) {",
      "  return tf.tidy(() => tf.mean(tf.mul(scores, 2), 1));",
      "}",
      "module.exports = { score };",
    ));
    expect(namespace.skipped).toEqual([]);
    expect(namespace.output).toBe(lines(
      "// scores",
      'const { mean, mul } = require("shapecast");',
      "function score(scores) {",
      "  return mean(mul(scores, 2), 1);",
      "}",
      "module.exports = { score };",
    ));
    const destructured = commonJs(lines(
      "const { add, mul: times, variable } = require('@tensorflow/tfjs')",
      "exports.f = (a, b) => times(add(a, b), 2)",
      "exports.g = (a) => variable(a, false)",
    ));
    expect(destructured.output).toBe(lines(
      "const { variable } = require('@tensorflow/tfjs')",
      "const { add, mul } = require('shapecast')",
      "exports.f = (a, b) => mul(add(a, b), 2)",
      "exports.g = (a) => variable(a, false)",
    ));
    expect(places(destructured.skipped)).toEqual(["3:20 variable(a, false)"]);
  });

  it("keeps a rewritten call's line breaks, indentation and comments; the lines around stay byte for byte", () => {
    const input = lines(
      'import * as tf from "@tensorflow/tfjs";',
      "",
      "// a gram matrix",
      "const a = tf.tensor2d([[1, 2], [3, 4]]);",
      "export const gram = tf.matMul(",
      "  a, // the left operand",
      "  a, // the right one",
      "  false,",
      "  true, // transposed",
      ");",
      "export const total = tf.sum(",
      "  tf.mul(a, 2),",
      "  1,",
      "  true);",
      "export const picked = tf.gather(a,",
      "                                [1, 0]);",
      "export const untouched = a.shape;   // stays byte for byte",
    );
    const { output, skipped } = convert(input);
    expect(skipped).toEqual([]);
    expect(output).toBe(lines(
      'import { gather, matmul, mul, sum, tensor, transpose } from "shapecast";',
      "",
      "// a gram matrix",
      "const a = tensor([[1, 2], [3, 4]]);",
      "export const gram = matmul(",
      "  a, // the left operand",
      "  transpose(a) /* the right one */, // transposed",
      ");",
      "export const total = sum(",
      "  mul(a, 2),",
      "  1,",
      "  { keepDims: true });",
      "export const picked = gather(a,",
      "                                [1, 0]);",
      "export const untouched = a.shape;   // stays byte for byte",
    ));
  });

  it("maps variables and SGD's minimize onto valueAndGrad and sgd, writing the trained tensors back", () => {
    const { output, skipped } = convert(lines(
      'import * as tf from "@tensorflow/tfjs";',
      "const model = { w: tf.variable(tf.zeros([3, 2])), b: tf.variable(tf.zeros([2])) };",
      "export function step(x: tf.Tensor2D, y: tf.Tensor2D) {",
      "  const optimizer = tf.train.sgd(0.1);",
      "  const cost = optimizer.minimize(() => tf.mean(tf.square(tf.sub(tf.add(tf.matMul(x, model.w), model.b), y))), true, [model.w, model.b]);",
      "  optimizer.minimize(() => tf.sum(model.w), false, [model.w]);",
      "  optimizer.dispose();",
      "  return cost!.dataSync()[0];",
      "}",
    ));
    expect(skipped).toEqual([]);
    expect(output).toBe(lines(
      'import { Tensor, add, matmul, mean, pow, sgd, sub, sum, valueAndGrad, zeros } from "shapecast";',
      "const model = { w: zeros([3, 2]), b: zeros([2]) };",
      "export function step(x: Tensor<[number, number]>, y: Tensor<[number, number]>) {",
      "  const optimizer = sgd({ lr: 0.1 });",
      "  const trained = valueAndGrad(() => mean(pow(sub(add(matmul(x, model.w), model.b), y), 2)))([model.w, model.b]);",
      "  [model.w, model.b] = optimizer.step([model.w, model.b], trained.grads, optimizer.init([model.w, model.b])).params;",
      "  const cost = trained.value;",
      "  const trained2 = valueAndGrad(() => sum(model.w))([model.w]);",
      "  [model.w] = optimizer.step([model.w], trained2.grads, optimizer.init([model.w])).params;",
      "  return cost!.toTypedArray()[0];",
      "}",
    ));
  });

  it("reports the training it cannot map: optimizers with state, a minimize without its variables, a const variable", () => {
    const reasons = (text: string): string[] => convert(text).skipped.map((s) => `${s.line}:${s.column} ${s.reason.split(";")[0]}`);
    expect(reasons(lines(
      'import * as tf from "@tensorflow/tfjs";',
      "export function f(w: tf.Tensor) {",
      "  const optimizer = tf.train.adam(0.01);",
      "  return optimizer.minimize(() => tf.sum(w), true, [w]);",
      "}",
    ))).toEqual([
      "3:21 training: tf.train.adam keeps state between steps inside the optimizer, and shapecast's optimizers give it back from each step for you to keep (opt.init(params) once, then opt.step(params, grads, state))",
      "4:10 training: tf.train.adam keeps state between steps inside the optimizer, and shapecast's optimizers give it back from each step for you to keep (opt.init(params) once, then opt.step(params, grads, state))",
      "4:35 kept with TensorFlow.js: tf.train.adam(0.01) (line 3) is left, and this code shares tensors with it",
    ]);
    expect(reasons(lines(
      'import * as tf from "@tensorflow/tfjs";',
      "export const w = tf.variable(tf.zeros([2]));",
      "const optimizer = tf.train.sgd(0.01);",
      "export const trainAll = () => optimizer.minimize(() => tf.sum(w));",
    ))[0]).toBe("2:18 kept with TensorFlow.js: tf.train.sgd(0.01) (line 3) is left, and this code shares tensors with it");
    expect(convert(lines(
      'import * as tf from "@tensorflow/tfjs";',
      "const optimizer = tf.train.sgd(0.01);",
      "export const trainAll = () => optimizer.minimize(() => tf.sum(tf.ones([2])));",
    )).skipped[0]!.reason).toMatch(/^training: minimize without a literal list of variables/);
  });

  it("unstacks on a computed axis by gathering each index on it (negative axes count from the end)", () => {
    const { output, skipped } = convert(lines(
      'import * as tf from "@tensorflow/tfjs";',
      "export function parts(x: tf.Tensor2D, axis: number) {",
      "  return tf.unstack(x, axis);",
      "}",
    ));
    expect(skipped).toEqual([]);
    expect(output).toContain("  return Array.from({ length: x.shape.at(axis)! }, (_, i) => squeeze(gather(x, [i], axis), [axis]));");
  });

  it("reports a matMul flag that is an expression, which would be read twice", () => {
    const { skipped } = convert(lines(
      'import * as tf from "@tensorflow/tfjs";',
      "export function f(x: tf.Tensor, y: tf.Tensor, flags: boolean[]) {",
      "  return tf.matMul(x, y, flags[0] === true);",
      "}",
    ));
    expect(skipped.map((place) => `${place.line}:${place.column} ${place.reason.split(":")[0]}`)).toEqual(["3:10 matMul flag not simple"]);
  });

  it("clipByValue becomes clip and cast stays cast, as functions and as methods", () => {
    const { output, skipped } = convert(lines(
      'import * as tf from "@tensorflow/tfjs";',
      "const x = tf.tensor1d([-2, 0.5, 9]);",
      "export const a = tf.clipByValue(x, 0, 1);",
      "export const b = x.clipByValue(0, 1).cast('int32');",
      "export const c = tf.cast(x, 'bool');",
      "export const d = tf.cast(tf.tensor1d([1]), 'complex64');",
    ));
    expect(output).toBe(lines(
      'import * as tf from "@tensorflow/tfjs";',
      'import { cast, clip, tensor } from "shapecast";',
      "const x = tensor([-2, 0.5, 9]);",
      "export const a = clip(x, 0, 1);",
      "export const b = x.clip(0, 1).cast('int32');",
      "export const c = cast(x, 'bool');",
      "export const d = tf.cast(tf.tensor1d([1]), 'complex64');",
    ));
    expect(skipped.map((place) => `${place.line}:${place.column} ${place.reason.split(":")[0]}`)).toEqual(["6:18 dtype not in shapecast", "6:26 kept with TensorFlow.js"]);
  });

  it("slice(x, begin, size) becomes per-axis { start, stop }, so the result's shape is exact", () => {
    const { output, skipped } = convert(lines(
      'import * as tf from "@tensorflow/tfjs";',
      "const x = tf.zeros([4, 5, 6]);",
      "export const a = tf.slice(x, [1, 0, 2], [2, -1, 3]);",
      "export const b = x.slice([0, 1]);",
      "export const c = tf.slice(x, 2, 1);",
      "export const d = tf.slice(x, [0, offset], [2, size]);",
      "export const e = tf.slice(tf.zeros([3]), begins);",
      "declare const offset: number;",
      "declare const size: number;",
      "declare const begins: number[];",
    ));
    expect(output).toBe(lines(
      'import * as tf from "@tensorflow/tfjs";',
      'import { slice, zeros } from "shapecast";',
      "const x = zeros([4, 5, 6]);",
      "export const a = slice(x, { start: 1, stop: 3 }, null, { start: 2, stop: 5 });",
      "export const b = slice(x, null, { start: 1 });",
      "export const c = slice(x, { start: 2, stop: 3 });",
      // computed bounds: a computed size may be -1 (the rest of the axis) at run time
      "export const d = slice(x, { stop: 2 }, { start: offset, stop: size === -1 ? undefined : offset + size });",
      "export const e = tf.slice(tf.zeros([3]), begins);",
      "declare const offset: number;",
      "declare const size: number;",
      "declare const begins: number[];",
    ));
    expect(skipped.map((place) => `${place.line}:${place.column} ${place.reason.split(":")[0]}`)).toEqual(["7:18 slice bounds not known", "7:27 kept with TensorFlow.js"]);
  });

  it("slices what TensorFlow.js slices", async () => {
    const tf = await tfjsCpu();
    const values = Array.from({ length: 120 }, (_, i) => i);
    const theirs = tf.slice(tf.tensor3d(values, [4, 5, 6]), [1, 0, 2], [2, -1, 3]);
    // the text the transform writes for that call, run with shapecast
    const ours = slice(tensor(values, [4, 5, 6]), { start: 1, stop: 3 }, null, { start: 2, stop: 5 });
    expect(ours.shape).toEqual(theirs.shape);
    expect(Array.from(ours.toTypedArray())).toEqual(Array.from(theirs.dataSync()));
  });

  it("computes for int32 division what TensorFlow.js computes", async () => {
    const tf = await tfjsCpu();
    const a = [7, -7, 9, 2147483647, -2147483647, 0, 5, -1];
    const b = [2, 2, 4, 2, 3, 5, -2, 7];
    const expected = Array.from(tf.div(tf.tensor1d(a, "int32"), tf.tensor1d(b, "int32")).dataSync());
    // the text int32Division writes, run with shapecast
    const rewritten = cast(floor(div(cast(tensor(a, { dtype: "int32" }), "float64"), tensor(b, { dtype: "int32" }))), "int32");
    expect(rewritten.dtype).toBe("int32");
    expect(Array.from(rewritten.toTypedArray())).toEqual(expected);
  });

  it("keeps comments and formatting around the edits", () => {
    const { output } = convert(
      [
        "// model code",
        "import * as tf from '@tensorflow/tfjs'",
        "",
        "/** The bias. */",
        "const b = tf.tensor1d([1, 2]) // two",
        "const y = tf.add(",
        "  b, // left",
        "  /* right */ b,",
        ")",
        "",
      ].join("\n"),
    );
    expect(output).toBe(
      [
        "// model code",
        "import { add, tensor } from 'shapecast'",
        "",
        "/** The bias. */",
        "const b = tensor([1, 2]) // two",
        "const y = add(",
        "  b, // left",
        "  /* right */ b,",
        ")",
        "",
      ].join("\n"),
    );
  });

  it("extends an existing shapecast import, sorted, and drops the tfjs one", () => {
    const { output } = convert('import { zeros } from "shapecast";\nimport * as tf from "@tensorflow/tfjs";\n\nexport const y = tf.sum(zeros([2, 3]), 1);\n');
    expect(output).toBe('import { sum, zeros } from "shapecast";\n\nexport const y = sum(zeros([2, 3]), 1);\n');
  });

  it("keeps the named imports still in use, and only those", () => {
    const { output, skipped } = convert('import { tensor2d, variable, mul } from "@tensorflow/tfjs";\n\nexport const y = variable(tensor2d([[1]]), false);\nexport const z = mul(tensor2d([[2]]), 2);\n');
    expect(output).toBe('import { tensor2d, variable } from "@tensorflow/tfjs";\nimport { mul, tensor } from "shapecast";\n\nexport const y = variable(tensor2d([[1]]), false);\nexport const z = mul(tensor([[2]]), 2);\n');
    expect(places(skipped)).toEqual(["3:18 variable(tensor2d([[1]]), false)", "3:27 tensor2d([[1]])"]);
  });

  it("imports under an alias a name the file already declares", () => {
    const { output } = convert('import * as tf from "@tensorflow/tfjs";\nconst tensor = tf.tensor1d([1, 2]);\nexport const mean = tf.mean(tensor);\n');
    expect(output).toBe('import { mean as scMean, tensor as scTensor } from "shapecast";\nconst tensor = scTensor([1, 2]);\nexport const mean = scMean(tensor);\n');
  });

  it("flattens nested data whose nesting is not the shape, as tfjs reads it", () => {
    const { output } = convert('import * as tf from "@tensorflow/tfjs";\nexport const x = tf.tensor([[1, 2, 3, 4], [5, 6, 7, 8]], [2, 2, 2]);\n');
    expect(output).toContain("export const x = tensor([1, 2, 3, 4, 5, 6, 7, 8], [2, 2, 2]);");
  });

  it("converts the tfjs tensor types", () => {
    const { output } = convert(
      'import * as tf from "@tensorflow/tfjs";\nexport function f(x: tf.Tensor3D, s: tf.Scalar): tf.Tensor {\n  return x instanceof tf.Tensor ? tf.mul(x, s) : s;\n}\n',
    );
    expect(output).toBe(
      'import { Tensor, mul } from "shapecast";\nexport function f(x: Tensor<[number, number, number]>, s: Tensor<[]>): Tensor {\n  return x instanceof Tensor ? mul(x, s) : s;\n}\n',
    );
  });

  it("reports creation it cannot give a shape: flat data for tensor2d without a shape, ragged data", () => {
    const { output, skipped } = convert('import * as tf from "@tensorflow/tfjs";\nconst a = tf.tensor2d([1, 2, 3, 4]);\nconst b = tf.tensor([[1, 2], [3]]);\n');
    expect(output).toBe('import * as tf from "@tensorflow/tfjs";\nconst a = tf.tensor2d([1, 2, 3, 4]);\nconst b = tf.tensor([[1, 2], [3]]);\n');
    expect(skipped.map((s) => `${s.line}:${s.column} ${s.reason.split(":")[0]}`)).toEqual(["2:11 bad arguments", "3:11 data shape not known"]);
  });

  it("leaves files without TensorFlow.js alone, methods of other objects included", () => {
    const text = 'const s = new Set<number>();\ns.add(1);\nconst m = { sum: (x: number) => x };\nm.sum(2);\n';
    expect(convert(text)).toEqual({ output: text, skipped: [] });
  });
});

describe("from-tfjs: through `shapecast codemod from-tfjs` as a process", () => {
  it("--write turns each fixture's input into its expected output", async () => {
    for (const name of ["creation", "chained", "mixed"] as const) {
      const copy = copyFixture(`from-tfjs-${name}`);
      const result = await runCli(["codemod", "from-tfjs", "--write"], { cwd: copy });
      expect(result.code, `${name}: ${result.stderr}`).toBe(0);
      expect(readFileSync(join(copy, "src", "model.ts"), "utf8"), name).toBe(read(name, "expected/src/model.ts"));
    }
  });

  it("a dry run prints the diff and lists the places left, with file:line:col", async () => {
    const copy = copyFixture("from-tfjs-mixed");
    const result = await runCli(["codemod", "from-tfjs"], { cwd: copy });
    expect(result.code).toBe(0);
    expect(readFileSync(join(copy, "src", "model.ts"), "utf8")).toBe(read("mixed", "src/model.ts"));
    expect(result.stdout).toContain("-const x = tf.tensor2d([[1, 2], [3, 4]]);\n+const x = tensor([[1, 2], [3, 4]]);");
    expect(result.stderr).toContain("src/model.ts:16:18");
    expect(result.stderr).toContain("src/model.ts:20:23");
    // the count of each file and the total, then the places left counted by reason
    expect(result.stderr).toMatch(/TensorFlow\.js calls converted:\n  src\/model\.ts +7 of 16 +43\.8%\n  total +7 of 16 +43\.8%\n/);
    expect(result.stderr).toMatch(/1 changed · 0 unchanged · 9 skipped \(4 kept with TensorFlow\.js, 2 models and layers, 1 dtype not in shapecast, 1 spread arguments, 1 training\)/);
  });

  it("--check exits 1 while there is something to convert, 0 on the converted file", async () => {
    const copy = copyFixture("from-tfjs-ops");
    expect((await runCli(["codemod", "from-tfjs", "--check"], { cwd: copy })).code).toBe(1);
    expect((await runCli(["codemod", "from-tfjs", "--write"], { cwd: copy })).code).toBe(0);
    const again = await runCli(["codemod", "from-tfjs", "--check"], { cwd: copy });
    expect(again.code, again.stderr).toBe(0);
  });
});
