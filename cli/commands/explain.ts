/**
 * `shapecast explain <shapeA> <shapeB> [--mode numpy|none|xla|pdpd] [--dims 0,1] [--axis N] [--json]`:
 * how two shapes broadcast under a mode, with no project. Prints the aligned
 * picture (cli/diagram.ts), then the result or the library's own error
 * message (the runtime's `broadcastShapes` decides, so the text is the one
 * the compiler and `ShapeError` show), the failing axis marked, and in xla
 * mode every valid `broadcastDimensions`, each tried with the runtime.
 * Exit 0 when the shapes fit, 1 when they do not, 2 on bad arguments.
 */
import { parseArgs } from "node:util";
import { broadcastShapes, ShapeError, showShape, type BroadcastSpec } from "shapecast";
import type { Command } from "../command.js";
import { broadcastPicture, renderPicture } from "../diagram.js";
import { EXIT, UsageError } from "../errors.js";
import { type Io, paint } from "../io.js";

const MODES = ["numpy", "none", "xla", "pdpd"] as const;
type Mode = (typeof MODES)[number];

/** The most `broadcastDimensions` candidates tried; C(high rank, low rank) stays far below it up to rank 16. */
export const XLA_CANDIDATE_CAP = 100_000;

const HOW_TO_WRITE = "write a shape as 2,3,4 or [2, 3, 4] or 2x3x4, and a scalar as [] or scalar";

/**
 * A shape as a person types it: `2,3,4`, `[2, 3, 4]`, `(2, 3, 4)`, `2x3x4`,
 * `2×3×4`; `[]`, `()` or `scalar` for rank 0. `name` says which argument is wrong.
 */
export function parseShape(name: string, text: string): number[] {
  const trimmed = text.trim();
  const inner = /^\[.*\]$|^\(.*\)$/s.test(trimmed) ? trimmed.slice(1, -1).trim() : trimmed;
  if (inner === "" || inner.toLowerCase() === "scalar") return [];
  const parts = inner.split(/\s*[,x×*]\s*|\s+/);
  return parts.map((part) => {
    if (!/^\d+$/.test(part)) {
      throw new UsageError(
        part === ""
          ? `${name} "${text}" is not a shape: an empty size; ${HOW_TO_WRITE}`
          : `${name} "${text}" is not a shape: "${part}" is not a size (a non-negative integer); ${HOW_TO_WRITE}`,
      );
    }
    const size = Number(part);
    if (!Number.isSafeInteger(size)) throw new UsageError(`${name} "${text}": size ${part} is above 2^53 - 1`);
    return size;
  });
}

/** `--dims 0,1`, `--dims [0, 1]`, `--dims []`: integers (the runtime says which entries are not axes). */
function parseDims(text: string): number[] {
  const trimmed = text.trim();
  const inner = /^\[.*\]$|^\(.*\)$/s.test(trimmed) ? trimmed.slice(1, -1).trim() : trimmed;
  if (inner === "") return [];
  return inner.split(/\s*,\s*|\s+/).map((part) => {
    if (!/^-?\d+$/.test(part)) throw new UsageError(`--dims "${text}": "${part}" is not an axis; write the axes as 0,1 or [0, 1]`);
    return Number(part);
  });
}

function parseAxis(text: string): number {
  if (!/^-?\d+$/.test(text.trim())) throw new UsageError(`--axis "${text}" is not an integer axis`);
  return Number(text);
}

/**
 * The two shape arguments from the positionals. Shapes typed unquoted with
 * spaces (`[2, 3] [3]` arrives as `[2,` `3]` `[3]`) are put back together.
 */
function shapeArguments(positionals: readonly string[]): [string, string] {
  const text = positionals.join(" ").replace(/\s*,\s*/g, ",").replace(/\s*[x×]\s*(?=\d)/g, "x");
  const tokens = text.match(/\[[^\]]*\]?|\([^)]*\)?|[^\s[\]()]+/g) ?? [];
  if (tokens.length !== 2) {
    throw new UsageError(
      tokens.length < 2
        ? `expected two shapes, got ${tokens.length === 0 ? "none" : `only ${tokens[0]}`}`
        : `expected two shapes, got ${tokens.length}: ${tokens.join(" ")} (quote a shape that has spaces)`,
    );
  }
  return [tokens[0]!, tokens[1]!];
}

