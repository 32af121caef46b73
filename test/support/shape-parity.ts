/**
 * The parity property between what the compiler gives for an op call and what
 * the runtime does with the same sizes (test/support/op-cases.ts renders and
 * runs the calls, test/support/calls.ts reads the compiler's answers):
 *
 * - sizes all literal: a fit has exactly the runtime's shapes and no error; a
 *   runtime error is a compile error carrying the runtime's message;
 * - some sizes `number` or `Dim`: every literal size of the result is the
 *   runtime's, a `Dim<"nK">` stands where the runtime has K, and where the
 *   runtime size follows a `Dim` through every value it may take (the size
 *   passes through unchanged) the result says that `Dim`; a runtime error is
 *   a compile error or a result with an unknown size;
 * - never a `never` size or an unreadable type.
 */
import { type CallResult, type ShapesType, type SizeType } from "./calls.js";
import { allLiteral, dimName, type OpCase, type Resize, resized, runCase, type RuntimeResult, ShapeArg, sizedArgs, TensorArg } from "./op-cases.js";

/**
 * Moves of the sizes the types do not know, to see which result sizes follow a
 * `Dim`: every `Dim` moved (by an amount that grows with its size, so a sum of
 * one `Dim` and a literal never follows another `Dim`), `number` sizes kept or moved too.
 */
const MOVES: readonly Resize[] = [
  (size, kind) => (kind === "dim" ? 2 * size + 11 : size),
  (size, kind) => (kind === "dim" ? 3 * size + 23 : size),
  (size, kind) => (kind === "dim" ? 2 * size + 11 : kind === "number" ? size + 5 : size),
];

/** Tensors above this many elements are not made for a move (a moved size grows every axis it names). */
const MAX_MOVED_ELEMENTS = 200_000;

const elements = (sizes: readonly number[]) => sizes.reduce((product, size) => product * size, 1);

/** The runtime's result for the case with its unknown sizes moved; undefined when the tensors would be too large. */
const runMoved = (c: OpCase, resize: Resize): RuntimeResult | undefined =>
  sizedArgs(c).some((arg) => arg instanceof TensorArg && elements(resized(arg, resize)) > MAX_MOVED_ELEMENTS) ? undefined : runCase(c, resize);

const isUnknown = (size: SizeType): boolean => size === "number" || (typeof size === "object" && "dim" in size);

export const hasUnknown = (type: ShapesType): boolean => "unknownRank" in type || ("shapes" in type && type.shapes.some((shape) => shape.some(isUnknown)));

/** A size type as source text. */
export const sizeText = (size: SizeType): string =>
  typeof size === "number" ? `${size}` : size === "number" || size === "never" ? size : "dim" in size ? `Dim<"${size.dim}">` : size.other;

/** Shapes as a tuple-of-tuples type: `[[2, 3], [4, 3]]`. */
export const shapesText = (shapes: readonly (readonly SizeType[])[]): string => `[${shapes.map((shape) => `[${shape.map(sizeText).join(", ")}]`).join(", ")}]`;

/** The library messages a diagnostic quotes as string literal types (`'"concat: ..."'`). */
export const quotedMessages = (diagnostic: string): string[] =>
  [...diagnostic.matchAll(/'"((?:[^"\\]|\\.)*)"'/g)].map((match) => JSON.parse(`"${match[1]!}"`) as string);

/** The run-time sizes of the case's `Dim`s. */
const dimSizes = (c: OpCase): number[] => [
  ...new Set(sizedArgs(c).flatMap((arg) => arg.sizes.filter((_, i) => arg.kinds[i] === "dim"))),
];

/**
 * Result positions `[shape, axis, K]` whose run-time size is K, a `Dim`'s size, and
 * follows that `Dim` through every move of the unknown sizes that still fits (at
 * least one must): the size passes through unchanged.
 */
export function passThrough(c: OpCase, runtime: RuntimeResult): [number, number, number][] {
  if (!("shapes" in runtime)) return [];
  const moved = MOVES.map((move) => [move, runMoved(c, move)] as const).filter(([, r]) => r !== undefined && "shapes" in r);
  if (moved.length === 0) return [];
  const found: [number, number, number][] = [];
  for (const size of dimSizes(c)) {
    runtime.shapes.forEach((shape, j) =>
      shape.forEach((value, p) => {
        const follows = value === size && moved.every(([move, r]) => {
          const other = (r as { readonly shapes: readonly (readonly number[])[] }).shapes[j];
          return other?.length === shape.length && other[p] === move(size, "dim");
        });
        if (follows) found.push([j, p, size]);
      }),
    );
  }
  return found;
}

