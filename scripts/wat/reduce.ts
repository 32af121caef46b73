/**
 * Writes src/kernels/wasm/reduce.wat: the reductions that run in WebAssembly
 * SIMD over tensors in the engine's memory (src/kernels/wasm/arena.ts).
 * `npm run build:wasm` runs it before assembling; src/kernels/reduce.ts calls
 * the functions and holds the JavaScript folds that compute the same bits.
 *
 * Every address and stride is in bytes. Two layouts, each per dtype (f32, f64):
 *
 * - Runs: `runs` blocks of `n` contiguous elements, `runStride` apart (the
 *   reduced axes innermost and contiguous: a sum over the last axis, or over
 *   everything). One result per run, written to `dst` as f64 (sums, squares,
 *   max, min) or i32 (argmax, argmin).
 * - Columns: `cols` contiguous results, each folding `n` elements `step` apart
 *   (a sum over the first axis of a row-major matrix). The rows are read as
 *   vectors across the columns.
 *
 * Sums (`sum_*`, and `sq_*`, the sum of `(x - mean)^2` with one f64 mean per
 * result at `means`) accumulate in float64 in eight lanes: element k of a
 * block goes to lane k % 8, each lane starting at +0 and adding in order of
 * k, and the lanes are combined as ((l0 + l4) + (l2 + l6)) + ((l1 + l5) + (l3 + l7)).
 * In the runs layout the lanes are four f64x2 registers; in the columns layout
 * eight rows of f64 at `acc` (8 * cols * 8 bytes, cleared here), one per lane,
 * each row added to as a vector. Every add and multiply is the float64
 * instruction JavaScript's `+` and `*` are, with no fused multiply-add, so the
 * JavaScript folds give the same bits (test/kernels/reduce-simd.test.ts).
 *
 * `max_*` and `min_*` are `Math.max` and `Math.min` over the block (NaN wins,
 * +0 is above -0: the f32x4.max instruction's rule), in any order since the
 * result does not depend on it. `argmax_*` / `argmin_*` (runs only) give the
 * first index of the best element, or of the first NaN: the best of blocks of
 * sixteen vectors first, then the first element equal to it in its block.
 */

import { expInPlace, HIGH, logInPlace } from "./math.js";

interface Kind {
  readonly suffix: "f32" | "f64";
  readonly bytes: number;
  readonly scalar: "f32" | "f64";
  readonly vector: "f32x4" | "f64x2";
  readonly lanes: number;
}

const KINDS: readonly Kind[] = [
  { suffix: "f32", bytes: 4, scalar: "f32", vector: "f32x4", lanes: 4 },
  { suffix: "f64", bytes: 8, scalar: "f64", vector: "f64x2", lanes: 2 },
];


/** An element at `address` (+ `offset` bytes) as an f64. */
const scalarLoad = (kind: Kind, address: string, offset = 0): string => {
  const at = offset === 0 ? "" : ` offset=${offset}`;
  return kind.scalar === "f32" ? `(f64.promote_f32 (f32.load${at} ${address}))` : `(f64.load${at} ${address})`;
};

/** The summed term of an element (an f64 expression): itself, or its squared deviation from `$mean`. */
const scalarTerm = (square: boolean, x: string): string =>
  square ? `(f64.mul (f64.sub ${x} (local.get $mean)) (f64.sub ${x} (local.get $mean)))` : x;
const vectorTerm = (square: boolean, x: string, mean = "(local.get $means2)"): string =>
  square ? `(f64x2.mul (f64x2.sub ${x} ${mean}) (f64x2.sub ${x} ${mean}))` : x;

/**
 * The f64x2 terms of the 8 elements at `$q`: lanes 0-1, 2-3, 4-5, 6-7, each
 * promoted from f32 (through `$v`) or loaded.
 */
function eightTerms(kind: Kind, square: boolean): string[] {
  if (kind.scalar === "f64") return [0, 16, 32, 48].map((o) => vectorTerm(square, `(v128.load${o === 0 ? "" : ` offset=${o}`} (local.get $q))`));
  return [
    `(local.set $v (v128.load (local.get $q)))`,
    vectorTerm(square, "(f64x2.promote_low_f32x4 (local.get $v))"),
    vectorTerm(square, `(f64x2.promote_low_f32x4 (${HIGH} (local.get $v) (local.get $v)))`),
    `(local.set $v (v128.load offset=16 (local.get $q)))`,
    vectorTerm(square, "(f64x2.promote_low_f32x4 (local.get $v))"),
    vectorTerm(square, `(f64x2.promote_low_f32x4 (${HIGH} (local.get $v) (local.get $v)))`),
  ];
}

