/**
 * Serialization at the type level: `toJSON()` keeps the shape and dtype in its type,
 * `Tensor.fromJSON` and `Tensor.from` give them back, and an `expected` argument
 * states them for data whose type says nothing (text, `any` from `JSON.parse` or a
 * worker's message).
 */
import { expectTypeOf } from "expect-type";
import { broadcastTo, dim, type Dim, type DType, Tensor, type TensorExpectation, type TensorJSON, type TensorLike, tensor, transpose, zeros } from "shapecast";

const m = tensor([[1, 2, 3], [4, 5, 6]]);
const flags = tensor([true, false]);
const counts = zeros([4], "uint8");

// toJSON: the JSON form, typed by the tensor's shape and dtype
expectTypeOf(m.toJSON()).toEqualTypeOf<TensorJSON<[2, 3], "float32">>();
expectTypeOf(flags.toJSON()).toEqualTypeOf<TensorJSON<[2], "bool">>();
expectTypeOf(transpose(m).toJSON().shape).toEqualTypeOf<[3, 2]>();
expectTypeOf(m.toJSON().format).toEqualTypeOf<"shapecast.tensor">();
expectTypeOf(m.toJSON().version).toEqualTypeOf<1>();
expectTypeOf(m.toJSON().data).toEqualTypeOf<string>();

// fromJSON of a typed JSON form: the same tensor type back
expectTypeOf(Tensor.fromJSON(m.toJSON())).toEqualTypeOf<Tensor<[2, 3], "float32">>();
expectTypeOf(Tensor.fromJSON(flags.toJSON())).toEqualTypeOf<Tensor<[2], "bool">>();
expectTypeOf(Tensor.fromJSON(counts.toJSON())).toEqualTypeOf<Tensor<[4], "uint8">>();

// text or `any` says nothing: a dynamic shape and any dtype, unless expected says more
declare const text: string;
declare const parsed: any;
expectTypeOf(Tensor.fromJSON(text)).toEqualTypeOf<Tensor<number[], DType>>();
expectTypeOf(Tensor.fromJSON(parsed)).toEqualTypeOf<Tensor<number[], DType>>();
expectTypeOf(Tensor.fromJSON(text, { shape: [2, 3], dtype: "float32" })).toEqualTypeOf<Tensor<[2, 3], "float32">>();
expectTypeOf(Tensor.fromJSON(parsed, { shape: [2, 3], dtype: "int32" })).toEqualTypeOf<Tensor<[2, 3], "int32">>();
expectTypeOf(Tensor.fromJSON(text, { shape: [5] })).toEqualTypeOf<Tensor<[5], DType>>();
expectTypeOf(Tensor.fromJSON(text, { dtype: "float64" })).toEqualTypeOf<Tensor<number[], "float64">>();
expectTypeOf(Tensor.fromJSON(text, {})).toEqualTypeOf<Tensor<number[], DType>>();
// an expectation of one part keeps what the JSON form's type says of the other
expectTypeOf(Tensor.fromJSON(m.toJSON(), { dtype: "float32" })).toEqualTypeOf<Tensor<[2, 3], "float32">>();
expectTypeOf(Tensor.fromJSON(m.toJSON(), { shape: [2, 3] })).toEqualTypeOf<Tensor<[2, 3], "float32">>();
// sizes known at run time: a dynamic size, or a named one
declare const rows: number;
expectTypeOf(Tensor.fromJSON(text, { shape: [rows, 784] })).toEqualTypeOf<Tensor<[number, 784], DType>>();
expectTypeOf(Tensor.fromJSON(text, { shape: [dim("batch", rows), 784], dtype: "float32" })).toEqualTypeOf<Tensor<[Dim<"batch">, 784], "float32">>();
// a shape array of unknown length stays dynamic
declare const loadedShape: number[];
expectTypeOf(Tensor.fromJSON(text, { shape: loadedShape })).toEqualTypeOf<Tensor<number[], DType>>();

// the result works with every op, at its shape
expectTypeOf(Tensor.fromJSON(text, { shape: [2, 3], dtype: "float32" }).add(tensor([1, 2, 3]))).toEqualTypeOf<Tensor<[2, 3], "float32">>();

// from: a tensor, its structured clone (typed as the tensor by `structuredClone`), or a plain object
declare function structuredCloneOf<T>(value: T): T; // lib.dom's and @types/node's structuredClone
expectTypeOf(Tensor.from(structuredCloneOf(m))).toEqualTypeOf<Tensor<[2, 3], "float32">>();
expectTypeOf(Tensor.from(broadcastTo(tensor([1, 2, 3]), [4, 3]))).toEqualTypeOf<Tensor<[4, 3], "float32">>();
expectTypeOf(Tensor.from({ data: new Int32Array(6), shape: [2, 3], dtype: "int32" })).toEqualTypeOf<Tensor<[2, 3], "int32">>();
expectTypeOf(Tensor.from({ data: new Uint8Array(2), shape: [2], dtype: "bool" })).toEqualTypeOf<Tensor<[2], "bool">>();
declare const message: any; // a worker's event.data
expectTypeOf(Tensor.from(message)).toEqualTypeOf<Tensor<number[], DType>>();
expectTypeOf(Tensor.from(message, { shape: [2, 3], dtype: "float32" })).toEqualTypeOf<Tensor<[2, 3], "float32">>();
declare const like: TensorLike;
expectTypeOf(Tensor.from(like, { dtype: "uint8" })).toEqualTypeOf<Tensor<number[], "uint8">>();

// the expectation's type, for code that passes one along
expectTypeOf<TensorExpectation<[2], "bool">>().toEqualTypeOf<{ readonly shape?: [2] | undefined; readonly dtype?: "bool" | undefined }>();

// data of another dtype's class is a compile error, as it is a TypeError at run time
// @ts-expect-error -- a Float32Array is not an Int32Array
Tensor.from({ data: new Float32Array(6), shape: [2, 3], dtype: "int32" });
// @ts-expect-error -- an unknown dtype
Tensor.fromJSON(text, { dtype: "float16" });
// @ts-expect-error -- a tensor is not its JSON form
Tensor.fromJSON(m);