/** At most this many assignments of the unknown sizes are tried for a runtime error. */
const MAX_ASSIGNMENTS = 4096;

/**
 * Do some run-time values of the sizes declared `number` or `Dim` (one value per
 * `Dim` name) make the runtime fit with exactly the type's literal sizes and each
 * `Dim` at its value? Candidates: 0 to 8, the case's sizes and list entries,
 * their sums, each tensor's element count, and the type's sizes.
 */
export function someValuesFit(c: OpCase, type: ShapesType): boolean {
  if (!("shapes" in type)) return true;
  const numbers: number[] = [];
  const collect = (arg: unknown): void => {
    if (typeof arg === "number") numbers.push(arg);
    else if (arg instanceof TensorArg || arg instanceof ShapeArg) numbers.push(...arg.sizes);
    else if (Array.isArray(arg)) {
      arg.forEach(collect);
      if (arg.every((item) => typeof item === "number")) numbers.push(arg.reduce((a: number, b: number) => a + b, 0));
    } else if (typeof arg === "object" && arg !== null) Object.values(arg).forEach(collect);
  };
  c.args.forEach(collect);
  numbers.push(...sizedArgs(c).map((arg) => elements(arg.sizes)));
  numbers.push(...type.shapes.flat().filter((size): size is number => typeof size === "number"));
  const candidates = [...new Set([0, 1, 2, 3, 4, 5, 6, 7, 8, ...numbers.filter((n) => Number.isSafeInteger(n) && n >= 0)])];
  // slots: one per Dim name, one per `number` size, in the order the runtime reads them
  const slots = sizedArgs(c).flatMap((arg) => arg.sizes.flatMap((size, i) => (arg.kinds[i] === "dim" ? [`dim ${size}`] : arg.kinds[i] === "number" ? [undefined] : [])));
  const keys = [...new Set(slots.map((slot, i) => slot ?? `number ${i}`))];
  const total = Math.min(MAX_ASSIGNMENTS, candidates.length ** keys.length);
  for (let n = 0; n < total; n++) {
    const value = new Map(keys.map((key, k) => [key, candidates[Math.floor(n / candidates.length ** k) % candidates.length]!]));
    let next = 0;
    const resize: Resize = (size, kind) => {
      if (kind === "literal") return size;
      const slot = slots[next];
      const key = slot ?? `number ${next}`;
      next = (next + 1) % slots.length;
      return value.get(key)!;
    };
    const r = runMoved(c, resize);
    if (r === undefined || !("shapes" in r)) continue;
    const dimValue = (name: string) => value.get(`dim ${name.slice(1)}`);
    const matches = r.shapes.length === type.shapes.length && type.shapes.every((shape, j) =>
      shape.length === r.shapes[j]!.length && shape.every((size, p) =>
        typeof size === "number" ? size === r.shapes[j]![p] : typeof size === "object" && "dim" in size ? dimValue(size.dim) === r.shapes[j]![p] : true,
      ),
    );
    if (matches) return true;
  }
  return false;
}