/** The loop over runs: `body` folds the run of `$n` elements at `$p`, then `store` writes result `$r`. */
function overRuns(body: string, store: string): string {
  return `    (block $done (loop $run
      (br_if $done (i32.ge_u (local.get $r) (local.get $runs)))
${body}
      ${store}
      (local.set $p (i32.add (local.get $p) (local.get $runStride)))
      (local.set $r (i32.add (local.get $r) (i32.const 1)))
      (br $run)))`;
}

/** `sum_<d>` or `sq_<d>` over runs. */
function sumRuns(kind: Kind, square: boolean): string {
  const name = `${square ? "sq" : "sum"}_${kind.suffix}`;
  const eight = 8 * kind.bytes;
  const terms = eightTerms(kind, square);
  const body: string[] = [];
  let lane = 0;
  for (const t of terms) {
    if (t.startsWith("(local.set")) body.push(t);
    else {
      body.push(`(local.set $l${lane} (f64x2.add (local.get $l${lane}) ${t}))`);
      lane++;
    }
  }
  // the last n % 8 elements, element j into lane j
  const tail: string[] = [];
  for (let j = 0; j < 7; j++) {
    const register = `$l${j >> 1}`;
    const part = j & 1;
    tail.push(
      `(if (i32.gt_u (local.get $rest) (i32.const ${j})) (then (local.set ${register} (f64x2.replace_lane ${part} (local.get ${register}) ` +
        `(f64.add (f64x2.extract_lane ${part} (local.get ${register})) ${scalarTerm(square, scalarLoad(kind, "(local.get $q)", j * kind.bytes))})))))`,
    );
  }
  const meanParam = square ? "(param $means i32) " : "";
  return `
  (func (export "${name}") (param $p i32) (param $n i32) (param $runs i32) (param $runStride i32) ${meanParam}(param $dst i32)
    (local $r i32) (local $q i32) (local $left i32) (local $rest i32) (local $v v128) (local $mean f64) (local $means2 v128)
    (local $l0 v128) (local $l1 v128) (local $l2 v128) (local $l3 v128) (local $c v128)
    (local.set $rest (i32.and (local.get $n) (i32.const 7)))
${overRuns(`      ${square ? "(local.set $mean (f64.load (i32.add (local.get $means) (i32.shl (local.get $r) (i32.const 3)))))\n      (local.set $means2 (f64x2.splat (local.get $mean)))" : ""}
      (local.set $l0 (v128.const i64x2 0 0)) (local.set $l1 (v128.const i64x2 0 0))
      (local.set $l2 (v128.const i64x2 0 0)) (local.set $l3 (v128.const i64x2 0 0))
      (local.set $q (local.get $p))
      (local.set $left (i32.shr_u (local.get $n) (i32.const 3)))
      (block $eights (loop $eight
        (br_if $eights (i32.eqz (local.get $left)))
        ${body.join("\n        ")}
        (local.set $q (i32.add (local.get $q) (i32.const ${eight})))
        (local.set $left (i32.sub (local.get $left) (i32.const 1)))
        (br $eight)))
      ${tail.join("\n      ")}
      ;; ((l0 + l4) + (l2 + l6)) + ((l1 + l5) + (l3 + l7))
      (local.set $c (f64x2.add (f64x2.add (local.get $l0) (local.get $l2)) (f64x2.add (local.get $l1) (local.get $l3))))`, "(f64.store (i32.add (local.get $dst) (i32.shl (local.get $r) (i32.const 3))) (f64.add (f64x2.extract_lane 0 (local.get $c)) (f64x2.extract_lane 1 (local.get $c))))")}
  )`;
}

/** Rows each lane takes per pass over its sums in `sum_cols_*` (see there). */
const ROWS_PER_LANE = 4;

