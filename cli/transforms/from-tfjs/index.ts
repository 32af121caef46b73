/**
 * `shapecast codemod from-tfjs`: migrates TensorFlow.js code to shapecast, so
 * the migrated code gains compile-time shapes.
 *
 * It recognises the imports of "@tensorflow/tfjs", "@tensorflow/tfjs-core",
 * "@tensorflow/tfjs-node" and "@tensorflow/tfjs-node-gpu" (a namespace
 * `import * as tf` or named imports, aliases included), and their CommonJS
 * loads (`const tf = require(...)`, `const { add, mul: times } = require(...)`;
 * shapecast's names are then required the same way), and converts:
 *
 * - creation: `tf.tensor(values, shape?, dtype?)`, `tf.tensor1d` ... `tf.tensor4d`
 *   and `tf.scalar` become `tensor(...)`. Nested literal data that matches the
 *   shape is passed alone (`tensor([[1, 2], [3, 4]])`), flat data keeps its
 *   shape (`tensor([1, 2, 3, 4], [2, 2])`); both give `Tensor<[2, 2], "float32">`.
 *   A dtype becomes `{ dtype }`.
 * - `tf.zeros/ones(shape, dtype?)` and `tf.softmax/logSoftmax(x, axis?)`, whose
 *   shapecast namesakes take the same arguments, are renamed; `tf.clipByValue`
 *   becomes `clip` and `tf.cast` stays `cast` (methods alike, `x.clipByValue(lo, hi)`
 *   is `x.clip(lo, hi)`).
 * - ops: `tf.add/sub/mul/div` (and the other element-wise ops both libraries
 *   share: pow, maximum, relu, exp, ...), `tf.matMul` (to `matmul`;
 *   transposeA/transposeB become `transpose(...)` of the operand when its rank
 *   is known, `einsum("...ij->...ji", x)` when it is not, a conditional when the
 *   flag is a name), `tf.sum/mean(x, axis, keepDims)` (to `sum(x, axis, { keepDims })`),
 *   `tf.reshape`, `tf.transpose`, `tf.slice(x, begin, size)` with literal or
 *   computed bounds (to `slice(x, { start, stop }, ...)`, so the result's shape
 *   is exact where the bounds are literal), and the ops of functions.ts
 *   (expandDims, squeeze, concat, stack, split, unstack, gather, argMax,
 *   moments, oneHot, range, randomNormal, ...), each with TensorFlow.js's
 *   defaults written out. Plain arrays passed as operands (array literals, or
 *   expressions typed as arrays) are wrapped in `tensor(...)`. TensorFlow.js
 *   floor-divides when both operands are int32
 *   tensors, so `div` of two operands the file shows to be int32 becomes
 *   `cast(floor(div(cast(a, "float64"), b)), "int32")` (exact for every int32);
 *   with one int32 operand (a plain number is a float32 to TensorFlow.js) both
 *   libraries divide as floats, and an int32 tensor the file cannot see (a
 *   parameter, say) is divided as floats.
 * - methods on tensors: `a.add(b).mul(c)` stays a chain (shapecast has those
 *   methods); `a.matMul(b)`, `x.sum(0)`, `x.mean()`, `x.reshape(s)`,
 *   `x.argMax(1)` and the like become function calls, as shapecast has no such
 *   methods; read-outs become shapecast's (`x.dataSync()` is `x.toTypedArray()`,
 *   `x.arraySync()` is `x.toArray()`, `x.data()` their promise).
 * - types: `tf.Tensor` is `Tensor`, `tf.Tensor2D` is `Tensor<[number, number]>`
 *   (1D to 6D), `tf.Scalar` is `Tensor<[]>`.
 *
 * The import is rewritten last: the names used are added, sorted, to the
 * file's `import { ... } from "shapecast"` (or a new one, in the tfjs
 * import's place), and a tfjs import (or one of its names) goes away once
 * nothing refers to it. A shapecast name that would clash with a name the file
 * already declares is imported under an alias (`sum as scSum`).
 *
 * - memory management goes away, as shapecast tensors are garbage-collected
 *   (memory.ts): `tf.tidy(() => body)` becomes its body, `tf.dispose(...)` and
 *   `x.dispose()` statements are removed, `tf.keep(x)` is `x`.
 *
 * - training (training.ts): `tf.variable(x)` is `x`; `tf.train.sgd(lr)` is
 *   `sgd({ lr })` and its `minimize(() => loss, returnCost, [vars])` calls
 *   become `valueAndGrad` and `opt.step`, the trained tensors written back
 *   where the variables were read.
 *
 * Everything else is left as it is and reported as Skipped at its place in the
 * file as it was before the edit: models and layers, optimizers with state
 * (adam, momentum, ...), a minimize without its variable list,
 * a `tf.tidy` of a function expression, `tf.dispose` used as a value,
 * ops this transform does not know, spread arguments, dtypes shapecast lacks.
 * While such a use of the tfjs import remains, the import stays. A partial
 * conversion never mixes the libraries: what is left keeps TensorFlow.js for
 * every top-level function or statement that shares tensors with it
 * (units.ts), and each of their calls is reported as kept, naming the call
 * left. Every tfjs call is counted (the plan's tally: found, converted).
 *
 * Edits are targeted text replacements (a callee, an argument, one call),
 * so comments and formatting around them survive; run on its own output the
 * transform finds nothing left to convert.
 *
 * The code: this file plans a file's edits; migration.ts holds the migration
 * of one file (its state and the walk), ops.ts the op tables and the reasons
 * for skipping, bindings.ts the tfjs import bindings and the names the file
 * declares, operands.ts what the file shows of an operand (tfjs tensor, rank,
 * int32), calls.ts and methods.ts the conversion of `tf.op(...)` and
 * `x.op(...)`, creation.ts that of the creators, rewrite.ts and functions.ts
 * the shapecast text both write, memory.ts tidy/dispose/keep, training.ts
 * variables and optimizers, layout.ts the layout of a rewritten call, units.ts which
 * parts keep TensorFlow.js, syntax.ts literal readers, imports.ts the import
 * rewrite; the edits themselves are ../edits.ts.
 */
