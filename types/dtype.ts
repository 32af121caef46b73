/**
 * Element types at the type level: the twin of src/dtype.ts. Promotion runs
 * along one chain, `bool < uint8 < int32 < float32 < float64`.
 *
 * @example
 * Promote<"int32", "float32">         //=> "float32"
 * ArithmeticDType<"bool", "bool">     //=> "int32"
 * DivisionDType<"int32", "uint8">     //=> "float32"
 * ScalarDType<2, "int32">             //=> "int32"
 * ScalarDType<0.5, "int32">           //=> "float32"
 * ScalarDType<2, "bool">              //=> "int32"
 */

export type DType = "float32" | "float64" | "int32" | "uint8" | "bool";

/** The later dtype of the two on the promotion chain (a table: no recursion). */
export type Promote<A extends DType, B extends DType> = PromotionTable[A][B];

interface PromotionTable {
  bool: { bool: "bool"; uint8: "uint8"; int32: "int32"; float32: "float32"; float64: "float64" };
  uint8: { bool: "uint8"; uint8: "uint8"; int32: "int32"; float32: "float32"; float64: "float64" };
  int32: { bool: "int32"; uint8: "int32"; int32: "int32"; float32: "float32"; float64: "float64" };
  float32: { bool: "float32"; uint8: "float32"; int32: "float32"; float32: "float32"; float64: "float64" };
  float64: { bool: "float64"; uint8: "float64"; int32: "float64"; float32: "float64"; float64: "float64" };
}

/** Arithmetic computes in the promoted dtype; two bools compute in int32. */
export type ArithmeticDType<A extends DType, B extends DType> = Promote<A, B> extends "bool" ? "int32" : Promote<A, B>;

/** True division: float64 stays, everything else divides in float32. */
export type DivisionDType<A extends DType, B extends DType> = Promote<A, B> extends "float64" ? "float64" : "float32";

/** Floating-point functions (sqrt, exp, ...): float64 stays, everything else is float32. */
export type FloatDType<D extends DType> = D extends "float64" ? "float64" : "float32";

/** Signed results (neg, sign): bool and uint8 compute in int32. */
export type SignedDType<D extends DType> = D extends "bool" | "uint8" ? "int32" : D;

/**
 * `Integer` for an integer literal, float32 for a fractional one, either for `number`.
 * (Every number JavaScript writes with `e+`, 1e21 and up, is an integer.)
 */
type IntegerOrFloat<Value, Integer extends DType> =
  number extends Value ? Integer | "float32"
  : `${Value & number}` extends `${bigint}` | `${string}e+${string}` ? Integer
  : "float32";

/**
 * The dtype a plain number computes in next to a tensor of dtype `D`: a
 * boolean takes the tensor's; next to int32 or uint8, an integer takes the
 * tensor's and a fractional number computes in float32; next to bool, an
 * integer computes in int32 and a fractional number in float32. A number known
 * only as `number` may be either.
 */
export type ScalarDType<Value, D extends DType> =
  Value extends boolean ? D
  : D extends "bool" ? IntegerOrFloat<Value, "int32">
  : D extends "int32" | "uint8" ? IntegerOrFloat<Value, D>
  : D;

/** The typed array each dtype is stored in. */
export interface StorageOf {
  float32: Float32Array;
  float64: Float64Array;
  int32: Int32Array;
  uint8: Uint8Array;
  bool: Uint8Array;
}

/** The values each integer dtype holds, as messages write them. */
interface IntegerRange {
  int32: ["-2147483648", "2147483647"];
  uint8: ["0", "255"];
}

/**
 * A number that does not fit the integer dtype its op computes in: twin of
 * `writeScalarRange` in src/dtype.ts. `Other` is the tensor operand to cast.
 */
export type ScalarRangeMessage<Op extends string, Name extends string, Value extends string, D extends keyof IntegerRange, Other extends string, Wider extends string> =
  `${Op}: ${Name} = ${Value} does not fit ${D} (${IntegerRange[D][0]} to ${IntegerRange[D][1]}), the dtype this op computes in; cast ${Other} to a wider dtype first, e.g. ${Other}.cast("${Wider}")`;

