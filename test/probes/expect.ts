/**
 * What a probe may end in, and the checks on a result. Loaded both by the
 * child process that runs the probes (it judges each outcome where the value
 * lives, so a huge result never crosses the pipe) and by the vitest file (for
 * the names and the expected outcome in a failure message).
 */

/** Prefix of the lines a probe process writes to the runner. */
export const MARK = "@@probe ";

export type ErrorClass = "TypeError" | "RangeError" | "ShapeError";

/** A library error: one of `classes`, its message starting with `op:` (or `op (mode):`) and matching `fragment`. */
export interface ErrorExpectation {
  readonly classes: readonly ErrorClass[];
  readonly op: string;
  readonly fragment?: RegExp;
}

/** A result, judged by `check` (undefined when it is right, else what is wrong). */
export interface ResultExpectation {
  readonly describe: string;
  readonly check: (value: unknown) => string | undefined;
}

/** At least one of the two; with both, either outcome passes. */
export interface Expectation {
  readonly error?: ErrorExpectation;
  readonly result?: ResultExpectation;
}

export interface Probe {
  /** The input as code; the child evaluates exactly this text with the library's exports in scope. */
  readonly code: string;
  readonly expect: Expectation;
  /** Time limit for this probe in milliseconds (the runner's default otherwise). */
  readonly timeoutMs?: number;
}

/** The message of every limit error names the limit. */
export const LIMIT = /2147483647|2\^31|2 \*\* 31/;
/** ... and of every rank error the rank limit. */
export const RANK = /\b64\b/;

export const rangeError = (op: string, fragment?: RegExp): Expectation => ({ error: { classes: ["RangeError"], op, ...(fragment ? { fragment } : {}) } });
export const typeError = (op: string, fragment?: RegExp): Expectation => ({ error: { classes: ["TypeError"], op, ...(fragment ? { fragment } : {}) } });
export const shapeError = (op: string, fragment?: RegExp): Expectation => ({ error: { classes: ["ShapeError"], op, ...(fragment ? { fragment } : {}) } });
/** An argument of the wrong kind or value, where the contract leaves the order of the two checks open. */
export const typeOrRangeError = (op: string): Expectation => ({ error: { classes: ["TypeError", "RangeError"], op } });
export const anyError = (op: string): Expectation => ({ error: { classes: ["TypeError", "RangeError", "ShapeError"], op } });

export const result = (describe: string, check: (value: unknown) => string | undefined): Expectation => ({ result: { describe, check } });
/** A correct result, or else a library error: for inputs whose correct result is huge. */
export const resultOrError = (ok: Expectation, error: Expectation): Expectation => ({ ...ok, ...error });

// ---------------------------------------------------------------------------
// Checks
// ---------------------------------------------------------------------------

interface TensorLike {
  readonly shape: readonly number[];
  readonly dtype: string;
  readonly size: number;
  get(...indices: number[]): number | boolean;
}

const isTensor = (value: unknown): value is TensorLike =>
  typeof value === "object" && value !== null && Array.isArray((value as TensorLike).shape) && typeof (value as TensorLike).dtype === "string";

const sameList = (a: readonly unknown[], b: readonly unknown[]): boolean => a.length === b.length && a.every((x, i) => Object.is(x, b[i]) || x === b[i]);

/** A short text for any value, safe for huge arrays and strings. */
export function show(value: unknown): string {
  if (isTensor(value)) return `Tensor(shape=[${value.shape.join(", ")}], dtype=${value.dtype})`;
  if (typeof value === "string") return value.length > 300 ? `${JSON.stringify(value.slice(0, 300))}... (${value.length} chars)` : JSON.stringify(value);
  if (Array.isArray(value)) return `an array of length ${value.length}${value.length > 0 ? `, first ${show(value[0])}` : ""}`;
  return String(value);
}

/** A tensor of exactly `shape` (and `dtype`); `at` lists [indices, value] pairs to read back. */
export const tensorOf = (shape: readonly number[], dtype = "float32", at: readonly (readonly [readonly number[], number | boolean])[] = []): Expectation =>
  result(`a ${dtype} tensor of shape [${shape.join(", ")}]`, (value) => {
    if (!isTensor(value)) return `not a tensor: ${show(value)}`;
    if (!sameList(value.shape, shape)) return `shape [${value.shape.join(", ")}]`;
    if (value.dtype !== dtype) return `dtype ${value.dtype}`;
    for (const [indices, expected] of at) {
      const got = value.get(...indices);
      if (!Object.is(got, expected)) return `element [${indices.join(", ")}] is ${String(got)}, not ${String(expected)}`;
    }
    return undefined;
  });

/** An array of `length` entries, each passing `item` (checked on the first and the last only). */
export const arrayOf = (length: number, describe: string, item: (value: unknown) => string | undefined): Expectation =>
  result(`an array of ${length} ${describe}`, (value) => {
    if (!Array.isArray(value)) return `not an array: ${show(value)}`;
    if (value.length !== length) return `length ${value.length}`;
    for (const i of length === 0 ? [] : [0, length - 1]) {
      const problem = item(value[i]);
      if (problem !== undefined) return `entry ${i}: ${problem}`;
    }
    return undefined;
  });

export const exactly = (expected: unknown): Expectation =>
  result(show(expected), (value) => (Object.is(value, expected) ? undefined : `expected ${show(expected)}`));

/** A string that `test` accepts (returns a problem or undefined). */
export const text = (describe: string, test: (value: string) => string | undefined): Expectation =>
  result(describe, (value) => (typeof value === "string" ? test(value) : `not a string: ${show(value)}`));

export const describeExpectation = (expect: Expectation): string => {
  const parts: string[] = [];
  if (expect.error) {
    const { classes, op, fragment } = expect.error;
    parts.push(`${classes.join(" or ")} "${op}: ..."${fragment ? ` matching ${String(fragment)}` : ""}`);
  }
  if (expect.result) parts.push(expect.result.describe);
  return parts.join(", or ");
};

/** The class a thrown value counts as: ShapeError by name, then the built-in classes. */
export function classOf(error: unknown): string {
  if (error instanceof Error) {
    if (error.name === "ShapeError") return "ShapeError";
    return error.constructor.name;
  }
  return `a thrown ${typeof error}`;
}

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Does the thrown value meet the error expectation? A problem, or undefined. */
export function judgeError(expect: ErrorExpectation, error: unknown): string | undefined {
  const cls = classOf(error);
  const message = error instanceof Error ? error.message : String(error);
  if (!(expect.classes as readonly string[]).includes(cls)) return `wrong class ${cls}`;
  if (!new RegExp(`^${escape(expect.op)}( \\([a-z]+\\))?: `).test(message)) return `message does not start with "${expect.op}:"`;
  if (expect.fragment && !expect.fragment.test(message)) return `message does not match ${String(expect.fragment)}`;
  return undefined;
}
