/**
 * `npm start`: a walk through the worked examples of the broadcasting
 * specification (docs/broadcasting.md), mode by mode: the shapes, the result, and for a
 * misfit the message, which the compiler shows as a red squiggle and the
 * runtime throws as a `ShapeError`.
 *
 * Every shape below is a literal, so the compiler computes each result too:
 * hover a call in your editor to see it. The misfits are marked with
 * `@ts-expect-error`: they do not compile, which is the point; at run time
 * they throw the same message, which is printed here.
 */
import {
  broadcastShapes,
  broadcastToShape,
  type BroadcastSpec,
  type BroadcastToSpec,
  ShapeError,
  showShape,
} from "shapecast";

const useColor = process.stdout.isTTY && !process.env["NO_COLOR"];
const paint = (code: number) => (text: string) => (useColor ? `\u001b[${code}m${text}\u001b[0m` : text);
const bold = paint(1);
const green = paint(32);
const red = paint(31);
const dim = paint(2);

const describeSpec = (spec: BroadcastSpec | BroadcastToSpec | undefined): string => {
  if (spec === undefined) return "";
  const { mode, ...fields } = spec as { mode: string } & Record<string, unknown>;
  const extra = Object.entries(fields).map(([key, value]) => `${key} ${Array.isArray(value) ? showShape(value) : String(value)}`);
  return extra.length === 0 ? "" : dim(` (${extra.join(", ")})`);
};

/** Prints `a op b = result`, or the message of the error the call throws. */
function show(label: string, a: readonly number[], b: readonly number[], spec: BroadcastSpec | BroadcastToSpec | undefined, run: () => readonly number[]): void {
  const left = `  ${showShape(a).padEnd(14)} ${label} ${showShape(b).padEnd(14)}${describeSpec(spec)}`;
  try {
    console.log(`${left} ${green("→")} ${green(showShape(run()))}`);
  } catch (error) {
    if (!(error instanceof ShapeError) && !(error instanceof RangeError)) throw error;
    console.log(`${left} ${red("✗")}`);
    console.log(`      ${red(error.message)}`);
  }
}

const section = (title: string, note: string) => {
  console.log(`\n${bold(title)}`);
  console.log(dim(`  ${note}`));
};

console.log(bold("shapecast: broadcasting at compile time and at run time"));
console.log(dim("Each line is a call whose result the compiler also computes; ✗ lines do not compile and throw at run time."));

section("NumPy (the default)", "right-align, pad with 1s, sizes equal or 1");
show("+", [2, 1, 5], [4, 1], undefined, () => broadcastShapes([2, 1, 5], [4, 1]));
show("+", [3, 2, 1, 4], [5, 4], undefined, () => broadcastShapes([3, 2, 1, 4], [5, 4]));
show("+", [1, 5, 3], [5, 2, 1, 3], undefined, () => broadcastShapes([1, 5, 3], [5, 2, 1, 3]));
show("+", [2, 1], [1, 3], undefined, () => broadcastShapes([2, 1], [1, 3]));
// @ts-expect-error -- axis 0 has 3 vs 2
show("+", [3], [2], undefined, () => broadcastShapes([3], [2]));
// @ts-expect-error -- axis 0 has 3 vs 4
show("+", [3, 1, 5], [4, 4, 5], undefined, () => broadcastShapes([3, 1, 5], [4, 4, 5]));

section("none (OpenVINO NONE)", "identical shapes only; the message says what NumPy mode would give");
show("+", [2, 3], [2, 3], { mode: "none" }, () => broadcastShapes([2, 3], [2, 3], { mode: "none" }));
// @ts-expect-error -- rank 2 vs 1
show("+", [2, 3], [3], { mode: "none" }, () => broadcastShapes([2, 3], [3], { mode: "none" }));

