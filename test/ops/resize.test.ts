/**
 * `resize` and `upsample`: values by hand; against ONNX Runtime's own Resize
 * node (a one-node model written here, not the export) and TensorFlow.js's
 * `resizeBilinear` / `resizeNearestNeighbor` on random images, sizes, modes,
 * coordinate mappings and layouts; read through any view; dtypes; the checks
 * with their classes and messages (the same calls as in test-d/resize.test-d.ts).
 */
import * as tf from "@tensorflow/tfjs";
import fc from "fast-check";
import ort from "onnxruntime-node";
import { describe, expect, it } from "vitest";
import { ShapeError, tensor, type Tensor, zeros } from "shapecast";
import * as sc from "shapecast";
import { GraphBuilder, string } from "../../src/onnx/graph.js";
import { ELEMENT_TYPE, onnx } from "../../src/onnx/proto.js";
import { rowMajor, viewOf } from "../support/random-view.js";
import { thrown } from "../support/thrown.js";

type Loose = (...args: unknown[]) => Tensor;
const resize = sc.resize as unknown as Loose;
const upsample = sc.upsample as unknown as Loose;

type Mode = "nearest" | "bilinear";
type Coordinates = "half-pixel" | "align-corners" | "asymmetric";
const MODES: readonly Mode[] = ["nearest", "bilinear"];
const COORDINATES: readonly Coordinates[] = ["half-pixel", "align-corners", "asymmetric"];

const values = (x: Tensor): number[] => Array.from(x.toTypedArray() as ArrayLike<number>);

/** Close to 1e-5 of the larger of each value and 1 (float32 inputs, the references compute in float32). */
function expectClose(label: string, got: readonly number[], want: readonly number[]): void {
  expect(got.length, label).toBe(want.length);
  const bad = got.flatMap((g, i) => (Math.abs(g - want[i]!) <= 1e-5 * Math.max(1, Math.abs(want[i]!)) ? [] : [`[${i}] ${g} vs ${want[i]}`]));
  expect(bad.slice(0, 5), label).toEqual([]);
}

/** ONNX Runtime's Resize of an NCHW float32 image to `size`, with the attributes the lowering writes. */
async function onnxRuntimeResize(x: Float32Array, shape: readonly number[], size: readonly [number, number], mode: Mode, coordinates: Coordinates): Promise<number[]> {
  const graph = new GraphBuilder();
  const sizes = graph.int64s([shape[0]!, shape[1]!, ...size]);
  graph.node("Resize", ["x", "", "", sizes], {
    mode: string(mode === "nearest" ? "nearest" : "linear"),
    coordinate_transformation_mode: string(coordinates.replace("-", "_")),
    nearest_mode: string(coordinates === "asymmetric" ? "floor" : "round_prefer_ceil"),
  });
  const tensorType = (dims?: readonly number[]) => ({ tensorType: { elemType: ELEMENT_TYPE.float32, ...(dims ? { shape: { dim: dims.map((d) => ({ dimValue: d })) } } : {}) } });
  const model = onnx.ModelProto.encode({
    irVersion: 8,
    opsetImport: [{ domain: "", version: 17 }],
    graph: {
      name: "resize",
      node: graph.nodes.map((node) => ({ ...node, output: ["y"] })),
      initializer: graph.initializers,
      input: [{ name: "x", type: tensorType(shape) }],
      output: [{ name: "y", type: tensorType() }],
    },
  }).finish();
  const session = await ort.InferenceSession.create(model);
  try {
    const result = await session.run({ x: new ort.Tensor("float32", x, [...shape]) });
    return Array.from(result["y"]!.data as Float32Array);
  } finally {
    await session.release();
  }
}

/** Does output `o` of an axis from `input` to `output` cells land exactly on a cell boundary (nearest, floor or round half up)? */
const onBoundary = (coordinates: Coordinates, o: number, input: number, output: number): boolean =>
  coordinates === "asymmetric" ? (o * input) % output === 0 : coordinates === "half-pixel" ? ((2 * o + 1) * input) % (2 * output) === 0 : false;

