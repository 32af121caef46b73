;; The matrix product micro-kernels in WebAssembly SIMD, for
;; src/kernels/matmul.ts: `multiply` in doubles (f64x2), `multiplyF32` in
;; float32 (f32x4), `dotF32` for a product of one row by one column; and
;; `packRuns`, the float32 convolution's im2col packing (src/kernels/conv.ts).
;; Assembled by `npm run build:wasm` into matmul.wasm.ts;
;; test/kernels/matmul-wasm.test.ts checks that each product gives its
;; JavaScript kernel's bits, test/kernels/conv-pack.test.ts that the packing
;; gives JavaScript's panels, and test/kernels/matmul-wasm-source.test.ts that
;; the committed bytes are this source assembled.
;;
;; `multiply`: operands are packed as in matmul.ts, in doubles: A in panels of
;; 4 rows and B in panels of 4 columns, each interleaved along k
;; (`panel[p * 4 + r]`).
;; `multiply` computes `rows` rows (a multiple of 4) of C = A x B into a
;; row-major block of `rows` x `cols` doubles (`cols` a multiple of 4). Each
;; 4 x 4 tile of C is 8 vectors of 2 doubles, updated per step along k by two
;; loads of B, four broadcast loads of A, 8 multiplies and 8 adds. Multiply and
;; add stay separate (no fused multiply-add), and every element sums its
;; products in the order of k, so the result is bit for bit the scalar
;; kernel's.
(module
  (memory (export "memory") 1)
  (func (export "multiply")
    (param $a i32) (param $b i32) (param $c i32) (param $rows i32) (param $k i32) (param $cols i32)
    (local $panel i32) (local $rowBytes i32) (local $i i32) (local $j i32)
    (local $pa i32) (local $pb i32) (local $end i32) (local $out i32)
    (local $y0 v128) (local $y1 v128) (local $x v128)
    (local $c00 v128) (local $c01 v128) (local $c10 v128) (local $c11 v128)
    (local $c20 v128) (local $c21 v128) (local $c30 v128) (local $c31 v128)
    ;; bytes per panel (4 doubles per step along k) and per row of C
    (local.set $panel (i32.shl (local.get $k) (i32.const 5)))
    (local.set $rowBytes (i32.shl (local.get $cols) (i32.const 3)))
    (if (i32.eqz (local.get $k)) (then (return)))
    (block $rowsDone
      (loop $rowPanels
        (br_if $rowsDone (i32.ge_u (local.get $i) (local.get $rows)))
        (local.set $j (i32.const 0))
        (block $colsDone
          (loop $colPanels
            (br_if $colsDone (i32.ge_u (local.get $j) (local.get $cols)))
            (local.set $c00 (v128.const i64x2 0 0)) (local.set $c01 (v128.const i64x2 0 0))
            (local.set $c10 (v128.const i64x2 0 0)) (local.set $c11 (v128.const i64x2 0 0))
            (local.set $c20 (v128.const i64x2 0 0)) (local.set $c21 (v128.const i64x2 0 0))
            (local.set $c30 (v128.const i64x2 0 0)) (local.set $c31 (v128.const i64x2 0 0))
            ;; panel i/4 of A, panel j/4 of B
            (local.set $pa (i32.add (local.get $a) (i32.mul (i32.shr_u (local.get $i) (i32.const 2)) (local.get $panel))))
            (local.set $pb (i32.add (local.get $b) (i32.mul (i32.shr_u (local.get $j) (i32.const 2)) (local.get $panel))))
            (local.set $end (i32.add (local.get $pa) (local.get $panel)))
            (loop $depth
              (local.set $y0 (v128.load (local.get $pb)))
              (local.set $y1 (v128.load offset=16 (local.get $pb)))
              (local.set $x (v128.load64_splat (local.get $pa)))
              (local.set $c00 (f64x2.add (local.get $c00) (f64x2.mul (local.get $x) (local.get $y0))))
              (local.set $c01 (f64x2.add (local.get $c01) (f64x2.mul (local.get $x) (local.get $y1))))
              (local.set $x (v128.load64_splat offset=8 (local.get $pa)))
              (local.set $c10 (f64x2.add (local.get $c10) (f64x2.mul (local.get $x) (local.get $y0))))
              (local.set $c11 (f64x2.add (local.get $c11) (f64x2.mul (local.get $x) (local.get $y1))))
              (local.set $x (v128.load64_splat offset=16 (local.get $pa)))
              (local.set $c20 (f64x2.add (local.get $c20) (f64x2.mul (local.get $x) (local.get $y0))))
              (local.set $c21 (f64x2.add (local.get $c21) (f64x2.mul (local.get $x) (local.get $y1))))
              (local.set $x (v128.load64_splat offset=24 (local.get $pa)))
              (local.set $c30 (f64x2.add (local.get $c30) (f64x2.mul (local.get $x) (local.get $y0))))
              (local.set $c31 (f64x2.add (local.get $c31) (f64x2.mul (local.get $x) (local.get $y1))))
              (local.set $pa (i32.add (local.get $pa) (i32.const 32)))
              (local.set $pb (i32.add (local.get $pb) (i32.const 32)))
              (br_if $depth (i32.lt_u (local.get $pa) (local.get $end))))
            ;; the tile's 4 rows, 4 doubles each
            (local.set $out (i32.add (local.get $c)
              (i32.add (i32.mul (local.get $i) (local.get $rowBytes)) (i32.shl (local.get $j) (i32.const 3)))))
            (v128.store (local.get $out) (local.get $c00))
            (v128.store offset=16 (local.get $out) (local.get $c01))
            (local.set $out (i32.add (local.get $out) (local.get $rowBytes)))
            (v128.store (local.get $out) (local.get $c10))
            (v128.store offset=16 (local.get $out) (local.get $c11))
            (local.set $out (i32.add (local.get $out) (local.get $rowBytes)))
            (v128.store (local.get $out) (local.get $c20))
            (v128.store offset=16 (local.get $out) (local.get $c21))
            (local.set $out (i32.add (local.get $out) (local.get $rowBytes)))
            (v128.store (local.get $out) (local.get $c30))
            (v128.store offset=16 (local.get $out) (local.get $c31))
            (local.set $j (i32.add (local.get $j) (i32.const 4)))
            (br $colPanels)))
        (local.set $i (i32.add (local.get $i) (i32.const 4)))
        (br $rowPanels))))

  ;; `multiplyF32`: the same product in float32. A is packed in panels of 4
  ;; rows (`panel[p * 4 + r]`) and B in panels of 8 columns (`panel[p * 8 + s]`),
  ;; both float32; C is a row-major block of `rows` x `cols` floats (`rows` a
  ;; multiple of 4, `cols` of 8). Each 4 x 8 tile of C is 8 vectors of 4
  ;; floats, updated per step along k by two loads of B, four broadcast loads of
  ;; A, 8 multiplies and 8 adds, each rounded to float32: no fused
  ;; multiply-add, every element summing its products in the order of k, so
  ;; the result is bit for bit `c = fround(c + fround(a * b))` in that order.
  (func (export "multiplyF32")
    (param $a i32) (param $b i32) (param $c i32) (param $rows i32) (param $k i32) (param $cols i32)
    (local $panelA i32) (local $panelB i32) (local $rowBytes i32) (local $i i32) (local $j i32)
    (local $pa i32) (local $pb i32) (local $end i32) (local $out i32) (local $startA i32)
    (local $y0 v128) (local $y1 v128) (local $x v128)
    (local $c00 v128) (local $c01 v128) (local $c10 v128) (local $c11 v128)
    (local $c20 v128) (local $c21 v128) (local $c30 v128) (local $c31 v128)
    ;; bytes per panel of A (4 floats per step along k), of B (8 floats) and per row of C
    (local.set $panelA (i32.shl (local.get $k) (i32.const 4)))
    (local.set $panelB (i32.shl (local.get $k) (i32.const 5)))
    (local.set $rowBytes (i32.shl (local.get $cols) (i32.const 2)))
    (if (i32.eqz (local.get $k)) (then (return)))
    (local.set $startA (local.get $a))
    (block $rowsDone
      (loop $rowPanels
        (br_if $rowsDone (i32.ge_u (local.get $i) (local.get $rows)))
        (local.set $j (i32.const 0))
        (local.set $pb (local.get $b))
        (block $colsDone
          (loop $colPanels
            (br_if $colsDone (i32.ge_u (local.get $j) (local.get $cols)))
            (local.set $c00 (v128.const i32x4 0 0 0 0)) (local.set $c01 (v128.const i32x4 0 0 0 0))
            (local.set $c10 (v128.const i32x4 0 0 0 0)) (local.set $c11 (v128.const i32x4 0 0 0 0))
            (local.set $c20 (v128.const i32x4 0 0 0 0)) (local.set $c21 (v128.const i32x4 0 0 0 0))
            (local.set $c30 (v128.const i32x4 0 0 0 0)) (local.set $c31 (v128.const i32x4 0 0 0 0))
            ;; panel i/4 of A from its start; B's panels follow one another, so $pb runs on from the last
            (local.set $pa (local.get $startA))
            (local.set $end (i32.add (local.get $startA) (local.get $panelA)))
            (loop $depth
              (local.set $y0 (v128.load (local.get $pb)))
              (local.set $y1 (v128.load offset=16 (local.get $pb)))
              (local.set $x (v128.load32_splat (local.get $pa)))
              (local.set $c00 (f32x4.add (local.get $c00) (f32x4.mul (local.get $x) (local.get $y0))))
              (local.set $c01 (f32x4.add (local.get $c01) (f32x4.mul (local.get $x) (local.get $y1))))
              (local.set $x (v128.load32_splat offset=4 (local.get $pa)))
              (local.set $c10 (f32x4.add (local.get $c10) (f32x4.mul (local.get $x) (local.get $y0))))
              (local.set $c11 (f32x4.add (local.get $c11) (f32x4.mul (local.get $x) (local.get $y1))))
              (local.set $x (v128.load32_splat offset=8 (local.get $pa)))
              (local.set $c20 (f32x4.add (local.get $c20) (f32x4.mul (local.get $x) (local.get $y0))))
              (local.set $c21 (f32x4.add (local.get $c21) (f32x4.mul (local.get $x) (local.get $y1))))
              (local.set $x (v128.load32_splat offset=12 (local.get $pa)))
              (local.set $c30 (f32x4.add (local.get $c30) (f32x4.mul (local.get $x) (local.get $y0))))
              (local.set $c31 (f32x4.add (local.get $c31) (f32x4.mul (local.get $x) (local.get $y1))))
              (local.set $pa (i32.add (local.get $pa) (i32.const 16)))
              (local.set $pb (i32.add (local.get $pb) (i32.const 32)))
              (br_if $depth (i32.lt_u (local.get $pa) (local.get $end))))
            ;; the tile's 4 rows, 8 floats each
            (local.set $out (i32.add (local.get $c)
              (i32.add (i32.mul (local.get $i) (local.get $rowBytes)) (i32.shl (local.get $j) (i32.const 2)))))
            (v128.store (local.get $out) (local.get $c00))
            (v128.store offset=16 (local.get $out) (local.get $c01))
            (local.set $out (i32.add (local.get $out) (local.get $rowBytes)))
            (v128.store (local.get $out) (local.get $c10))
            (v128.store offset=16 (local.get $out) (local.get $c11))
            (local.set $out (i32.add (local.get $out) (local.get $rowBytes)))
            (v128.store (local.get $out) (local.get $c20))
            (v128.store offset=16 (local.get $out) (local.get $c21))
            (local.set $out (i32.add (local.get $out) (local.get $rowBytes)))
            (v128.store (local.get $out) (local.get $c30))
            (v128.store offset=16 (local.get $out) (local.get $c31))
            (local.set $j (i32.add (local.get $j) (i32.const 8)))
            (br $colPanels)))
        (local.set $startA (local.get $end))
        (local.set $i (i32.add (local.get $i) (i32.const 4)))
        (br $rowPanels))))

  ;; `dotF32`: `sum` plus the products of `count` floats at `x` and at `y`, in
  ;; float32, one at a time in order (each product and each sum rounded): the
  ;; float32 kernel's sum for one element of C, for a [1, k] by [k, 1] product.
  (func (export "dotF32") (param $x i32) (param $y i32) (param $count i32) (param $sum f32) (result f32)
    (local $end i32)
    (local.set $end (i32.add (local.get $x) (i32.shl (local.get $count) (i32.const 2))))
    (if (i32.eqz (local.get $count)) (then (return (local.get $sum))))
    (loop $terms
      (local.set $sum (f32.add (local.get $sum) (f32.mul (f32.load (local.get $x)) (f32.load (local.get $y)))))
      (local.set $x (i32.add (local.get $x) (i32.const 4)))
      (local.set $y (i32.add (local.get $y) (i32.const 4)))
      (br_if $terms (i32.lt_u (local.get $x) (local.get $end))))
    (local.get $sum))

  ;; `packRuns`: A's panels from four runs of `run` floats each, for the
  ;; convolution's im2col (src/kernels/conv.ts): each of the `count` entries of
  ;; the table at `table` is five addresses (where its panel steps start, then
  ;; the four runs), and step t of the panel gets element t of each run,
  ;; `dst[4 t + s] = run_s[t]`. Four steps at a time: four loads, a 4 x 4
  ;; transpose by shuffles, four stores; then one float at a time.
  (func (export "packRuns") (param $table i32) (param $count i32) (param $run i32)
    (local $end i32) (local $dst i32) (local $s0 i32) (local $s1 i32) (local $s2 i32) (local $s3 i32)
    (local $t i32) (local $whole i32)
    (local $v0 v128) (local $v1 v128) (local $v2 v128) (local $v3 v128) (local $lo01 v128) (local $hi01 v128) (local $lo23 v128) (local $hi23 v128)
    (local.set $end (i32.add (local.get $table) (i32.mul (local.get $count) (i32.const 20))))
    (local.set $whole (i32.and (local.get $run) (i32.const -4)))
    (block $entriesDone
      (loop $entries
        (br_if $entriesDone (i32.ge_u (local.get $table) (local.get $end)))
        (local.set $dst (i32.load (local.get $table)))
        (local.set $s0 (i32.load offset=4 (local.get $table)))
        (local.set $s1 (i32.load offset=8 (local.get $table)))
        (local.set $s2 (i32.load offset=12 (local.get $table)))
        (local.set $s3 (i32.load offset=16 (local.get $table)))
        (local.set $t (i32.const 0))
        (block $wholeDone
          (loop $fours
            (br_if $wholeDone (i32.ge_u (local.get $t) (local.get $whole)))
            (local.set $v0 (v128.load (local.get $s0)))
            (local.set $v1 (v128.load (local.get $s1)))
            (local.set $v2 (v128.load (local.get $s2)))
            (local.set $v3 (v128.load (local.get $s3)))
            ;; pairs of the first two runs and of the last two, then the four steps
            (local.set $lo01 (i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23 (local.get $v0) (local.get $v1)))
            (local.set $hi01 (i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31 (local.get $v0) (local.get $v1)))
            (local.set $lo23 (i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23 (local.get $v2) (local.get $v3)))
            (local.set $hi23 (i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31 (local.get $v2) (local.get $v3)))
            (v128.store (local.get $dst) (i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23 (local.get $lo01) (local.get $lo23)))
            (v128.store offset=16 (local.get $dst) (i8x16.shuffle 8 9 10 11 12 13 14 15 24 25 26 27 28 29 30 31 (local.get $lo01) (local.get $lo23)))
            (v128.store offset=32 (local.get $dst) (i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23 (local.get $hi01) (local.get $hi23)))
            (v128.store offset=48 (local.get $dst) (i8x16.shuffle 8 9 10 11 12 13 14 15 24 25 26 27 28 29 30 31 (local.get $hi01) (local.get $hi23)))
            (local.set $dst (i32.add (local.get $dst) (i32.const 64)))
            (local.set $s0 (i32.add (local.get $s0) (i32.const 16)))
            (local.set $s1 (i32.add (local.get $s1) (i32.const 16)))
            (local.set $s2 (i32.add (local.get $s2) (i32.const 16)))
            (local.set $s3 (i32.add (local.get $s3) (i32.const 16)))
            (local.set $t (i32.add (local.get $t) (i32.const 4)))
            (br $fours)))
        (block $tailDone
          (loop $ones
            (br_if $tailDone (i32.ge_u (local.get $t) (local.get $run)))
            (i32.store (local.get $dst) (i32.load (local.get $s0)))
            (i32.store offset=4 (local.get $dst) (i32.load (local.get $s1)))
            (i32.store offset=8 (local.get $dst) (i32.load (local.get $s2)))
            (i32.store offset=12 (local.get $dst) (i32.load (local.get $s3)))
            (local.set $dst (i32.add (local.get $dst) (i32.const 16)))
            (local.set $s0 (i32.add (local.get $s0) (i32.const 4)))
            (local.set $s1 (i32.add (local.get $s1) (i32.const 4)))
            (local.set $s2 (i32.add (local.get $s2) (i32.const 4)))
            (local.set $s3 (i32.add (local.get $s3) (i32.const 4)))
            (local.set $t (i32.add (local.get $t) (i32.const 1)))
            (br $ones)))
        (local.set $table (i32.add (local.get $table) (i32.const 20)))
        (br $entries)))))