section("XLA", "equal ranks: degenerate dims; different ranks: broadcastDimensions maps the lower rank's axes");
show("+", [2, 3], [3], { mode: "xla", broadcastDimensions: [1] }, () => broadcastShapes([2, 3], [3], { mode: "xla", broadcastDimensions: [1] }));
show("+", [3, 3], [3], { mode: "xla", broadcastDimensions: [0] }, () => broadcastShapes([3, 3], [3], { mode: "xla", broadcastDimensions: [0] }));
show("+", [2, 3, 4], [3, 4], { mode: "xla", broadcastDimensions: [1, 2] }, () =>
  broadcastShapes([2, 3, 4], [3, 4], { mode: "xla", broadcastDimensions: [1, 2] }),
);
show("+", [4], [1, 2], { mode: "xla", broadcastDimensions: [0] }, () => broadcastShapes([4], [1, 2], { mode: "xla", broadcastDimensions: [0] }));
show("+", [1, 2], [4, 3, 1], { mode: "xla", broadcastDimensions: [1, 2] }, () =>
  broadcastShapes([1, 2], [4, 3, 1], { mode: "xla", broadcastDimensions: [1, 2] }),
);
show("+", [2, 1], [1, 3], { mode: "xla" }, () => broadcastShapes([2, 1], [1, 3], { mode: "xla" }));
// @ts-expect-error -- ranks differ and no broadcastDimensions: the fix lists the valid ones
show("+", [3, 3], [3], { mode: "xla" }, () => broadcastShapes([3, 3], [3], { mode: "xla" }));
// @ts-expect-error -- axis 0 has 2 vs 3
show("+", [2, 3], [3], { mode: "xla", broadcastDimensions: [0] }, () => broadcastShapes([2, 3], [3], { mode: "xla", broadcastDimensions: [0] }));
show("+", [2, 3, 4, 5], [4, 3], { mode: "xla", broadcastDimensions: [2, 1] }, () =>
  // @ts-expect-error -- not strictly increasing
  broadcastShapes([2, 3, 4, 5], [4, 3], { mode: "xla", broadcastDimensions: [2, 1] }),
);

section("PDPD (OpenVINO, PaddlePaddle's axis)", "only b onto a, b's trailing 1s ignored, aligned at axis (-1: from the right)");
show("+", [2, 3, 4, 5], [3, 4], { mode: "pdpd", axis: 1 }, () => broadcastShapes([2, 3, 4, 5], [3, 4], { mode: "pdpd", axis: 1 }));
show("+", [2, 3, 4, 5], [3, 1], { mode: "pdpd", axis: 1 }, () => broadcastShapes([2, 3, 4, 5], [3, 1], { mode: "pdpd", axis: 1 }));
show("+", [2, 3, 4, 5], [4, 5], { mode: "pdpd" }, () => broadcastShapes([2, 3, 4, 5], [4, 5], { mode: "pdpd" }));
show("+", [2, 3, 4, 5], [1, 3], { mode: "pdpd", axis: 0 }, () => broadcastShapes([2, 3, 4, 5], [1, 3], { mode: "pdpd", axis: 0 }));
// @ts-expect-error -- only b onto a: a's axis 1 (size 1) vs 7
show("+", [8, 1, 6, 1], [7, 1, 5], { mode: "pdpd", axis: 1 }, () => broadcastShapes([8, 1, 6, 1], [7, 1, 5], { mode: "pdpd", axis: 1 }));
// @ts-expect-error -- the fix names the axis that works
show("+", [2, 3, 4, 5], [4, 5], { mode: "pdpd", axis: 1 }, () => broadcastShapes([2, 3, 4, 5], [4, 5], { mode: "pdpd", axis: 1 }));

section("Broadcast to a target shape (OpenVINO Broadcast)", "numpy: one way, the result is the target; bidirectional: input * ones(target); explicit: axesMapping");
show("to", [3, 1], [2, 3, 4], undefined, () => broadcastToShape([3, 1], [2, 3, 4]));
// @ts-expect-error -- one way only; explicit mode with axesMapping [0] would fit
show("to", [3], [3, 4], undefined, () => broadcastToShape([3], [3, 4]));
show("to", [5], [1], { mode: "bidirectional" }, () => broadcastToShape([5], [1], { mode: "bidirectional" }));
show("to", [3, 4], [], { mode: "bidirectional" }, () => broadcastToShape([3, 4], [], { mode: "bidirectional" }));
show("to", [3, 1], [2, 1, 6], { mode: "bidirectional" }, () => broadcastToShape([3, 1], [2, 1, 6], { mode: "bidirectional" }));
show("to", [3], [3, 4], { mode: "explicit", axesMapping: [0] }, () => broadcastToShape([3], [3, 4], { mode: "explicit", axesMapping: [0] }));
// @ts-expect-error -- axis 1 has 3 vs 4; the fix lists the mapping that works
show("to", [3], [3, 4], { mode: "explicit", axesMapping: [1] }, () => broadcastToShape([3], [3, 4], { mode: "explicit", axesMapping: [1] }));

section("Bad input", "sizes must be non-negative integers: a RangeError with the same text as the compile error");
// @ts-expect-error -- size -1 at axis 1 of a
show("+", [2, -1], [3], undefined, () => broadcastShapes([2, -1], [3]));

console.log(`\n${dim("More: README.md, docs/broadcasting.md; the type-level twins of these calls are in test-d/.")}`);