import type { ImportDeclaration, Node, SourceFile, Statement, VariableStatement } from "ts-morph";
import type { Plan, Transform, TransformContext } from "../transform.js";
import { declaredNames, tfjsRequires } from "./bindings.js";
import { importEdits } from "./imports.js";
import { type Kept, Migration, type Place } from "./migration.js";
import { tfjsModule } from "./ops.js";
import { keptUnits, unitsOf } from "./units.js";

export const fromTfjs: Transform = {
  name: "from-tfjs",
  description: "migrate TensorFlow.js tensor code (tf.tensor2d, tf.add, a.matMul(b), ...) to shapecast calls and imports",
  plan(file: SourceFile, _context: TransformContext): Plan {
    const tfjsImports = file.getImportDeclarations().filter((decl) => tfjsModule.test(decl.getModuleSpecifierValue()));
    const requires = tfjsRequires(file);
    const declared = declaredNames(file, tfjsImports, requires);
    let analysis = analyse(file, tfjsImports, declared, requires);
    // What is left keeps TensorFlow.js, and with it everything that shares tensors with it
    // (units.ts): analyse again with those units kept whole.
    const kept = keptOf(unitsOf(file, requires), analysis.places);
    if (kept !== undefined) analysis = analyse(file, tfjsImports, declared, requires, kept);
    // A tfjs name that stays (say `tensor`, still used by a call left alone) would clash
    // with the shapecast import of the same name: analyse again with that name taken.
    const clashes = analysis.bindings.filter((b) => b.imported !== undefined && b.remaining.size > 0 && [...analysis.used.values()].includes(b.local) && !declared.has(b.local));
    if (clashes.length > 0) {
      for (const b of clashes) declared.add(b.local);
      analysis = analyse(file, tfjsImports, declared, requires, kept);
    }
    const { edits, skipped, used } = analysis;
    const tally = { what: "TensorFlow.js calls", found: analysis.tally.calls, converted: analysis.tally.converted };
    if (edits.list.length === 0 && used.size === 0) return { skipped, tally, apply: () => undefined };
    importEdits(file, analysis, tfjsImports);
    // The edits are applied to the text as one replacement: the text outside them stays byte for byte.
    const text = edits.spliced(0, file.getFullText().length);
    return {
      skipped,
      tally,
      apply() {
        if (text !== file.getFullText()) file.replaceWithText(text);
      },
    };
  },
};

/** One analysis of the file: a migration run, with `declared` as the names a shapecast import must not take. */
function analyse(file: SourceFile, tfjsImports: readonly ImportDeclaration[], declared: ReadonlySet<string>, requires: readonly VariableStatement[], kept?: Kept): Migration {
  return new Migration(file, tfjsImports, declared, requires, kept).run();
}

/** The units that keep TensorFlow.js because of the places left, each with the reason its calls are reported for; undefined when none. */
function keptOf(units: readonly Statement[], places: readonly Place[]): Kept | undefined {
  const held = keptUnits(units, places.map((p) => p.range));
  if (held.size === 0) return undefined;
  const reasons = new Map<Node, string>();
  for (const [unit, range] of held) {
    const place = places.find((p) => p.range === range)!;
    reasons.set(unit, `kept with TensorFlow.js: ${place.skip.code} (line ${place.skip.line}) is left, and this code shares tensors with it; converting the rest would mix the two libraries`);
  }
  return { units: reasons, earlier: places };
}