/** `sum_cols_<d>` or `sq_cols_<d>`: eight rows of lanes at `$acc`, combined into `$dst`. */
function sumColumns(kind: Kind, square: boolean): string {
  const name = `${square ? "sq" : "sum"}_cols_${kind.suffix}`;
  const b = kind.bytes;
  // per turn, eight columns as four f64x2 pairs, each added to its place in the lane's row
  // (an f32 pair loaded alone and promoted: cheaper than one vector load and a shuffle)
  const at = (o: number): string => (o === 0 ? "" : ` offset=${o}`);
  const groups = [0, 1, 2, 3].map((k) => {
    const pair = kind.scalar === "f32" ? `(f64x2.promote_low_f32x4 (v128.load64_zero${at(8 * k)} (local.get $q)))` : `(v128.load${at(16 * k)} (local.get $q))`;
    return `(v128.store${at(16 * k)} (local.get $a) (f64x2.add (v128.load${at(16 * k)} (local.get $a)) ${vectorTerm(square, pair, `(v128.load${at(16 * k)} (local.get $m))`)}))`;
  });
  // blocks of 8 * ROWS_PER_LANE rows: lane L's rows (L, L + 8, L + 16, ...) added in registers, in order,
  // one load and one store of the lane's sums for all of them
  const rowsOfLane = Array.from({ length: ROWS_PER_LANE }, (_, r) => r);
  const rowAt = (r: number): string => (r === 0 ? "(local.get $q)" : `(i32.add (local.get $q) (local.get $s${8 * r}))`);
  const fourRows = [0, 1, 2, 3].map((k) => {
    const pairAt = (r: number): string =>
      kind.scalar === "f32" ? `(f64x2.promote_low_f32x4 (v128.load64_zero${at(8 * k)} ${rowAt(r)}))` : `(v128.load${at(16 * k)} ${rowAt(r)})`;
    const mean = `(v128.load${at(16 * k)} (local.get $m))`;
    const sum = rowsOfLane.reduce((total, r) => `(f64x2.add ${total} ${vectorTerm(square, pairAt(r), mean)})`, `(v128.load${at(16 * k)} (local.get $a))`);
    return `(v128.store${at(16 * k)} (local.get $a) ${sum})`;
  });
  const fourScalars = rowsOfLane.reduce((total, r) => `(f64.add ${total} ${scalarTerm(square, scalarLoad(kind, rowAt(r)))})`, "(f64.load (local.get $a))");
  // one row (or one lane's rows) across the columns: eight a turn, then one at a time
  const acrossColumns = (vectorBody: readonly string[], scalarSum: string, pad: string): string =>
    [
      `(local.set $m (local.get ${square ? "$means" : "$acc"}))`,
      `(local.set $j (i32.const 0))`,
      `(block $vectors (loop $vector`,
      `  (br_if $vectors (i32.gt_u (i32.add (local.get $j) (i32.const 8)) (local.get $cols)))`,
      ...vectorBody.map((line) => `  ${line}`),
      `  (local.set $q (i32.add (local.get $q) (i32.const ${8 * b})))`,
      `  (local.set $a (i32.add (local.get $a) (i32.const 64)))`,
      `  (local.set $m (i32.add (local.get $m) (i32.const 64)))`,
      `  (local.set $j (i32.add (local.get $j) (i32.const 8)))`,
      `  (br $vector)))`,
      `(block $ones (loop $one`,
      `  (br_if $ones (i32.ge_u (local.get $j) (local.get $cols)))`,
      ...(square ? ["  (local.set $mean (f64.load (local.get $m)))"] : []),
      `  (f64.store (local.get $a) ${scalarSum})`,
      `  (local.set $q (i32.add (local.get $q) (i32.const ${b})))`,
      `  (local.set $a (i32.add (local.get $a) (i32.const 8)))`,
      `  (local.set $m (i32.add (local.get $m) (i32.const 8)))`,
      `  (local.set $j (i32.add (local.get $j) (i32.const 1)))`,
      `  (br $one)))`,
    ]
      .map((line) => pad + line)
      .join("\n");
  const lane = (k: number): string => `(v128.load (i32.add (local.get $a) (local.get $lane${k})))`;
  const laneScalar = (k: number): string => `(f64.load (i32.add (local.get $a) (local.get $lane${k})))`;
  const meanParam = square ? "(param $means i32) " : "";
  return `
  (func (export "${name}") (param $p i32) (param $n i32) (param $step i32) (param $cols i32) ${meanParam}(param $acc i32) (param $dst i32)
    (local $i i32) (local $j i32) (local $q i32) (local $a i32) (local $m i32) (local $row i32) (local $v v128) (local $mean f64)
    (local $lane1 i32) (local $lane2 i32) (local $lane3 i32) (local $lane4 i32) (local $lane5 i32) (local $lane6 i32) (local $lane7 i32)
    (local $x f64) (local $L i32) ${rowsOfLane.slice(1).map((r) => `(local $s${8 * r} i32)`).join(" ")}
    ;; each lane a row of cols f64, all +0
    (memory.fill (local.get $acc) (i32.const 0) (i32.shl (local.get $cols) (i32.const 6)))
    (local.set $row (local.get $p))
    ${rowsOfLane.slice(1).map((r) => `(local.set $s${8 * r} (i32.mul (local.get $step) (i32.const ${8 * r})))`).join("\n    ")}
    (block $blocks (loop $block
      (br_if $blocks (i32.gt_u (i32.add (local.get $i) (i32.const ${8 * ROWS_PER_LANE})) (local.get $n)))
      (local.set $L (i32.const 0))
      (loop $lanes
        (local.set $a (i32.add (local.get $acc) (i32.shl (i32.mul (local.get $L) (local.get $cols)) (i32.const 3))))
        (local.set $q (i32.add (local.get $row) (i32.mul (local.get $L) (local.get $step))))
${acrossColumns(fourRows, fourScalars, "        ")}
        (local.set $L (i32.add (local.get $L) (i32.const 1)))
        (br_if $lanes (i32.lt_u (local.get $L) (i32.const 8))))
      (local.set $row (i32.add (local.get $row) (i32.mul (local.get $step) (i32.const ${8 * ROWS_PER_LANE}))))
      (local.set $i (i32.add (local.get $i) (i32.const ${8 * ROWS_PER_LANE})))
      (br $block)))
    ;; the rows left, one at a time
    (block $rows (loop $each
      (br_if $rows (i32.ge_u (local.get $i) (local.get $n)))
      ;; row i adds to lane i % 8
      (local.set $a (i32.add (local.get $acc) (i32.shl (i32.mul (i32.and (local.get $i) (i32.const 7)) (local.get $cols)) (i32.const 3))))
      (local.set $q (local.get $row))
${acrossColumns(groups, `(f64.add (f64.load (local.get $a)) ${scalarTerm(square, scalarLoad(kind, "(local.get $q)"))})`, "      ")}
      (local.set $row (i32.add (local.get $row) (local.get $step)))
      (local.set $i (i32.add (local.get $i) (i32.const 1)))
      (br $each)))
    ;; the byte distance from lane 0's row to lane k's
    ${[1, 2, 3, 4, 5, 6, 7].map((k) => `(local.set $lane${k} (i32.shl (i32.mul (local.get $cols) (i32.const ${k})) (i32.const 3)))`).join("\n    ")}
    (local.set $a (local.get $acc))
    (local.set $q (local.get $dst))
    (local.set $j (i32.const 0))
    (block $pairs (loop $pair
      (br_if $pairs (i32.gt_u (i32.add (local.get $j) (i32.const 2)) (local.get $cols)))
      (v128.store (local.get $q) (f64x2.add
        (f64x2.add (f64x2.add (v128.load (local.get $a)) ${lane(4)}) (f64x2.add ${lane(2)} ${lane(6)}))
        (f64x2.add (f64x2.add ${lane(1)} ${lane(5)}) (f64x2.add ${lane(3)} ${lane(7)}))))
      (local.set $a (i32.add (local.get $a) (i32.const 16)))
      (local.set $q (i32.add (local.get $q) (i32.const 16)))
      (local.set $j (i32.add (local.get $j) (i32.const 2)))
      (br $pair)))
    (if (i32.lt_u (local.get $j) (local.get $cols)) (then
      (f64.store (local.get $q) (f64.add
        (f64.add (f64.add (f64.load (local.get $a)) ${laneScalar(4)}) (f64.add ${laneScalar(2)} ${laneScalar(6)}))
        (f64.add (f64.add ${laneScalar(1)} ${laneScalar(5)}) (f64.add ${laneScalar(3)} ${laneScalar(7)}))))))
  )`;
}

