/**
 * Representative shape misfits as a user writes them, compiled in one file
 * against the package (`import ... from "shapecast"`), so each compiler's
 * first lines can be measured (`npm run bench:types:errors`, docs/errors.md)
 * and, where the library's message comes first, locked
 * (test/first-lines.test.ts).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseTscOutput, type PrintedDiagnostic } from "./diagnostics.js";
import { root } from "./compiler.js";

export interface Misfit {
  readonly name: string;
  /** Declarations the call needs (a user's generic function), inside the case's own block. */
  readonly setup?: readonly string[];
  /** The misfit: one line, one mistake. */
  readonly call: string;
  /** What the library says about it: its compile-time message, or its runtime's when it has none at compile time. */
  readonly message: string;
  /**
   * The first line is `message` under TypeScript 6 and 7 (test/first-lines.test.ts
   * holds it there). Otherwise docs/errors.md says what comes first and why.
   */
  readonly leads: boolean;
}

export const misfits: readonly Misfit[] = [
  {
    name: "add, numpy",
    call: "add(zeros([2, 3]), zeros([4]));",
    message: "add (numpy): axis 1 has 3 vs 4; cannot broadcast [2, 3] with [4]",
    leads: false,
  },
  {
    name: "add, none",
    call: 'add(zeros([2, 3]), zeros([3]), { mode: "none" });',
    message: 'add (none): rank 2 vs 1; cannot broadcast [2, 3] with [3]; mode "numpy" would broadcast them to [2, 3]',
    leads: false,
  },
  {
    name: "add, xla",
    call: 'add(zeros([2, 3]), zeros([4]), { mode: "xla", broadcastDimensions: [1] });',
    message: "add (xla): axis 1 has 3 vs 4; cannot broadcast [2, 3] with [4]; no broadcastDimensions fit",
    leads: false,
  },
  {
    name: "add, pdpd",
    call: 'add(zeros([2, 3, 4]), zeros([5]), { mode: "pdpd", axis: 1 });',
    message: "add (pdpd): axis 1 has 3 vs 5; cannot broadcast [2, 3, 4] with [5]",
    leads: false,
  },
  {
    name: "x.add (method)",
    call: "zeros([2, 3]).add(zeros([4]));",
    message: "add (numpy): axis 1 has 3 vs 4; cannot broadcast [2, 3] with [4]",
    leads: false,
  },
  {
    name: "broadcastTo",
    call: "broadcastTo(zeros([3]), [2, 4]);",
    message: "broadcastTo (numpy): axis 1 has 3 vs 4; cannot broadcast [3] to [2, 4]",
    leads: true,
  },
  {
    name: "matmul",
    call: "matmul(zeros([2, 3]), zeros([4, 5]));",
    message: "matmul: inner sizes 3 vs 4 (the last axis of a, the second-to-last axis of b); cannot multiply [2, 3] by [4, 5]",
    leads: false,
  },
  {
    name: "matmul, generic",
    setup: ["function project<B extends number, T extends number>(x: Tensor<[B, T, 64]>, w: Tensor<[32, 16]>) {"],
    call: "  return matmul(x, w); }",
    message:
      "matmul: the compiler cannot decide whether these sizes fit (different type parameters, or a type parameter and a literal); give equal sizes one type parameter, or check the shape at run time with assertShape",
    leads: false,
  },
  {
    name: "concat",
    call: "concat([zeros([2, 3]), zeros([2, 4])]);",
    message: "concat: tensors[1] axis 1 has 4 vs 3 in tensors[0]; cannot join [2, 3] with [2, 4]",
    leads: false,
  },
  {
    name: "stack",
    call: "stack([zeros([2, 3]), zeros([2, 4])]);",
    message: "stack: tensors[1] axis 1 has 4 vs 3 in tensors[0]; cannot join [2, 3] with [2, 4]",
    leads: true,
  },
  {
    name: "split",
    call: "split(zeros([6, 4]), [2, 3]);",
    message: "split: sizes [2, 3] add up to 5 but axis 0 has 6; cannot split [6, 4]",
    leads: true,
  },
  {
    name: "reshape",
    call: "reshape(zeros([2, 3]), [4, 2]);",
    message: "reshape: [2, 3] has 6 elements but [4, 2] holds 8",
    leads: true,
  },
  {
    name: "slice, index out of range",
    call: "slice(zeros([3, 5]), 3);",
    message: "slice: index 3 on axis 0 is out of range for its size 3 (use -3 to 2)",
    leads: false,
  },
  {
    name: "slice, more specs than axes",
    call: "slice(zeros([3, 5]), 0, 0, 0);",
    message: "slice: 3 axes given for a rank-2 tensor of shape [3, 5]",
    leads: true,
  },
  {
    name: "slice, step 0",
    call: "slice(zeros([3, 5]), null, { step: 0 });",
    message: "slice: step on axis 1 must be a non-zero integer, got number 0",
    leads: true,
  },
  {
    name: "sum, bad axis",
    call: "sum(zeros([2, 3]), 2);",
    message: "sum: axis 2 is out of range for a rank-2 tensor (use -2 to 1)",
    leads: true,
  },
  {
    name: "sum, bad axis, keepDims",
    call: "sum(zeros([2, 3]), 2, { keepDims: true });",
    message: "sum: axis 2 is out of range for a rank-2 tensor (use -2 to 1)",
    leads: false,
  },
  {
    name: "argmax, bad axis",
    call: "argmax(zeros([2, 3]), -3);",
    message: "argmax: axis -3 is out of range for a rank-2 tensor (use -2 to 1)",
    leads: true,
  },
  {
    name: "generic call, one parameter two sizes",
    setup: [
      "function dense<B extends number, I extends number, O extends number>(x: Tensor<[B, I]>, w: Tensor<[I, O]>, b: Tensor<[O]>) {",
      "  return add(matmul(x, w), b); }",
    ],
    call: "dense(zeros([32, 784]), zeros([784, 10]), zeros([11]));",
    message: "one dim of this shape gets different sizes from different arguments",
    leads: false,
  },
];