/** A size from 1 to `max`. */
const upTo = (max: number) => fc.integer({ min: 1, max });

/** An image batch [N, C, H, W] (the sizes; each test lays them out), the output sizes, the mode and coordinates, a seed. */
const imageArb = fc.record({ n: upTo(2), c: upTo(3), h: upTo(9), w: upTo(9), oh: upTo(13), ow: upTo(13), mode: fc.constantFrom(...MODES), coordinates: fc.constantFrom(...COORDINATES), seed: upTo(2 ** 30) });

describe("resize and upsample", () => {
  it("give the values worked out by hand", () => {
    const x = tensor([[[[1], [2]], [[3], [4]]]]); // NHWC [1, 2, 2, 1]
    // half-pixel bilinear, 2 to 4: the edge pixels repeat past the centers, quarter steps between
    expect(values(upsample(x, 2))).toEqual([1, 1.25, 1.75, 2, 1.5, 1.75, 2.25, 2.5, 2.5, 2.75, 3.25, 3.5, 3, 3.25, 3.75, 4]);
    expect(values(upsample(x, 2, { mode: "nearest" }))).toEqual([1, 1, 2, 2, 1, 1, 2, 2, 3, 3, 4, 4, 3, 3, 4, 4]);
    // align-corners, 2 to 3: the middle is the mean of its neighbours
    expect(values(resize(x, [3, 3], { coordinates: "align-corners" }))).toEqual([1, 1.5, 2, 2, 2.5, 3, 3, 3.5, 4]);
    // asymmetric, 2 to 4: x / 2, clamped at the last cell
    expect(values(resize(x, [1, 4], { coordinates: "asymmetric" }))).toEqual([1, 1.5, 2, 2]);
    // an output of 1: the center (half-pixel), the first cell (align-corners and asymmetric)
    const row = tensor([[[[1], [2], [3], [6]]]]);
    expect(values(resize(row, [1, 1]))).toEqual([2.5]);
    expect(values(resize(row, [1, 1], { coordinates: "align-corners" }))).toEqual([1]);
    // nearest downsizing 4 to 2: asymmetric floor(2x) reads 0 and 2, half-pixel floor(2x + 1) reads 1 and 3
    expect(values(resize(row, [1, 2], { mode: "nearest" }))).toEqual([1, 3]);
    expect(values(resize(row, [1, 2], { mode: "nearest", coordinates: "half-pixel" }))).toEqual([2, 6]);
    // NCHW: the same images, channels first
    const first = tensor([[[[1, 2], [3, 4]], [[10, 20], [30, 40]]]]); // [1, 2, 2, 2]
    expect(values(upsample(first, [1, 2], { layout: "NCHW", mode: "nearest" }))).toEqual([1, 1, 2, 2, 3, 3, 4, 4, 10, 10, 20, 20, 30, 30, 40, 40]);
    expect(values(first.resize([2, 3], { layout: "NCHW", coordinates: "align-corners" }))).toEqual([1, 1.5, 2, 3, 3.5, 4, 10, 15, 20, 30, 35, 40]);
    expect(first.upsample(3, { layout: "NCHW" }).shape).toEqual([1, 2, 6, 6]);
  });

  it("agree with ONNX Runtime's Resize on random images, every mode and coordinate mapping", async () => {
    const cases = fc.sample(imageArb, { seed: 40, numRuns: 120 });
    for (const { n, c, h, w, oh, ow, mode, coordinates, seed } of cases) {
      const x = sc.randn([n, c, h, w], { seed });
      const label = `${mode} ${coordinates} [${n}, ${c}, ${h}, ${w}] to [${oh}, ${ow}]`;
      const ours = values(resize(x, [oh, ow], { layout: "NCHW", mode, coordinates }));
      const theirs = await onnxRuntimeResize(x.toTypedArray() as Float32Array, x.shape, [oh, ow], mode, coordinates);
      if (mode === "bilinear") {
        expectClose(label, ours, theirs);
        continue;
      }
      // nearest: the same pixel, but where an output lands exactly on a cell boundary ONNX Runtime's float32
      // coordinate may fall just short of it and read the cell before (shapecast's is the exact cell)
      const plane = oh * ow;
      const differ = ours.flatMap((v, i) => (v === theirs[i] ? [] : [i]));
      for (const i of differ) {
        const [y, q] = [Math.floor((i % plane) / ow), i % ow];
        expect(onBoundary(coordinates, y, h, oh) || onBoundary(coordinates, q, w, ow), `${label}: output ${i}`).toBe(true);
      }
    }
  });

  it("agree with TensorFlow.js's resizeBilinear and resizeNearestNeighbor (alignCorners, halfPixelCenters)", () => {
    const flags: Record<Coordinates, [boolean, boolean]> = { asymmetric: [false, false], "half-pixel": [false, true], "align-corners": [true, false] };
    for (const { n, c, h, w, oh, ow, mode, coordinates, seed } of fc.sample(imageArb, { seed: 41, numRuns: 150 })) {
      const x = sc.randn([n, h, w, c], { seed });
      const ours = values(resize(x, [oh, ow], { mode, coordinates }));
      const images = tf.tensor4d(x.toTypedArray() as Float32Array, [n, h, w, c]);
      const [alignCorners, halfPixelCenters] = flags[coordinates];
      const resized = mode === "bilinear" ? tf.image.resizeBilinear(images, [oh, ow], alignCorners, halfPixelCenters) : tf.image.resizeNearestNeighbor(images, [oh, ow], alignCorners, halfPixelCenters);
      expectClose(`${mode} ${coordinates} [${n}, ${h}, ${w}, ${c}] to [${oh}, ${ow}]`, ours, Array.from(resized.dataSync()));
      tf.dispose([images, resized]);
    }
  });

  it("upsample is resize to the sizes times the scale, and nearest upsampling repeats each pixel", () => {
    for (const { n, c, h, w, mode, coordinates, seed } of fc.sample(imageArb, { seed: 42, numRuns: 60 })) {
      const x = sc.randn([n, c, h, w], { seed });
      const [sh, sw] = [1 + (seed % 3), 1 + ((seed >> 3) % 4)];
      const options = { layout: "NCHW", mode, coordinates };
      expect(values(upsample(x, [sh, sw], options))).toEqual(values(resize(x, [h * sh, w * sw], options)));
      if (mode === "nearest" && coordinates !== "align-corners") {
        const repeated = x.reshape([n, c, h, 1, w, 1]).broadcastTo([n, c, h, sh, w, sw]).reshape([n, c, h * sh, w * sw]);
        expect(values(upsample(x, [sh, sw], options))).toEqual(values(repeated));
      }
    }
  });

  it("read any view of x as its contiguous copy, and keep every dtype in nearest mode", () => {
    const caseArb = fc
      .tuple(fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 4, maxLength: 4 }), fc.constantFrom("float32", "float64", "int32", "uint8", "bool" as const))
      .chain(([shape, dtype]) => fc.tuple(viewOf(shape, dtype), fc.constantFrom(...MODES), fc.constantFrom(...COORDINATES), fc.constantFrom("NHWC", "NCHW"), fc.integer({ min: 1, max: 6 })));
    fc.assert(
      fc.property(caseArb, ([x, mode, coordinates, layout, size]) => {
        const options = { mode, coordinates, layout };
        const copy = tensor(rowMajor(x), x.shape as number[], { dtype: x.dtype });
        const result = resize(x, [size, 7 - size], options);
        expect(result.dtype).toBe(mode === "nearest" ? x.dtype : x.dtype === "float64" ? "float64" : "float32");
        expect(values(result)).toEqual(values(resize(copy, [size, 7 - size], options)));
        expect(result.isContiguous).toBe(true);
      }),
      { numRuns: 200 },
    );
    // int32 blends in float32, rounded first as the pools do
    expect(values(upsample(tensor([[[[16777217], [1]]]], { dtype: "int32" }), [1, 2]))).toEqual([16777216, Math.fround(16777216 + (1 - 16777216) * 0.25), Math.fround(16777216 + (1 - 16777216) * 0.75), 1]);
    expect(values(upsample(tensor([[[[true], [false]]]], { dtype: "bool" }), [1, 2], { mode: "nearest" }))).toEqual([1, 1, 0, 0]);
    expect(upsample(zeros([0, 2, 2, 3]), 2).shape).toEqual([0, 4, 4, 3]);
    expect(upsample(zeros([1, 0, 2, 3]), 2).shape).toEqual([1, 0, 4, 3]);
  });

  it("refuse a wrong rank (a ShapeError), a bad size or scale (RangeError), an unknown mode or option (TypeError), with the compiler's messages", () => {
    const error = thrown(() => resize(zeros([8, 8, 3]), [4, 4]));
    expect(error).toBeInstanceOf(ShapeError);
    expect(error.message).toBe("resize: x must have rank 4 (NHWC), got shape [8, 8, 3]");
    expect((error as ShapeError).code).toBe("rank");
    expect(() => upsample(zeros([3, 4, 4]), 2, { layout: "NCHW" })).toThrow(new ShapeError("upsample: x must have rank 4 (NCHW), got shape [3, 4, 4]", { code: "rank", op: "upsample", mode: "none", a: [3, 4, 4], b: [] }));
    expect(() => resize(zeros([1, 4, 4, 3]), [0, 4])).toThrow(new RangeError("resize: size[0] must be an integer from 1 to 2147483647, got 0"));
    expect(() => resize(zeros([1, 4, 4, 3]), [4, 2.5])).toThrow(new RangeError("resize: size[1] must be an integer, got number 2.5"));
    expect(() => upsample(zeros([1, 4, 4, 3]), -2)).toThrow(new RangeError("upsample: scale must be an integer from 1 to 2147483647, got -2"));
    expect(() => upsample(zeros([1, 4, 4, 3]), [2, 1.5])).toThrow(new RangeError("upsample: scale[1] must be an integer, got number 1.5"));
    expect(() => resize(zeros([1, 4, 4, 3]), [8, 8], { mode: "cubic" })).toThrow(new TypeError('resize: mode must be "nearest" or "bilinear", got "cubic"'));
    expect(() => upsample(zeros([1, 4, 4, 3]), 2, { coordinates: "pytorch_half_pixel" })).toThrow(
      new TypeError('upsample: coordinates must be "half-pixel", "align-corners" or "asymmetric", got "pytorch_half_pixel"'),
    );
    expect(() => upsample(zeros([1, 3, 4, 4]), 2, { layout: "NCW" })).toThrow(new TypeError('upsample: layout must be "NHWC" or "NCHW", got "NCW"'));
    expect(() => upsample(zeros([1, 3, 4, 4]), 2, { size: 2 })).toThrow(new TypeError('upsample: options field "size" is not known (mode, coordinates, layout)'));
    expect(() => resize(zeros([1, 4, 4, 3]), [4])).toThrow(new TypeError("resize: size must be [height, width] (2 integers), got 1 entries"));
    expect(() => resize(zeros([1, 4, 4, 3]), 4)).toThrow(new TypeError("resize: size must be [height, width] (2 integers), got number 4"));
    expect(() => resize(zeros([1, 4, 4, 3]), ["4", 4])).toThrow(new TypeError('resize: size[0] must be an integer, got "4"'));
    expect(() => upsample(zeros([1, 4, 4, 3]), [2, 2, 2])).toThrow(new RangeError("upsample: scale must be a number or 2 numbers (one per spatial axis), got 3"));
    expect(() => resize(zeros([1, 4, 4, 3]), [4, 4], { mode: 1 })).toThrow(new TypeError('resize: mode must be "nearest" or "bilinear", got number 1'));
    expect(() => resize([[1]], [4, 4])).toThrow(new TypeError("resize: x must be a Tensor, got an array"));
    expect(() => resize(zeros([1, 0, 4, 3]), [2, 2])).toThrow(new RangeError("resize: an empty spatial axis has no pixel to read (shape [1, 0, 4, 3])"));
    expect(() => resize(zeros([1, 4, 4, 3]), [65536, 65536])).toThrow(RangeError);
  });
});
