;; The element-wise kernel of the placement benchmark (index.ts): float32
;; `out[i] = a[i] + b[i]` over `n` contiguous elements, four at a time
;; (f32x4), the tail one at a time. Addresses are bytes into the memory.
(module
  (memory (export "memory") 1)
  (func (export "addF32") (param $a i32) (param $b i32) (param $out i32) (param $n i32)
    (local $end i32) (local $vectorEnd i32)
    (local.set $end (i32.add (local.get $out) (i32.shl (local.get $n) (i32.const 2))))
    (local.set $vectorEnd (i32.add (local.get $out) (i32.shl (i32.and (local.get $n) (i32.const -4)) (i32.const 2))))
    (block $vectorsDone
      (loop $vectors
        (br_if $vectorsDone (i32.ge_u (local.get $out) (local.get $vectorEnd)))
        (v128.store (local.get $out) (f32x4.add (v128.load (local.get $a)) (v128.load (local.get $b))))
        (local.set $a (i32.add (local.get $a) (i32.const 16)))
        (local.set $b (i32.add (local.get $b) (i32.const 16)))
        (local.set $out (i32.add (local.get $out) (i32.const 16)))
        (br $vectors)))
    (block $done
      (loop $tail
        (br_if $done (i32.ge_u (local.get $out) (local.get $end)))
        (f32.store (local.get $out) (f32.add (f32.load (local.get $a)) (f32.load (local.get $b))))
        (local.set $a (i32.add (local.get $a) (i32.const 4)))
        (local.set $b (i32.add (local.get $b) (i32.const 4)))
        (local.set $out (i32.add (local.get $out) (i32.const 4)))
        (br $tail)))))