/** `--axis -1`: parseArgs reads a value starting with a dash as an option, so join it as `--axis=-1`. */
const joinNegativeValues = (args: readonly string[]): string[] => {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const next = args[i + 1];
    if ((arg === "--axis" || arg === "--dims") && next !== undefined && /^-\d/.test(next)) {
      out.push(`${arg}=${next}`);
      i++;
    } else out.push(arg);
  }
  return out;
};

const RULES: Record<Mode, string> = {
  numpy: "numpy: the shapes align on the right; per axis the sizes are equal or one of them is 1",
  none: "none: the shapes must be identical, rank included",
  xla: "xla: the lower-rank operand's axes go where broadcastDimensions say; then per axis equal sizes or a 1",
  pdpd: "pdpd: b (trailing 1s dropped) lies on a from axis (-1: aligned on the right); each of b's sizes equals a's or is 1",
};

/** One outcome of the runtime: the result shape, or its ShapeError. */
type Outcome = { readonly result: number[] } | { readonly error: ShapeError };

function run(a: readonly number[], b: readonly number[], spec: BroadcastSpec): Outcome {
  try {
    return { result: broadcastShapes(a as number[], b as number[], spec) as number[] };
  } catch (error) {
    if (error instanceof ShapeError) return { error };
    // RangeError / TypeError: input the runtime refuses (a size too large to hold, say)
    throw new UsageError((error as Error).message);
  }
}

/** Every strictly increasing tuple of `length` axes out of `rank`, in lexicographic order; stops after `cap`. */
function* increasingTuples(length: number, rank: number, cap: number): Generator<number[]> {
  const tuple = Array.from({ length }, (_, i) => i);
  let emitted = 0;
  if (length > rank) return;
  while (emitted < cap) {
    yield [...tuple];
    emitted++;
    let i = length - 1;
    while (i >= 0 && tuple[i] === rank - length + i) i--;
    if (i < 0) return;
    tuple[i]!++;
    for (let j = i + 1; j < length; j++) tuple[j] = tuple[j - 1]! + 1;
  }
}

const choose = (n: number, k: number): number => {
  let result = 1;
  for (let i = 1; i <= k; i++) result = (result * (n - k + i)) / i;
  return Math.round(result);
};

interface XlaChoices {
  /** Why no list applies (equal ranks, a scalar operand), or undefined when ranks differ. */
  readonly none?: string;
  readonly valid: { readonly dims: number[]; readonly result: number[] }[];
  readonly tried: number;
  readonly total: number;
}

/** In xla mode, every `broadcastDimensions` under which the runtime accepts the shapes. */
function xlaChoices(a: readonly number[], b: readonly number[]): XlaChoices {
  if (a.length === b.length) {
    const outcome = run(a, b, { mode: "xla" });
    const identity = a.map((_, i) => i);
    return {
      none: `equal ranks: broadcastDimensions must be omitted, [] or the identity ${showShape(identity)}`,
      valid: "result" in outcome ? [{ dims: identity, result: outcome.result }] : [],
      tried: 1,
      total: 1,
    };
  }
  if (a.length === 0 || b.length === 0) {
    return { none: "a scalar operand broadcasts to the other with no broadcastDimensions", valid: [], tried: 0, total: 0 };
  }
  const low = Math.min(a.length, b.length);
  const high = Math.max(a.length, b.length);
  const valid: { dims: number[]; result: number[] }[] = [];
  let tried = 0;
  for (const dims of increasingTuples(low, high, XLA_CANDIDATE_CAP)) {
    tried++;
    const outcome = run(a, b, { mode: "xla", broadcastDimensions: dims });
    if ("result" in outcome) valid.push({ dims, result: outcome.result });
  }
  return { valid, tried, total: choose(high, low) };
}