/**
 * The block's max or min into `$one` (the body shared by `max_*` and `argmax_*`).
 * Four vectors per turn with `pmax` / `pmin` (one instruction each, unlike
 * `max`, which fixes up NaN and signed zeros on every vector), a flag for NaN
 * beside them; then NaN if the flag is set, and a zero's sign settled by
 * looking for +0 (max) or -0 (min) among the elements, as `Math.max` has it.
 */
function extremeValue(kind: Kind, op: "max" | "min", pad: string): string {
  const b = kind.bytes;
  const v = kind.vector;
  const s = kind.scalar;
  const i = s === "f32" ? "i32" : "i64";
  const width = kind.lanes;
  const pick = `${v}.p${op}`;
  const horizontal = Array.from({ length: width - 1 }, (_, lane) => lane + 1).reduce(
    (expression, lane) => `(${s}.${op} ${expression} (${v}.extract_lane ${lane} (local.get $best)))`,
    `(${v}.extract_lane 0 (local.get $best))`,
  );
  const loads = [0, 1, 2, 3].map((k) => `(local.set $x${k} (v128.load${k === 0 ? "" : ` offset=${16 * k}`} (local.get $q)))`);
  // the zero max has the sign of +0 when one element is +0 (max), -0 when one is -0 (min)
  const zeroBits = op === "max" ? `(${i}.const 0)` : s === "f32" ? "(i32.const 0x80000000)" : "(i64.const 0x8000000000000000)";
  return [
    `(local.set $best (${v}.splat (${s}.load (local.get $p))))`,
    `(local.set $nan (${v}.ne (local.get $best) (local.get $best)))`,
    `(local.set $b1 (local.get $best)) (local.set $b2 (local.get $best)) (local.set $b3 (local.get $best))`,
    `(local.set $q (local.get $p))`,
    `(local.set $left (local.get $n))`,
    `(block $fours (loop $four`,
    `  (br_if $fours (i32.lt_u (local.get $left) (i32.const ${4 * width})))`,
    ...loads.map((l) => `  ${l}`),
    `  (local.set $nan (v128.or (local.get $nan) (v128.or (v128.or (${v}.ne (local.get $x0) (local.get $x0)) (${v}.ne (local.get $x1) (local.get $x1)))`,
    `    (v128.or (${v}.ne (local.get $x2) (local.get $x2)) (${v}.ne (local.get $x3) (local.get $x3))))))`,
    `  (local.set $best (${pick} (local.get $best) (local.get $x0)))`,
    `  (local.set $b1 (${pick} (local.get $b1) (local.get $x1)))`,
    `  (local.set $b2 (${pick} (local.get $b2) (local.get $x2)))`,
    `  (local.set $b3 (${pick} (local.get $b3) (local.get $x3)))`,
    `  (local.set $q (i32.add (local.get $q) (i32.const 64)))`,
    `  (local.set $left (i32.sub (local.get $left) (i32.const ${4 * width})))`,
    `  (br $four)))`,
    `(local.set $best (${pick} (${pick} (local.get $best) (local.get $b1)) (${pick} (local.get $b2) (local.get $b3))))`,
    `(local.set $one ${horizontal})`,
    `(block $ones (loop $each`,
    `  (br_if $ones (i32.eqz (local.get $left)))`,
    `  (local.set $one (${s}.${op} (local.get $one) (${s}.load (local.get $q))))`,
    `  (local.set $q (i32.add (local.get $q) (i32.const ${b})))`,
    `  (local.set $left (i32.sub (local.get $left) (i32.const 1)))`,
    `  (br $each)))`,
    `(if (v128.any_true (local.get $nan)) (then (local.set $one (${s}.const nan))))`,
    `(if (${s}.eq (local.get $one) (${s}.const 0)) (then`,
    `  (local.set $one (${s}.const ${op === "max" ? "-0" : "0"}))`,
    `  (local.set $q (local.get $p))`,
    `  (local.set $left (local.get $n))`,
    `  (block $zeros (loop $zero`,
    `    (br_if $zeros (i32.eqz (local.get $left)))`,
    `    (if (${i}.eq (${i}.load (local.get $q)) ${zeroBits}) (then (local.set $one (${s}.const ${op === "max" ? "0" : "-0"})) (br $zeros)))`,
    `    (local.set $q (i32.add (local.get $q) (i32.const ${b})))`,
    `    (local.set $left (i32.sub (local.get $left) (i32.const 1)))`,
    `    (br $zero)))))`,
  ]
    .map((line) => pad + line)
    .join("\n");
}