const imports = "add, argmax, broadcastTo, concat, matmul, reshape, slice, split, stack, sum, zeros, type Tensor";

/** Where the cases are written, and the line of each case's call (1-based). */
export interface MisfitFile {
  readonly dir: string;
  readonly file: string;
  readonly lines: ReadonlyMap<number, Misfit>;
}

/**
 * Writes the cases to `test/.generated/<name>/misfits.ts`, each in its own block,
 * with a tsconfig (strict, nodenext, the defaults users have: messages truncated)
 * that resolves `shapecast` to the sources, whose types are the built declarations'.
 */
export function writeMisfits(name: string): MisfitFile {
  const dir = join(root, "test", ".generated", name);
  mkdirSync(dir, { recursive: true });
  const text = [`import { ${imports} } from "shapecast";`];
  const lines = new Map<number, Misfit>();
  for (const misfit of misfits) {
    text.push(`{ // ${misfit.name}`, ...(misfit.setup ?? []), misfit.call, "}");
    lines.set(text.length - 1, misfit);
  }
  const file = join(dir, "misfits.ts");
  writeFileSync(file, `${text.join("\n")}\n`);
  writeFileSync(join(dir, "tsconfig.json"), `${JSON.stringify({ compilerOptions: misfitOptions, files: ["misfits.ts"] }, null, 2)}\n`);
  return { dir, file, lines };
}

export const misfitOptions = {
  strict: true,
  module: "nodenext",
  moduleResolution: "nodenext",
  target: "es2022",
  lib: ["es2022"],
  types: [],
  noEmit: true,
  skipLibCheck: true,
  paths: { shapecast: ["../../../src/index.ts"] },
} as const;

/** What one compiler printed for each case (undefined: no error), and the errors no case explains. */
export interface MisfitReport {
  readonly byCase: ReadonlyMap<Misfit, PrintedDiagnostic | undefined>;
  readonly unexpected: readonly string[];
}

/** Sorts one compiler's diagnostics on the misfit file by case. */
export function readMisfits(written: MisfitFile, diagnostics: readonly PrintedDiagnostic[]): MisfitReport {
  const byCase = new Map<Misfit, PrintedDiagnostic | undefined>(misfits.map((misfit) => [misfit, undefined]));
  const unexpected: string[] = [];
  for (const diagnostic of diagnostics) {
    const misfit = diagnostic.file.endsWith("misfits.ts") ? written.lines.get(diagnostic.line) : undefined;
    if (misfit === undefined || byCase.get(misfit) !== undefined) unexpected.push(diagnostic.text);
    else byCase.set(misfit, diagnostic);
  }
  return { byCase, unexpected };
}

/** `readMisfits` over a `tsc --pretty false` run in the misfits' directory. */
export const readTscMisfits = (written: MisfitFile, output: string): MisfitReport => readMisfits(written, parseTscOutput(output));

/**
 * The 1-based line of a diagnostic holding the library's message, or 0. TypeScript
 * prints a string literal type with its quotes and backslashes escaped, as JSON does.
 */
export function messageLine(misfit: Misfit, diagnostic: PrintedDiagnostic): number {
  const printed = JSON.stringify(misfit.message).slice(1, -1);
  return diagnostic.lines.findIndex((line) => line.includes(printed)) + 1;
}