export const explain: Command = {
  name: "explain",
  usage: "shapecast explain <shapeA> <shapeB> [--mode numpy|none|xla|pdpd] [--dims 0,1] [--axis N] [--json]",
  summary: "how two shapes broadcast under a mode: the aligned axes, the result or the error, valid xla broadcastDimensions",
  help: [
    "options:",
    "  <shapeA> <shapeB>     shapes as 2,3,4 or [2, 3, 4] or 2x3x4; a scalar as [] or scalar",
    "  -m, --mode <mode>     numpy (default), none, xla or pdpd",
    "  --dims <0,1,...>      xla broadcastDimensions (implies --mode xla)",
    "  --axis <N>            pdpd axis, -1 for the default alignment (implies --mode pdpd)",
    "  --json                the result or the error's fields, and for xla every valid broadcastDimensions",
    "",
    "exit: 0 the shapes broadcast, 1 they do not, 2 bad input",
    "",
    "examples:",
    "  shapecast explain 8,1,6,1 7,1,5",
    "  shapecast explain 2,3,4,5 3,4 --mode xla",
    "  shapecast explain \"[2, 3, 4, 5]\" \"[3, 1]\" --axis 1",
  ].join("\n"),
  async run(args: string[], io: Io): Promise<number> {
    const { values, positionals } = parseArgs({
      args: joinNegativeValues(args),
      options: {
        mode: { type: "string", short: "m" },
        dims: { type: "string" },
        axis: { type: "string" },
        json: { type: "boolean" },
      },
      allowPositionals: true,
      strict: true,
    });
    const [textA, textB] = shapeArguments(positionals);
    const a = parseShape("shapeA", textA);
    const b = parseShape("shapeB", textB);

    // --dims alone means xla, --axis alone means pdpd
    const mode = (values.mode ?? (values.dims !== undefined ? "xla" : values.axis !== undefined ? "pdpd" : "numpy")) as Mode;
    if (!MODES.includes(mode)) throw new UsageError(`--mode ${values.mode}: not a mode (use numpy, none, xla or pdpd)`);
    if (values.dims !== undefined && mode !== "xla") throw new UsageError(`--dims (broadcastDimensions) applies to --mode xla, not ${mode}`);
    if (values.axis !== undefined && mode !== "pdpd") throw new UsageError(`--axis applies to --mode pdpd, not ${mode}`);
    const dims = values.dims === undefined ? undefined : parseDims(values.dims);
    const axis = values.axis === undefined ? undefined : parseAxis(values.axis);
    const spec: BroadcastSpec =
      mode === "xla" ? (dims === undefined ? { mode } : { mode, broadcastDimensions: dims })
      : mode === "pdpd" ? (axis === undefined ? { mode } : { mode, axis })
      : { mode };

    const outcome = run(a, b, spec);
    const choices = mode === "xla" ? xlaChoices(a, b) : undefined;
    const fits = "result" in outcome;

    if (values.json === true) {
      const error = "error" in outcome ? outcome.error : undefined;
      io.out(`${JSON.stringify(
        {
          a,
          b,
          mode,
          ...(dims === undefined ? {} : { broadcastDimensions: dims }),
          ...(axis === undefined ? {} : { axis }),
          fits,
          ...(fits ? { result: outcome.result } : {}),
          ...(error === undefined ? {} : {
            error: { message: error.message, code: error.code, axis: error.axis, sizes: error.sizes, fix: error.fix },
          }),
          ...(choices === undefined ? {} : {
            validBroadcastDimensions: choices.valid,
            ...(choices.tried < choices.total ? { candidatesTried: choices.tried, candidates: choices.total } : {}),
          }),
        },
        null,
        2,
      )}\n`);
      return fits ? EXIT.ok : EXIT.findings;
    }

    const color = io.colorOut;
    const picture = broadcastPicture({
      a: a.map(String),
      b: b.map(String),
      placement: { mode, dims, axis },
      result: fits ? outcome.result.map(String) : undefined,
      failedAxis: fits ? undefined : outcome.error.axis,
    });
    const lines: string[] = [`mode ${RULES[mode]}`, "", renderPicture(picture, color, "  ")];
    lines.push(fits ? `${paint(color, "green", "fits")}: ${showShape(outcome.result)}` : `${paint(color, "red", "error")}: ${outcome.error.message}`);
    if (choices !== undefined) {
      lines.push("");
      if (choices.none !== undefined) {
        lines.push(choices.none);
      } else {
        const tried = choices.tried < choices.total ? ` (tried the first ${choices.tried} of ${choices.total} placements)` : ` (of ${choices.total} placements)`;
        if (choices.valid.length === 0) {
          lines.push(`no broadcastDimensions fit${tried}`);
        } else {
          lines.push(`valid broadcastDimensions, ${choices.valid.length}${tried}:`);
          const width = Math.max(...choices.valid.map((choice) => showShape(choice.dims).length));
          for (const choice of choices.valid) lines.push(`  ${showShape(choice.dims).padEnd(width)}  -> ${showShape(choice.result)}`);
        }
      }
    }
    io.out(`${lines.join("\n")}\n`);
    return fits ? EXIT.ok : EXIT.findings;
  },
};
