/**
 * The ONNX protobuf schema, from the `onnx-proto` package (protobufjs code
 * generated from onnx.proto): the one place the export and the weights reader
 * get their message classes from. `onnx-proto` is an optional peer dependency
 * of the package, needed only by `shapecast/onnx`.
 */
import pkg from "onnx-proto";
import type { DType } from "../dtype.js";

export const { onnx } = pkg;
export type { onnx as Onnx } from "onnx-proto";

/** The ONNX element type each shapecast dtype is written as. */
export const ELEMENT_TYPE: Readonly<Record<DType, number>> = {
  float32: onnx.TensorProto.DataType.FLOAT,
  float64: onnx.TensorProto.DataType.DOUBLE,
  int32: onnx.TensorProto.DataType.INT32,
  uint8: onnx.TensorProto.DataType.UINT8,
  bool: onnx.TensorProto.DataType.BOOL,
};

/** ONNX element types by number, for messages ("INT64"). */
export const elementTypeName = (code: number): string => onnx.TensorProto.DataType[code] ?? `element type ${code}`;

/** The ONNX element type int64 (shapes, axes and indices ONNX wants as int64). */
export const INT64 = onnx.TensorProto.DataType.INT64;