const EXTREME_LOCALS = "(local $q i32) (local $left i32) (local $best v128) (local $b1 v128) (local $b2 v128) (local $b3 v128) (local $nan v128) (local $x0 v128) (local $x1 v128) (local $x2 v128) (local $x3 v128)";

/** `max_<d>` / `min_<d>` over runs; the result as f64 (exact). */
function extremeRuns(kind: Kind, op: "max" | "min"): string {
  const s = kind.scalar;
  const toF64 = (x: string): string => (s === "f32" ? `(f64.promote_f32 ${x})` : x);
  return `
  (func (export "${op}_${kind.suffix}") (param $p i32) (param $n i32) (param $runs i32) (param $runStride i32) (param $dst i32)
    (local $r i32) (local $one ${s}) ${EXTREME_LOCALS}
${overRuns(extremeValue(kind, op, "      "), `(f64.store (i32.add (local.get $dst) (i32.shl (local.get $r) (i32.const 3))) ${toF64("(local.get $one)")})`)}
  )`;
}

/** `max_cols_<d>` / `min_cols_<d>`: the running result per column in `$dst` (f64), started from the first row. */
function extremeColumns(kind: Kind, op: "max" | "min"): string {
  const b = kind.bytes;
  const s = kind.scalar;
  const promote = (x: string): string => (s === "f32" ? `(f64x2.promote_low_f32x4 ${x})` : x);
  const toF64 = (x: string): string => (s === "f32" ? `(f64.promote_f32 ${x})` : x);
  // per turn: 2 columns, read as f64x2 (an f32 pair promoted: exact, so the result is the f32 one)
  const pair = s === "f32" ? "(v128.load64_zero (local.get $q))" : "(v128.load (local.get $q))";
  return `
  (func (export "${op}_cols_${kind.suffix}") (param $p i32) (param $n i32) (param $step i32) (param $cols i32) (param $dst i32)
    (local $i i32) (local $j i32) (local $q i32) (local $a i32) (local $row i32)
    (local.set $row (local.get $p))
    (block $rows (loop $each
      (br_if $rows (i32.ge_u (local.get $i) (local.get $n)))
      (local.set $q (local.get $row))
      (local.set $a (local.get $dst))
      (local.set $j (i32.const 0))
      (block $pairs (loop $two
        (br_if $pairs (i32.gt_u (i32.add (local.get $j) (i32.const 2)) (local.get $cols)))
        (v128.store (local.get $a) (if (result v128) (local.get $i)
          (then (f64x2.${op} (v128.load (local.get $a)) ${promote(pair)}))
          (else ${promote(pair)})))
        (local.set $q (i32.add (local.get $q) (i32.const ${2 * b})))
        (local.set $a (i32.add (local.get $a) (i32.const 16)))
        (local.set $j (i32.add (local.get $j) (i32.const 2)))
        (br $two)))
      (if (i32.lt_u (local.get $j) (local.get $cols)) (then
        (f64.store (local.get $a) (if (result f64) (local.get $i)
          (then (f64.${op} (f64.load (local.get $a)) ${toF64(`(${s}.load (local.get $q))`)}))
          (else ${toF64(`(${s}.load (local.get $q))`)})))))
      (local.set $row (i32.add (local.get $row) (local.get $step)))
      (local.set $i (i32.add (local.get $i) (i32.const 1)))
      (br $each)))
  )`;
}