type Digit = "0" | "1" | "2" | "3" | "4" | "5" | "6" | "7" | "8" | "9";
type Below5 = "0" | "1" | "2" | "3" | "4";
type Below6 = Below5 | "5";
/** The integers 0 to 255, written out. */
type Uint8Text = Digit | `${Exclude<Digit, "0">}${Digit}` | `1${Digit}${Digit}` | `2${Below5}${Digit}` | `25${Below6}`;

/** Digit strings of one length compared left to right: is A at most B? */
type AtMost<A extends string, B extends string> =
  A extends `${infer X}${infer RestA}`
    ? B extends `${infer Y extends Digit}${infer RestB}` ? (X extends Y ? AtMost<RestA, RestB> : X extends LessThan[Y] ? true : false) : false
    : true;
/** The digits below each digit. */
interface LessThan {
  "0": never;
  "1": "0";
  "2": "0" | "1";
  "3": "0" | "1" | "2";
  "4": "0" | "1" | "2" | "3";
  "5": Below5;
  "6": Below6;
  "7": Below6 | "6";
  "8": Below6 | "6" | "7";
  "9": Exclude<Digit, "9">;
}
type LengthOf<T extends string, Count extends unknown[] = []> = T extends `${string}${infer Rest}` ? LengthOf<Rest, [...Count, unknown]> : Count["length"];

/** Does the integer written `Text` (no exponent) fit int32? */
type FitsInt32<Text extends string> =
  Text extends `-${infer Magnitude}` ? Within<Magnitude, "2147483648"> : Within<Text, "2147483647">;
type Within<Magnitude extends string, Limit extends string> =
  LengthOf<Magnitude> extends infer L extends number ? (L extends 10 ? AtMost<Magnitude, Limit> : [L] extends [0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9] ? true : false) : false;

/**
 * Does the literal `Value` fit the dtype it computes in next to a tensor of
 * each dtype? A table by the tensor's dtype, each entry `unknown` (it fits) or
 * `never`, so a parameter `N & ScalarFits<N>[D]` takes N for every D it fits:
 * for a D that is a type parameter the compiler reads the entries of D's
 * constraint (`D extends "float32" | "float64"` takes any number), for a
 * union of dtypes any one of them. Fractions and `number` fit everywhere
 * (they compute in float32 next to an integer tensor), integers 0 to 255 too.
 */
export type ScalarFits<Value> = number extends Value ? FitsEverywhere
  : `${Value & number}` extends Uint8Text ? FitsEverywhere
  : `${Value & number}` extends `${string}e+${string}` ? { float32: unknown; float64: unknown; int32: never; uint8: never; bool: never }
  : `${Value & number}` extends `${bigint}`
    ? FitsInt32<`${Value & number}`> extends true
      ? { float32: unknown; float64: unknown; int32: unknown; uint8: never; bool: unknown }
      : { float32: unknown; float64: unknown; int32: never; uint8: never; bool: never }
  : FitsEverywhere;
type FitsEverywhere = { float32: unknown; float64: unknown; int32: unknown; uint8: unknown; bool: unknown };

/**
 * The message when the literal `Value`, next to a tensor of dtype `D`,
 * computes in an integer dtype it does not fit (as the runtime refuses it);
 * never otherwise, and never when D is not one dtype.
 */
export type ScalarRangeProblem<Op extends string, Name extends string, Value, D extends DType, Other extends string> =
  [ScalarFits<Value>[D]] extends [never]
    ? ScalarDType<Value, D> extends infer C extends keyof IntegerRange
      ? ScalarRangeMessage<Op, Name, `${Value & number}`, C, Other, C extends "uint8" ? (FitsInt32<`${Value & number}`> extends true ? "int32" : "float64") : "float64">
      : never
    : never;