/** What is wrong with the compiler's answer for `c` given the runtime's (nothing: `[]`). */
export function judge(c: OpCase, runtime: RuntimeResult, result: CallResult): string[] {
  const problems: string[] = [];
  const { type, diagnostics } = result;
  if ("other" in type) problems.push(`unreadable result type ${type.other}`);
  if ("shapes" in type) {
    for (const size of type.shapes.flat()) {
      if (size === "never") problems.push("a never size");
      else if (typeof size === "object" && "other" in size) problems.push(`an unreadable size ${size.other}`);
    }
  }
  if (diagnostics.some((d) => d.startsWith("TS2589"))) problems.push("TS2589");
  const literal = allLiteral(c);

  if ("error" in runtime) {
    if (literal) {
      if (!diagnostics.some((d) => quotedMessages(d).includes(runtime.error))) problems.push(`no compile error with the runtime's message ${JSON.stringify(runtime.error)}`);
    } else if (c.op === "reshape" && runtime.error.includes(" elements ")) {
      // an element count with an unknown factor is checked at run time (README, reshape): the
      // types do not search for a value of the unknown sizes that would make the counts agree
    } else if (diagnostics.length === 0 && !someValuesFit(c, type)) {
      // `number` with 7 gives 7, checked at run time (docs/broadcasting.md §4): a result is
      // allowed when some values of the unknown sizes give it, and only then
      problems.push(`the runtime throws ${JSON.stringify(runtime.error)}, and no values of the unknown sizes give the type's ${"shapes" in type ? shapesText(type.shapes) : ""}`);
    }
    return problems;
  }

  if (diagnostics.length > 0) {
    // a Dim is equal only to itself (docs/broadcasting.md §4): it may be refused next to a literal of its value
    const names = dimSizes(c).map(dimName);
    const namesDim = diagnostics.some((d) => quotedMessages(d).some((message) => names.some((name) => new RegExp(`\\b${name}\\b`).test(message))));
    if (literal || !namesDim) problems.push(`a compile error where the runtime fits: ${diagnostics.join(" | ").slice(0, 600)}`);
    return problems;
  }
  if ("unknownRank" in type) {
    if (literal) problems.push("an unknown rank for literal sizes");
    return problems;
  }
  if (!("shapes" in type)) return problems;
  if (type.shapes.length !== runtime.shapes.length || type.shapes.some((shape, j) => shape.length !== runtime.shapes[j]!.length)) {
    problems.push(`shapes ${shapesText(type.shapes)} vs the runtime's ${JSON.stringify(runtime.shapes)}`);
    return problems;
  }
  type.shapes.forEach((shape, j) =>
    shape.forEach((size, p) => {
      const actual = runtime.shapes[j]![p]!;
      if (typeof size === "number" && size !== actual) problems.push(`size ${size} at [${j}][${p}] where the runtime has ${actual}`);
      if (typeof size === "object" && "dim" in size && size.dim !== dimName(actual)) problems.push(`Dim<"${size.dim}"> at [${j}][${p}] where the runtime has ${actual}`);
      if (literal && isUnknown(size)) problems.push(`an unknown size at [${j}][${p}] for literal sizes (runtime ${actual})`);
    }),
  );
  for (const [j, p, size] of passThrough(c, runtime)) {
    const at = type.shapes[j]![p]!;
    if (!(typeof at === "object" && "dim" in at && at.dim === dimName(size))) {
      problems.push(`[${j}][${p}] passes Dim<"${dimName(size)}"> through unchanged but the type says ${sizeText(at)}`);
    }
  }
  return problems;
}

/** What a case's line must show under another compiler: these shapes, a dynamic rank and no error, or an error (with this message, when known). */
export type Expectation =
  | { readonly shapes: readonly (readonly SizeType[])[] }
  | { readonly unknownRank: true }
  | { readonly error: string | undefined };

/** The header of an assertion file: imports and the helpers its lines use. */
export const assertionHeader = (imports: string): string =>
  [
    imports,
    // mutual assignability: exact on tuples of sizes (a literal, `number` and a `Dim` are each assignable only
    // to what they are, or to `number`, one way), and blind to how a compiler spells an intersection inside a mapped tuple
    "type Equal<X, Y> = [X] extends [Y] ? ([Y] extends [X] ? true : false) : false;",
    "type Expect<T extends true> = T;",
    "type ShapesOf<T> = T extends Tensor ? [T[\"shape\"]] : T extends { values: Tensor; indices: Tensor } ? [T[\"values\"][\"shape\"], T[\"indices\"][\"shape\"]] : T extends readonly Tensor[] ? { -readonly [K in keyof T]: T[K] extends Tensor ? T[K][\"shape\"] : never } : [T];",
  ].join("\n");

/** A case's line with its assertion: the rendered call, then the expected shapes on the same line. */
export const assertionLine = (rendered: string, name: string, expected: Expectation): string =>
  "shapes" in expected ? `${rendered} export type C_${name} = Expect<Equal<ShapesOf<typeof ${name}>, ${shapesText(expected.shapes)}>>;` : rendered;

/** What is wrong with another compiler's diagnostics on a case's line. */
export function judgeLine(expected: Expectation, diagnostics: readonly string[]): string | undefined {
  if (diagnostics.some((d) => d.startsWith("TS2589"))) return `TS2589: ${diagnostics.join(" | ").slice(0, 300)}`;
  if ("shapes" in expected) return diagnostics.length === 0 ? undefined : `expected ${shapesText(expected.shapes)}: ${diagnostics.join(" | ").slice(0, 600)}`;
  if ("unknownRank" in expected) return diagnostics.length === 0 ? undefined : `expected no error: ${diagnostics.join(" | ").slice(0, 600)}`;
  if (diagnostics.length === 0) return "expected a compile error, got none";
  if (expected.error !== undefined && !diagnostics.some((d) => quotedMessages(d).includes(expected.error!))) {
    return `expected the message ${JSON.stringify(expected.error)}: ${diagnostics.join(" | ").slice(0, 600)}`;
  }
  return undefined;
}