/** Elements per block of `argmax_*` / `argmin_*`: sixteen vectors. */
const ARG_BLOCK_VECTORS = 4;

/**
 * `argmax_<d>` / `argmin_<d>` over runs; the index as i32. Blocks of sixteen
 * vectors are folded with `pmax` / `pmin` (four accumulators, a NaN flag), and
 * only a block whose best is strictly better than every block before it is
 * remembered, so the remembered block holds the first best element; a block
 * with a NaN ends the search. The elements after the last whole block are
 * compared one at a time (the first NaN, or a strictly better element, wins).
 * Last, the remembered block is searched for the first element equal to the
 * best (+0 and -0 are equal, as `>` has them) or the first NaN.
 */
function argRuns(kind: Kind, op: "max" | "min"): string {
  const b = kind.bytes;
  const v = kind.vector;
  const s = kind.scalar;
  const width = kind.lanes;
  const block = ARG_BLOCK_VECTORS * width;
  const pick = `${v}.p${op}`;
  const cmp = op === "max" ? "gt" : "lt";
  const accumulators = ["$best", "$b1", "$b2", "$b3"];
  const turn = (first: boolean, base: number): string[] => {
    const lines = [0, 1, 2, 3].map((k) => `(local.set $x${k} (v128.load offset=${base + 16 * k} (local.get $q)))`);
    const nan = `(v128.or (v128.or (${v}.ne (local.get $x0) (local.get $x0)) (${v}.ne (local.get $x1) (local.get $x1))) (v128.or (${v}.ne (local.get $x2) (local.get $x2)) (${v}.ne (local.get $x3) (local.get $x3))))`;
    lines.push(first ? `(local.set $nan ${nan})` : `(local.set $nan (v128.or (local.get $nan) ${nan}))`);
    accumulators.forEach((acc, k) => lines.push(first ? `(local.set ${acc} (local.get $x${k}))` : `(local.set ${acc} (${pick} (local.get ${acc}) (local.get $x${k})))`));
    return lines;
  };
  const turns = Array.from({ length: ARG_BLOCK_VECTORS / 4 }, (_, t) => turn(t === 0, 64 * t)).flat();
  // the block's best across the lanes (no NaN there; the sign of a zero does not matter to the index)
  const swaps = width === 4 ? ["8 9 10 11 12 13 14 15 0 1 2 3 4 5 6 7", "4 5 6 7 0 1 2 3 12 13 14 15 8 9 10 11"] : ["8 9 10 11 12 13 14 15 0 1 2 3 4 5 6 7"];
  const horizontal = swaps.map((order) => `(local.set $best (${pick} (local.get $best) (i8x16.shuffle ${order} (local.get $best) (local.get $best))))`);
  const isNaN = (x: string): string => `(${s}.ne ${x} ${x})`;
  const body = `      (local.set $q (local.get $p))
      (local.set $i (i32.const 0))
      (local.set $where (i32.const -1))
      (local.set $isNaN (i32.const 0))
      (local.set $exact (i32.const 0))
      (block $blocks (loop $block
        (br_if $blocks (i32.gt_u (i32.add (local.get $i) (i32.const ${block})) (local.get $n)))
        ${turns.join("\n        ")}
        (if (v128.any_true (local.get $nan)) (then (local.set $isNaN (i32.const 1)) (local.set $where (local.get $i)) (br $blocks)))
        (local.set $best (${pick} (${pick} (local.get $best) (local.get $b1)) (${pick} (local.get $b2) (local.get $b3))))
        ${horizontal.join("\n        ")}
        (local.set $e (${v}.extract_lane 0 (local.get $best)))
        (if (i32.or (i32.lt_s (local.get $where) (i32.const 0)) (${s}.${cmp} (local.get $e) (local.get $one)))
          (then (local.set $one (local.get $e)) (local.set $where (local.get $i))))
        (local.set $q (i32.add (local.get $q) (i32.const ${block * b})))
        (local.set $i (i32.add (local.get $i) (i32.const ${block})))
        (br $block)))
      ;; the elements after the whole blocks, unless a block had a NaN
      (if (i32.eqz (local.get $isNaN)) (then
        (block $ones (loop $each
          (br_if $ones (i32.ge_u (local.get $i) (local.get $n)))
          (local.set $e (${s}.load (local.get $q)))
          (if ${isNaN("(local.get $e)")} (then
            (local.set $where (local.get $i)) (local.set $exact (i32.const 1)) (br $ones)))
          (if (i32.or (i32.lt_s (local.get $where) (i32.const 0)) (${s}.${cmp} (local.get $e) (local.get $one)))
            (then (local.set $one (local.get $e)) (local.set $where (local.get $i)) (local.set $exact (i32.const 1))))
          (local.set $q (i32.add (local.get $q) (i32.const ${b})))
          (local.set $i (i32.add (local.get $i) (i32.const 1)))
          (br $each)))))
      ;; the first element of the remembered block equal to the best, or its first NaN
      (if (i32.eqz (local.get $exact)) (then
        (local.set $q (i32.add (local.get $p) (i32.mul (local.get $where) (i32.const ${b}))))
        (block $at (loop $find
          (local.set $e (${s}.load (local.get $q)))
          (br_if $at (if (result i32) (local.get $isNaN) (then ${isNaN("(local.get $e)")}) (else (${s}.eq (local.get $e) (local.get $one)))))
          (local.set $q (i32.add (local.get $q) (i32.const ${b})))
          (local.set $where (i32.add (local.get $where) (i32.const 1)))
          (br $find)))))`;
  return `
  (func (export "arg${op}_${kind.suffix}") (param $p i32) (param $n i32) (param $runs i32) (param $runStride i32) (param $dst i32)
    (local $r i32) (local $one ${s}) (local $i i32) (local $isNaN i32) (local $exact i32) (local $where i32) (local $e ${s}) ${EXTREME_LOCALS}
${overRuns(body, "(i32.store (i32.add (local.get $dst) (i32.shl (local.get $r) (i32.const 2))) (local.get $where))")}
  )`;
}

