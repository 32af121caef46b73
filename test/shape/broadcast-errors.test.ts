/**
 * What a broadcasting ShapeError tells a program, beyond its message: the
 * `code` of each kind of misfit, the failing `axis` and its `sizes`, and the
 * `fix`, checked against a brute-force search of every axis map written here
 * from README's rules ("Messages": a fix lists every valid choice, up to six
 * then "...").
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { broadcastShapes, broadcastToShape, ShapeError } from "shapecast";
import { thrown } from "../support/thrown.js";

const loose = broadcastShapes as (a: number[], b: number[], spec?: unknown) => number[];
const looseTo = broadcastToShape as (input: number[], target: number[], spec?: unknown) => number[];

/** The ShapeError `run` throws (failing the test when it throws none or another error). */
function shapeErrorOf(run: () => unknown): ShapeError {
  const error = thrown(run);
  expect(error).toBeInstanceOf(ShapeError);
  return error as ShapeError;
}

/** code, axis, sizes and fix of the error, for one toEqual. */
const details = (error: ShapeError) => ({ code: error.code, axis: error.axis, sizes: error.sizes, fix: error.fix });

describe("each kind of misfit has its code, and axis and sizes when one axis is at fault", () => {
  it("numpy, none and bidirectional: the rightmost axis that does not fit", () => {
    expect(details(shapeErrorOf(() => loose([4, 3], [5, 2])))).toEqual({ code: "mismatch", axis: 1, sizes: [3, 2], fix: undefined });
    expect(details(shapeErrorOf(() => loose([2, 3], [3], { mode: "none" })))).toEqual({
      code: "rank",
      axis: undefined,
      sizes: undefined,
      fix: 'mode "numpy" would broadcast them to [2, 3]',
    });
    expect(details(shapeErrorOf(() => loose([2, 3], [1, 3], { mode: "none" })))).toEqual({
      code: "mismatch",
      axis: 0,
      sizes: [2, 1],
      fix: 'mode "numpy" would broadcast them to [2, 3]',
    });
    expect(details(shapeErrorOf(() => loose([2, 3], [2, 4], { mode: "none" })))).toEqual({ code: "mismatch", axis: 1, sizes: [3, 4], fix: undefined });
    expect(details(shapeErrorOf(() => looseTo([3, 1], [2, 2], { mode: "bidirectional" })))).toEqual({ code: "mismatch", axis: 0, sizes: [3, 2], fix: undefined });
  });

  it("xla", () => {
    const xla = (a: number[], b: number[], broadcastDimensions?: number[]) =>
      details(shapeErrorOf(() => loose(a, b, broadcastDimensions === undefined ? { mode: "xla" } : { mode: "xla", broadcastDimensions })));
    expect(xla([2, 3, 4], [3], [0, 1])).toMatchObject({ code: "dims-length", axis: undefined, sizes: undefined });
    expect(xla([2, 3, 4], [3], [3])).toMatchObject({ code: "dims-range" });
    expect(xla([2, 3, 4], [1, 1], [2, 1])).toMatchObject({ code: "dims-order" });
    expect(xla([2, 3, 4], [1, 1], [1, 1])).toMatchObject({ code: "dims-order" });
    expect(xla([2, 3], [2, 3], [0])).toMatchObject({ code: "dims-equal-rank" });
    expect(xla([2, 3], [2, 3], [1, 0])).toMatchObject({ code: "dims-equal-rank" });
    expect(xla([2, 3], [2, 3], [0, 0])).toMatchObject({ code: "dims-equal-rank" });
    expect(xla([], [2], [0])).toMatchObject({ code: "dims-scalar" });
    expect(xla([2], [], [0])).toMatchObject({ code: "dims-scalar" });
    // a's size first, whichever side is the higher rank
    expect(xla([2, 3, 4], [5], [1])).toEqual({ code: "mismatch", axis: 1, sizes: [3, 5], fix: "no broadcastDimensions fit" });
    expect(xla([5], [2, 3, 4], [1])).toEqual({ code: "mismatch", axis: 1, sizes: [5, 3], fix: "no broadcastDimensions fit" });
  });

  it("xla with a scalar or equal ranks fits without dims, or with empty or identity dims", () => {
    expect(loose([], [2, 3], { mode: "xla" })).toEqual([2, 3]);
    expect(loose([2, 3], [], { mode: "xla" })).toEqual([2, 3]);
    expect(loose([], [2], { mode: "xla", broadcastDimensions: [] })).toEqual([2]);
    expect(loose([2, 1], [1, 3], { mode: "xla", broadcastDimensions: [] })).toEqual([2, 3]);
    expect(loose([2, 1], [1, 3], { mode: "xla", broadcastDimensions: [0, 1] })).toEqual([2, 3]);
  });

  it("pdpd: the axis of a where b does not fit", () => {
    const pdpd = (a: number[], b: number[], axis?: number) => details(shapeErrorOf(() => loose(a, b, axis === undefined ? { mode: "pdpd" } : { mode: "pdpd", axis })));
    expect(pdpd([3], [2, 3])).toMatchObject({ code: "rank", axis: undefined });
    expect(pdpd([2, 3], [3], -2)).toMatchObject({ code: "axis", axis: undefined });
    expect(pdpd([2, 3], [3, 4], 1)).toMatchObject({ code: "axis-range", axis: undefined });
    expect(pdpd([2, 3, 4, 6], [3, 5], 1)).toEqual({ code: "mismatch", axis: 2, sizes: [4, 5], fix: undefined });
    expect(shapeErrorOf(() => loose([2, 3, 4, 6], [3, 5], { mode: "pdpd", axis: 1 })).message).toContain("axis 2 has 4 vs 5");
  });

  it("broadcast to a target: numpy and explicit", () => {
    expect(details(shapeErrorOf(() => looseTo([2, 3], [3])))).toMatchObject({ code: "rank", axis: undefined });
    expect(details(shapeErrorOf(() => looseTo([3], [3, 4])))).toEqual({ code: "mismatch", axis: 1, sizes: [3, 4], fix: 'mode "explicit" fits with axesMapping [0]' });
    expect(details(shapeErrorOf(() => looseTo([3], [2, 4])))).toEqual({ code: "mismatch", axis: 1, sizes: [3, 4], fix: undefined });
    expect(details(shapeErrorOf(() => looseTo([3], [3, 4], { mode: "explicit", axesMapping: [0, 1] })))).toMatchObject({ code: "dims-length" });
    expect(details(shapeErrorOf(() => looseTo([3], [3, 4], { mode: "explicit", axesMapping: [1] })))).toEqual({
      code: "mismatch",
      axis: 1,
      sizes: [3, 4],
      fix: "valid axesMapping: [0]",
    });
  });
});

