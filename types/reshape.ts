/**
 * `reshape`'s rule at the type level: the element counts must match (exact
 * products of literal sizes, e.g. 224 x 224 x 3), and one `-1` is inferred
 * by exact division. Failures carry the runtime's messages. Counts that are
 * not known at compile time (`number` or symbolic sizes) are checked at run time.
 *
 * @example
 * Reshape<[224, 224, 3], [-1, 3]>      //=> [50176, 3]
 * Reshape<[2, 3, 4], [6, -1]>          //=> [6, 4]
 * ErrorMessage<Reshape<[2, 3, 4], [5, 5]>>
 * //=> "reshape: [2, 3, 4] has 24 elements but [5, 5] holds 25"
 */
import type { ShapeTypeError } from "./errors.js";
import type { Product, Quotient } from "./internal/arithmetic.js";
import type { Shape, ShowShape } from "./shape.js";

/** The target's sizes other than -1. */
type Known<Target extends Shape, Acc extends number[] = []> =
  Target extends readonly [infer First extends number, ...infer Rest extends Shape]
    ? First extends -1 ? Known<Rest, Acc> : Known<Rest, [...Acc, First]>
    : Acc;

/** How many -1 entries: 0, 1 or "many". (A pattern with two rest elements cannot be inferred, so this walks.) */
type CountMinusOnes<Target extends Shape, Count extends 0 | 1 = 0> =
  Target extends readonly [infer First, ...infer Rest extends Shape]
    ? First extends -1 ? (Count extends 1 ? "many" : CountMinusOnes<Rest, 1>) : CountMinusOnes<Rest, Count>
    : Count;

type Replace<Target extends Shape, Value extends number> = { -readonly [Key in keyof Target]: Target[Key] extends -1 ? Value : Target[Key] };

export type Reshape<From extends Shape, Target extends Shape> =
  number extends Target["length"] ? number[]
  : CountMinusOnes<Target> extends "many" ? ShapeTypeError<`reshape: only one size may be -1, got ${ShowShape<Target>}`>
  : CountMinusOnes<Target> extends 1
    ? [Product<From>, Product<Known<Target>>] extends [infer Count extends number, infer Rest extends number]
      ? number extends Count | Rest ? Replace<Target, number> // not known at compile time
      : [Quotient<Count, Rest>] extends [never]
        ? ShapeTypeError<`reshape: cannot infer -1: ${Count} elements of ${ShowShape<From>} do not split into ${ShowShape<Target>}`>
        : Replace<Target, Quotient<Count, Rest>>
      : never
  : [Product<From>, Product<Target>] extends [infer Count extends number, infer Holds extends number]
    ? number extends Count | Holds ? [...Target]
    : Count extends Holds ? [...Target]
    : ShapeTypeError<`reshape: ${ShowShape<From>} has ${Count} elements but ${ShowShape<Target>} holds ${Holds}`>
    : never;