/** `exp` in place on the f64x2 local `$t` (see ./math.ts), its arguments at most 0 here. */
const expOfT = (pad: string): string => expInPlace("", pad);

/**
 * `softmax_f32(p, n, o)`: the softmax of `n` contiguous float32 at `p` into
 * `n` contiguous float32 at `o`, as src/ops/softmax.ts computes it: the max
 * (as `max_f32`), each exp(x - max) stored rounded to float32 and summed
 * unrounded in the eight lanes of the sums above, then each stored value
 * divided by the sum in float64 and rounded. Only `exp` differs from the
 * JavaScript (see `expOfT`).
 */
function softmaxF32(log: boolean): string {
  const kind = KINDS[0]!;
  // softmax stores each exp(x - max), logSoftmax each x - max (rounded to float32, as the JavaScript)
  const half = (high: boolean, lane: number, offset: number): string => {
    const store = `(v128.store64_lane offset=${offset} 0 (local.get $w) (f32x4.demote_f64x2_zero (local.get $t)))`;
    return [
      `(local.set $t (f64x2.sub (f64x2.promote_low_f32x4 ${high ? `(${HIGH} (local.get $v) (local.get $v))` : "(local.get $v)"}) (local.get $top)))`,
      ...(log ? [store] : []),
      expOfT(""),
      `(local.set $l${lane} (f64x2.add (local.get $l${lane}) (local.get $t)))`,
      ...(log ? [] : [store]),
    ].join("\n");
  };
  // each stored value over the sum, or less the sum's log
  const finish = (stored: string, total: string): string => (log ? `(f64x2.sub ${stored} ${total})` : `(f64x2.div ${stored} ${total})`);
  const finishOne = (stored: string): string => (log ? `(f64.sub ${stored} (local.get $sum))` : `(f64.div ${stored} (local.get $sum))`);
  const indent = (text: string, pad: string): string => text.split("\n").map((line) => pad + line).join("\n");
  const tail = Array.from({ length: 7 }, (_, j) =>
    indent(
      [
        `(if (i32.gt_u (local.get $rest) (i32.const ${j})) (then`,
        `  (local.set $t (f64x2.sub (f64x2.splat (f64.promote_f32 (f32.load offset=${4 * j} (local.get $q)))) (local.get $top)))`,
        ...(log ? [`  (f32.store offset=${4 * j} (local.get $w) (f32.demote_f64 (f64x2.extract_lane 0 (local.get $t))))`] : []),
        expOfT("  "),
        `  (local.set $l${j >> 1} (f64x2.replace_lane ${j & 1} (local.get $l${j >> 1}) (f64.add (f64x2.extract_lane ${j & 1} (local.get $l${j >> 1})) (f64x2.extract_lane 0 (local.get $t)))))`,
        log ? "))" : `  (f32.store offset=${4 * j} (local.get $w) (f32.demote_f64 (f64x2.extract_lane 0 (local.get $t))))))`,
      ].join("\n"),
      "    ",
    ),
  ).join("\n");
  return `
  (func (export "${log ? "log_softmax_f32" : "softmax_f32"}") (param $p i32) (param $n i32) (param $o i32)
    (local $one f32) ${EXTREME_LOCALS} (local $w i32) (local $rest i32) (local $v v128) (local $top v128)
    (local $t v128) (local $k v128) (local $kd v128) (local $r v128) (local $r2 v128) (local $r4 v128) (local $total v128) (local $sum f64)
    (local $l0 v128) (local $l1 v128) (local $l2 v128) (local $l3 v128) (local $c v128)
${extremeValue(kind, "max", "    ")}
    (local.set $top (f64x2.splat (f64.promote_f32 (local.get $one))))
    ;; exp(x - max), eight elements a turn
    (local.set $q (local.get $p))
    (local.set $w (local.get $o))
    (local.set $left (i32.shr_u (local.get $n) (i32.const 3)))
    (block $eights (loop $eight
      (br_if $eights (i32.eqz (local.get $left)))
      (local.set $v (v128.load (local.get $q)))
${indent([half(false, 0, 0), half(true, 1, 8)].join("\n"), "      ")}
      (local.set $v (v128.load offset=16 (local.get $q)))
${indent([half(false, 2, 16), half(true, 3, 24)].join("\n"), "      ")}
      (local.set $q (i32.add (local.get $q) (i32.const 32)))
      (local.set $w (i32.add (local.get $w) (i32.const 32)))
      (local.set $left (i32.sub (local.get $left) (i32.const 1)))
      (br $eight)))
    (local.set $rest (i32.and (local.get $n) (i32.const 7)))
${tail}
    ;; ((l0 + l4) + (l2 + l6)) + ((l1 + l5) + (l3 + l7))
    (local.set $c (f64x2.add (f64x2.add (local.get $l0) (local.get $l2)) (f64x2.add (local.get $l1) (local.get $l3))))
    (local.set $sum (f64.add (f64x2.extract_lane 0 (local.get $c)) (f64x2.extract_lane 1 (local.get $c))))
    (local.set $total (f64x2.splat (local.get $sum)))${
      log
        ? `
    ;; the sum's log (./math.ts)
    (local.set $t (local.get $total))
${logInPlace("", "    ")}
    (local.set $total (local.get $t))
    (local.set $sum (f64x2.extract_lane 0 (local.get $t)))`
        : ""
    }
    ;; each stored value over the sum, or less its log
    (local.set $w (local.get $o))
    (local.set $left (i32.shr_u (local.get $n) (i32.const 2)))
    (block $fours (loop $four
      (br_if $fours (i32.eqz (local.get $left)))
      (local.set $v (v128.load (local.get $w)))
      (v128.store (local.get $w) (i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23
        (f32x4.demote_f64x2_zero ${finish("(f64x2.promote_low_f32x4 (local.get $v))", "(local.get $total)")})
        (f32x4.demote_f64x2_zero ${finish(`(f64x2.promote_low_f32x4 (${HIGH} (local.get $v) (local.get $v)))`, "(local.get $total)")})))
      (local.set $w (i32.add (local.get $w) (i32.const 16)))
      (local.set $left (i32.sub (local.get $left) (i32.const 1)))
      (br $four)))
    (local.set $left (i32.and (local.get $n) (i32.const 3)))
    (block $ones (loop $one
      (br_if $ones (i32.eqz (local.get $left)))
      (f32.store (local.get $w) (f32.demote_f64 ${finishOne("(f64.promote_f32 (f32.load (local.get $w)))")}))
      (local.set $w (i32.add (local.get $w) (i32.const 4)))
      (local.set $left (i32.sub (local.get $left) (i32.const 1)))
      (br $one)))
  )`;
}

export function reduceWat(): string {
  const functions = KINDS.flatMap((kind) => [
    sumRuns(kind, false),
    sumRuns(kind, true),
    sumColumns(kind, false),
    sumColumns(kind, true),
    extremeRuns(kind, "max"),
    extremeRuns(kind, "min"),
    extremeColumns(kind, "max"),
    extremeColumns(kind, "min"),
    argRuns(kind, "max"),
    argRuns(kind, "min"),
  ]);
  functions.push(softmaxF32(false), softmaxF32(true));
  return `;; Generated by scripts/wat/reduce.ts (\`npm run build:wasm\`): do not edit.
;; Reductions over tensors in the engine's memory; see the generator for the layouts and the order of sums.
(module
  (import "env" "memory" (memory 1))${functions.join("\n")}
)
`;
}