// ---------------------------------------------------------------------------
// The tests' own rules: right-aligned misfits and every axis map, by brute force
// ---------------------------------------------------------------------------

const twoWay = (x: number, y: number): boolean => x === y || x === 1 || y === 1;
const oneWay = (input: number, target: number): boolean => input === target || input === 1;

/** Every strictly increasing map of `low`'s axes onto `high`'s under which each pair of sizes fits, in lexicographic order. */
function allMaps(low: readonly number[], high: readonly number[], fits: (l: number, h: number) => boolean): number[][] {
  const maps: number[][] = [];
  const extend = (map: number[]): void => {
    if (map.length === low.length) {
      maps.push(map);
      return;
    }
    for (let t = (map.at(-1) ?? -1) + 1; t < high.length; t++) if (fits(low[map.length]!, high[t]!)) extend([...map, t]);
  };
  extend([]);
  return maps;
}

/** The choices a fix lists (the bracketed lists, or the numbers of a pdpd fix) and whether it says there are more. */
function listed(fix: string | undefined): { choices: string[]; more: boolean } | undefined {
  if (fix === undefined) return undefined;
  const more = fix.includes("...");
  const brackets = [...fix.matchAll(/\[[^\]]*\]/g)].map((m) => m[0]);
  if (brackets.length > 0 || !/^ax(is|es) /.test(fix)) return { choices: brackets, more };
  return { choices: [...fix.matchAll(/\d+/g)].map((m) => m[0]), more };
}

/** What a fix of these choices lists: the first six, and "..." past them. */
const expectedList = (choices: readonly string[]) => ({ choices: choices.slice(0, 6), more: choices.length > 6 });

const show = (list: readonly number[]): string => `[${list.join(", ")}]`;

const shape = (maxRank: number) => fc.array(fc.integer({ min: 1, max: 3 }), { maxLength: maxRank });

describe("the axis and sizes of a mismatch (numpy, none, bidirectional): the rightmost axis that does not fit", () => {
  it("agree with a right-aligned comparison", () => {
    fc.assert(
      fc.property(shape(5), shape(5), fc.constantFrom("numpy", "none", "bidirectional"), (a, b, mode) => {
        const rank = Math.max(a.length, b.length);
        const at = (s: number[], axis: number) => (axis - (rank - s.length) >= 0 ? s[axis - (rank - s.length)]! : 1);
        let bad: number | undefined;
        const fits = mode === "none" ? (x: number, y: number) => x === y : twoWay;
        for (let axis = 0; axis < rank; axis++) if (!fits(at(a, axis), at(b, axis))) bad = axis;
        const run = () => (mode === "bidirectional" ? looseTo(a, b, { mode }) : loose(a, b, { mode }));
        if (mode === "none" && a.length !== b.length) {
          expect(shapeErrorOf(run).code).toBe("rank");
          return;
        }
        if (bad === undefined) {
          expect(run()).toEqual(Array.from({ length: rank }, (_, axis) => Math.max(at(a, axis), at(b, axis))));
          return;
        }
        expect(details(shapeErrorOf(run))).toMatchObject({ code: "mismatch", axis: bad, sizes: [at(a, bad), at(b, bad)] });
      }),
      { seed: 71, numRuns: 600 },
    );
  });
});

describe("fixes list every choice that fits (up to six, then ...)", () => {
  it("xla with differing ranks: every increasing broadcastDimensions under which the sizes fit", () => {
    fc.assert(
      fc.property(
        shape(6),
        shape(3),
        fc.oneof(fc.constant(undefined), fc.array(fc.integer({ min: -1, max: 6 }), { maxLength: 4 })),
        fc.boolean(),
        (high, low, dims, lowIsA) => {
          fc.pre(low.length < high.length && low.length > 0);
          const [a, b] = lowIsA ? [low, high] : [high, low];
          const spec = dims === undefined ? { mode: "xla" } : { mode: "xla", broadcastDimensions: dims };
          const maps = allMaps(low, high, twoWay);
          let error: ShapeError;
          try {
            loose(a, b, spec);
            expect(maps.map(show)).toContain(show(dims!)); // it fit: the dims given are one of the maps
            return;
          } catch (caught) {
            expect(caught).toBeInstanceOf(ShapeError);
            error = caught as ShapeError;
          }
          if (maps.length === 0) expect(error.fix).toBe("no broadcastDimensions fit");
          else expect(listed(error.fix)).toEqual(expectedList(maps.map(show)));
        },
      ),
      { seed: 73, numRuns: 800 },
    );
  });

  it("pdpd: every axis of a at which b (without its trailing 1s) fits", () => {
    fc.assert(
      fc.property(shape(6), shape(4), fc.oneof(fc.constant(undefined), fc.integer({ min: -1, max: 6 })), (a, b, axis) => {
        fc.pre(b.length <= a.length);
        let length = b.length;
        while (length > 0 && b[length - 1] === 1) length--;
        const axes: string[] = [];
        for (let at = 0; at + length <= a.length; at++) if (b.slice(0, length).every((d, i) => oneWay(d, a[at + i]!))) axes.push(String(at));
        let error: ShapeError;
        try {
          loose(a, b, axis === undefined ? { mode: "pdpd" } : { mode: "pdpd", axis });
          const start = (axis ?? -1) === -1 ? a.length - b.length : axis!;
          expect(axes).toContain(String(start)); // it fit: the axis given is one of those
          return;
        } catch (caught) {
          expect(caught).toBeInstanceOf(ShapeError);
          error = caught as ShapeError;
        }
        if (error.code === "axis") return; // an axis below -1: no fix is offered for it
        expect(listed(error.fix)).toEqual(axes.length === 0 ? undefined : expectedList(axes));
      }),
      { seed: 79, numRuns: 800 },
    );
  });

  it("broadcast to a target: every increasing axesMapping under which the input fits (numpy and explicit)", () => {
    fc.assert(
      fc.property(shape(3), shape(6), fc.oneof(fc.constant(undefined), fc.array(fc.integer({ min: -1, max: 6 }), { maxLength: 4 })), (input, target, mapping) => {
        const maps = allMaps(input, target, oneWay);
        const spec = mapping === undefined ? undefined : { mode: "explicit", axesMapping: mapping };
        let error: ShapeError;
        try {
          expect(looseTo(input, target, spec)).toEqual(target);
          if (mapping !== undefined) expect(maps.map(show)).toContain(show(mapping));
          return;
        } catch (caught) {
          expect(caught).toBeInstanceOf(ShapeError);
          error = caught as ShapeError;
        }
        if (error.code === "rank") return; // numpy: the input has more axes than the target
        if (mapping === undefined) expect(listed(error.fix)).toEqual(maps.length === 0 ? undefined : expectedList(maps.map(show)));
        else if (maps.length === 0) expect(error.fix).toBe("no axesMapping fit");
        else expect(listed(error.fix)).toEqual(expectedList(maps.map(show)));
      }),
      { seed: 83, numRuns: 800 },
    );
  });

  it("answers at once when nothing fits at high ranks (the search does not try every map)", () => {
    // low's 30 2s fit on any 30 of high's 63 2s, but its two 3s fit only high's one 3: with
    // billions of increasing maps to try blindly, only a search that sees dead ends ahead ends
    const high = [...new Array<number>(29).fill(2), 3, ...new Array<number>(34).fill(2)];
    const low = [...new Array<number>(30).fill(2), 3, 3];
    expect(shapeErrorOf(() => loose(high, low, { mode: "xla" })).fix).toBe("no broadcastDimensions fit");
    expect(shapeErrorOf(() => looseTo(low, high, { mode: "explicit", axesMapping: [] })).fix).toBe("no axesMapping fit");
    expect(shapeErrorOf(() => looseTo([...low, 1], high)).fix).toBeUndefined();
  });

  it("answers at once when very many maps fit (it stops after the ones a message shows)", () => {
    // 30 1s onto 60 1s: C(60, 30), about 10^17 maps, all valid; the message shows six and "..."
    const fix = shapeErrorOf(() => loose(new Array<number>(60).fill(1), new Array<number>(30).fill(1), { mode: "xla" })).fix!;
    expect(listed(fix)).toEqual({ choices: [0, 1, 2, 3, 4, 5].map((last) => show([...Array(29).keys(), 29 + last])), more: true });
  });
});
